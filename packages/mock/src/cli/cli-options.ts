// The command line of thumbnail-api-mock, parsed and checked.
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { COVERAGE_DIR_VARIABLE } from '@thumbnail-api/spec/profile';
import { nearestOf } from '../assembly/options.js';
import { CONTROL_ROUTES } from '../control/control-routes.js';
import { allowedHostsOf } from '../http/allowed-hosts.js';
import { corsPolicy } from '../pipeline/cors.js';
import { parseRequiredCoverage, type RequiredCoverage } from './required-coverage.js';

export const usage = `Usage: npx @thumbnail-api/mock [options] [-- <command> [args...]]
       npx @thumbnail-api/mock propose <dir> [--spec <file>]
       npx @thumbnail-api/mock coverage <dir> [--require-coverage <...>] [--coverage-report <file>] [--spec <file>]
       npx @thumbnail-api/mock health [--url <base-url>]      (exit 0 when the mock answers)
In a project's npm scripts the command is its bin, thumbnail-api-mock; the container image and the single
executable take the same arguments.

Serves the Thumbnail Generation Service API contract (bundled in this package).

Options:
  --host <host>          Interface to listen on (default 127.0.0.1)
  --port <port>          Port to listen on (default 4010; 0 picks a free port)
  --keys <file.json>     Key registry: {"<key>": "ok" | "unauthorized" | "forbidden", ...}.
                         Listed keys get the response, the documented 401 or the documented 403;
                         keys not listed get the 401. Without it any non-empty key is accepted.
  --spec <file>          Serve another bundled OpenAPI 3 file instead of the bundled contract
  --cors-origin <origin> Let only this origin call the mock from a browser (repeat it for more);
                         by default every origin may, with credentials (the origin is reflected).
                         Only origins named here may also drive /__mock from a browser
  --allowed-host <name>  Also answer requests whose Host is <name> (repeat it for more; .<name> for
                         its subdomains too), e.g. a CI service's or a container's name. By default
                         only IP addresses, localhost and *.localhost are answered (DNS rebinding)
  --rules <file.json>    Rules in force from the start: a JSON array, as POST /__mock/rules takes them
  --journal-size <n>     How many requests the journal keeps (default 1000; 0 turns it off)
  --no-control           No control surface: /__mock is then an unknown path like any other
  --require-key          For a mock test files share: refuse rules without a "key", and clearing
                         or resetting every key at once (scope each with ?key=, or forKey(key))
  --proxy <base-url>     Contract proxy: forward every request to the real service unchanged and
                         report each request and response that breaks the contract (it needs
                         Prism, an optional peer dependency: the error names the npm install)
  --fail-on-violation    With --proxy: exit with code 1 if any exchange broke the contract
  --record <dir>         With --proxy: write each exchange to its own JSON file in <dir>; keys,
                         Authorization and cookies (and any value holding them) never reach disk
  --redact <pointer>     With --record: blank this body field on disk, e.g. /prompt or
                         /items/*/prompt (repeat it for more)
  --replay <dir>         Answer documented operations from recordings made with --record (after
                         the key registry and the rules); npx @thumbnail-api/mock propose <dir> prints
                         what the contract could add from them, as an OpenAPI Overlay
  --coverage-report <file>
                         At exit, write what the requests exercised of the contract as JSON: per
                         operation, each documented outcome (each status, 401 and 403 by each way
                         of sending the key, the refusals of an invalid body) and each simulated
                         one, with how many requests saw it (GET /__mock/coverage gives the same);
                         with -- <command>, added up with every mock the command starts (below)
  --require-coverage <all|client|operation[:outcome],...>
                         With -- <command>: exit 1 naming each outcome the run's requests never
                         exercised. client: what a well-behaved client can meet (each documented
                         status to a request it sends, 401 and 403 to the key in the contract's
                         preferred form, each fault); all: every documented outcome, also those
                         only raw requests reach (no key, another form of the key, a body that is
                         not JSON, 413, 415, 422); or a list, e.g. createThumbnail (each of its
                         documented outcomes),listThumbnails:403,listThumbnails:fault=hang.
                         Checked at start against the contract
  --log-requests         Print a line per request on stdout (time, method, path, status, ms, and
                         the rule, fault or recording that answered)
  -h, --help             Show this help
  --version              Show the version

Every option can also come from a variable: THUMBNAIL_API_MOCK_ and the flag's name in capitals
(--journal-size 0 is THUMBNAIL_API_MOCK_JOURNAL_SIZE=0, --log-requests is THUMBNAIL_API_MOCK_LOG_REQUESTS=true);
the repeatable ones take a comma-separated list under a plural name: THUMBNAIL_API_MOCK_ALLOWED_HOSTS=mock,api,
THUMBNAIL_API_MOCK_CORS_ORIGINS, THUMBNAIL_API_MOCK_REDACT. A flag given on the command line wins.

How a request to a documented operation is answered, in this order (the first check that decides
answers; the README's "The order of checks" tells the same four):
  1. Authentication, before the body is read: no key, a key the registry does not list or an
     "unauthorized" key gets the documented 401, a "forbidden" key the documented 403, with an
     x-thumbnail-api-mock-note header saying which (without --keys: a missing key gets the 401).
  2. Rules a test added (see below), newest first: the first that matches answers (or delays).
  3. Prefer: code=<status> and/or example=<name> chooses a documented answer, whatever the body.
     A status or example the contract does not document gets a 400 from the mock itself
     (application/problem+json with an x-thumbnail-api-mock-error header), never a made-up
     answer. dynamic=true gets a body Prism generates from the schema (Prism is an optional
     peer dependency; without it, a 503 naming the npm install command).
  4. Validation: a body over 10 MB (413), of another media type (415), that is not JSON (400)
     or breaks the schema (422), or an Accept the answer cannot meet (406), gets the contract's
     error answer with a note saying what was wrong; anything else the documented response.
A path the contract does not document gets the mock's 404, a method it does not document the
mock's 405 with an Allow header; HEAD is answered like GET without the body.

Control surface, on the mock's own port (the contract proxy has none). ?key=<the full key> scopes a
route to that key's rules, requests and held requests (connectMock().forKey(key) sends it):
${controlRoutesHelp()}
Only your own tools drive it: a page on another origin is refused (403) unless --cors-origin names
it, a write with a body must be Content-Type: application/json (curl --json), and a Host other than
an IP address, localhost or an --allowed-host is refused on every path (DNS rebinding).
A rule: {"operationId" | "method" + "path", "key"?, "body"? (fields the JSON body must have),
  "times"?, "delayMs"?, "fault"? ("reset" | "hang" | "malformed" | "truncated"),
  "answer"?: {"status", "headers"?, "body"?}}. Its answer is checked against the contract's response
  for that status (else its "default"); a rule that could never match (a body field the request
  schema lacks, a key the registry refuses) is refused. Every answer a rule made names it in
  x-thumbnail-api-mock-rule; undocumented statuses and faults are marked with the header
  x-thumbnail-api-mock-simulated. For example:
  curl -X POST localhost:4010/__mock/rules --json '{"operationId": "listThumbnails", "times": 1,
    "answer": {"status": 503, "headers": {"retry-after": "1"}}}'
  curl 'localhost:4010/__mock/requests?operationId=createThumbnail'

With a command after --, the mock (or proxy) is started and the command is run with
THUMBNAIL_API_BASE_URL set to its URL and, when the environment has no THUMBNAIL_API_KEY, the mock
(not the proxy) sets one it accepts: the first "ok" key of --keys, or thumbnail-api-mock-key without
--keys (the client and connectMock() read both); its start line says which. Then the mock is
stopped and the command's exit code returned; when it fails, its near misses and unused rules are
printed first:
  npx @thumbnail-api/mock --port 0 --keys test/mock-keys.json -- npm test
  npx @thumbnail-api/mock --port 0 --require-coverage client -- npm test
With --coverage-report or --require-coverage, the command also gets ${COVERAGE_DIR_VARIABLE},
a folder of this run: every startMock() and createHandlers() in the command's processes (a mock per
test file, MSW handlers) writes its coverage there, and the wrapper adds it to its own mock's at the
end. Without the wrapper, set that variable yourself (e.g. in a vitest globalSetup), then run
npx @thumbnail-api/mock coverage <dir> --require-coverage client.`;

/** The control routes, one line each, from the route table: `  GET    /__mock/requests?key=        the journal: ...`. */
function controlRoutesHelp(): string {
  return CONTROL_ROUTES.map((route) => {
    const target = `${route.path.replace('{id}', '<id>')}${route.query.includes('key') ? '?key=' : ''}`;
    const filter = route.query.includes('operationId') ? ' (also ?operationId=)' : '';
    return `  ${route.method.padEnd(6)} ${target.padEnd(32)} ${route.summary}${route.answers === undefined ? '' : `: ${route.answers}`}${filter}`;
  }).join('\n');
}

/** What the command line asks for. */
export interface CliOptions {
  readonly host: string;
  readonly port: number;
  readonly keys: string | undefined;
  readonly spec: string | undefined;
  /** Origins allowed to call the mock from a browser; empty: every origin. */
  readonly corsOrigins: readonly string[];
  /** Host names answered besides IP addresses and localhost. */
  readonly allowedHosts: readonly string[];
  /** A JSON file of rules to add at start. */
  readonly rules: string | undefined;
  /** How many requests the journal keeps; `undefined`: the default. */
  readonly journalSize: number | undefined;
  /** Whether /__mock is served. */
  readonly control: boolean;
  /** Whether rules, clears and resets must name a key. */
  readonly requireKey: boolean;
  readonly proxy: string | undefined;
  readonly failOnViolation: boolean;
  /** With `proxy`: the folder to record exchanges into. */
  readonly record: string | undefined;
  /** With `record`: JSON pointers of body fields to blank. */
  readonly redact: readonly string[];
  /** A folder of recordings to answer from. */
  readonly replay: string | undefined;
  /** Where to write the coverage of the contract, as JSON, at exit. */
  readonly coverageReport: string | undefined;
  /** What the command's requests must have exercised (the wrapper exits 1 naming what they did not). */
  readonly requireCoverage: RequiredCoverage | undefined;
  /** Print a line per request on stdout. */
  readonly logRequests: boolean;
  /** The command to run against the mock, if any. */
  readonly command: readonly string[];
  readonly help: boolean;
  readonly version: boolean;
}

/** Parses the arguments; throws an Error whose message says what is wrong. */
export function parseCliOptions(argv: readonly string[]): CliOptions {
  const separator = argv.indexOf('--');
  const own = separator === -1 ? argv : argv.slice(0, separator);
  const command = separator === -1 ? [] : argv.slice(separator + 1);
  const { values, positionals } = parseFlags(own, {
    host: { type: 'string' },
    port: { type: 'string' },
    keys: { type: 'string' },
    spec: { type: 'string' },
    'cors-origin': { type: 'string', multiple: true },
    'allowed-host': { type: 'string', multiple: true },
    rules: { type: 'string' },
    'journal-size': { type: 'string' },
    'no-control': { type: 'boolean' },
    'require-key': { type: 'boolean' },
    proxy: { type: 'string' },
    'fail-on-violation': { type: 'boolean' },
    record: { type: 'string' },
    redact: { type: 'string', multiple: true },
    replay: { type: 'string' },
    'coverage-report': { type: 'string' },
    'require-coverage': { type: 'string' },
    'log-requests': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
    version: { type: 'boolean' },
  });
  if (positionals.length > 0) {
    throw new Error(`Unexpected argument ${JSON.stringify(positionals[0])}. Put a command to run after --, e.g. -- npm test.`);
  }
  if (separator !== -1 && command.length === 0) {
    throw new Error('Nothing to run after --. Give a command, e.g. -- npm test, or leave out --.');
  }
  const port = values.port === undefined ? 4010 : Number(values.port);
  if (values.port !== undefined && (!/^\d+$/.test(values.port) || port > 65535)) {
    throw new Error(`--port must be an integer from 0 to 65535, got ${JSON.stringify(values.port)}.`);
  }
  if (values.host !== undefined && values.host.trim() === '') {
    throw new Error('--host must not be empty; use 127.0.0.1 (the default) or 0.0.0.0 for all interfaces.');
  }
  if (values['fail-on-violation'] && values.proxy === undefined) {
    throw new Error('--fail-on-violation only applies with --proxy <base-url>.');
  }
  if (values.keys !== undefined && values.proxy !== undefined) {
    throw new Error('--keys does not apply with --proxy: the real service checks the keys.');
  }
  if (values['cors-origin'] !== undefined && values.proxy !== undefined) {
    throw new Error("--cors-origin does not apply with --proxy: the proxy passes the real service's answers on untouched.");
  }
  if (values.record !== undefined && values.proxy === undefined) {
    throw new Error('--record only applies with --proxy <base-url>: it records what the real service answers.');
  }
  if (values.redact !== undefined && values.record === undefined) throw new Error('--redact only applies with --record <dir>.');
  if (values.replay !== undefined && values.proxy !== undefined) {
    throw new Error('--replay does not apply with --proxy: the proxy forwards to the real service; replay the recordings with the mock.');
  }
  const journalSize = values['journal-size'] === undefined ? undefined : Number(values['journal-size']);
  if (values['journal-size'] !== undefined && !/^\d+$/.test(values['journal-size'])) {
    throw new Error(`--journal-size must be a whole number of requests (0 turns the journal off), got ${JSON.stringify(values['journal-size'])}.`);
  }
  if (values['require-coverage'] !== undefined && separator === -1) {
    throw new Error("--require-coverage only applies with -- <command>: it judges what the command's requests exercised.");
  }
  const requireCoverage = values['require-coverage'] === undefined ? undefined : parseRequiredCoverage(values['require-coverage']);
  for (const flag of ['rules', 'journal-size', 'no-control', 'require-key', 'coverage-report', 'require-coverage'] as const) {
    if (values[flag] !== undefined && values.proxy !== undefined) {
      throw new Error(`--${flag} does not apply with --proxy: the contract proxy passes every request on and has no rules, journal or control surface.`);
    }
  }
  // Checked here, so that a mistyped origin or host is a usage error.
  corsPolicy(values['cors-origin']);
  allowedHostsOf(values['allowed-host']);
  return {
    host: values.host ?? '127.0.0.1',
    port,
    keys: values.keys,
    spec: values.spec,
    corsOrigins: values['cors-origin'] ?? [],
    allowedHosts: values['allowed-host'] ?? [],
    rules: values.rules,
    journalSize,
    control: !(values['no-control'] ?? false),
    requireKey: values['require-key'] ?? false,
    proxy: values.proxy,
    failOnViolation: values['fail-on-violation'] ?? false,
    record: values.record,
    redact: values.redact ?? [],
    replay: values.replay,
    coverageReport: values['coverage-report'],
    requireCoverage,
    logRequests: values['log-requests'] ?? false,
    command,
    help: values.help ?? false,
    version: values.version ?? false,
  };
}

/** parseArgs, with an unknown flag named together with the nearest known one, as startMock() names an unknown option. */
function parseFlags<const T extends NonNullable<ParseArgsConfig['options']>>(args: readonly string[], options: T) {
  try {
    return parseArgs({ args: [...args], allowPositionals: true, options });
  } catch (error) {
    const unknown = /^Unknown option '(--?[^']+)'/.exec((error as Error).message)?.[1];
    if ((error as NodeJS.ErrnoException).code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION' || unknown === undefined) throw error;
    const nearest = nearestOf(unknown.replace(/^-+/, ''), Object.keys(options));
    throw new Error(`Unknown option '${unknown}'${nearest ? ` (did you mean --${nearest}?)` : ''}.`);
  }
}
