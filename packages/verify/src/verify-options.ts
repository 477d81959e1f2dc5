// `thumbnail-api-verify`'s command line and environment, parsed and checked before anything is sent. A bad one is
// a UsageError (exit code 2) that never repeats a value that could be a key.
import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { API_KEY_VARIABLE, FORBIDDEN_KEY_VARIABLE } from '@thumbnail-api/spec/profile';
import { POST_PROBE_KINDS, type ProbeKind } from './probe-plan.js';
import type { VerificationOptions } from './run-verification.js';

export const verifyUsage = `Usage: thumbnail-api-verify --base-url <url> [options]

Checks the real service against the contract, from your side: sends a small, fixed set of requests,
checks each answer with the contract proxy's validators, and reports what it found. The API key is
read from ${API_KEY_VARIABLE}, never from an argument; a key without access (for the 403 check) from
${FORBIDDEN_KEY_VARIABLE}, if set.

By default it sends only GET requests: to each documented GET, the key in each way the contract's
security schemes take it (x-api-key, Bearer) and in all of them at once, no key, a made-up key, and
${FORBIDDEN_KEY_VARIABLE}. POSTs only with --allow-billing: a valid request per --prompt, then a
body without prompt, prompt as a number, a body that is not JSON, text/plain, and no key; each POST
counts before it is sent, and none is ever sent again.

Options:
  --base-url <url>         The service, without /api (https; http only to this machine or with --allow-http)
  --allow-billing <n>      At most n POSTs in the whole run (default 0: none)
  --prompt <text>          The prompt of a valid POST; repeat for more (default: one harmless prompt)
  --post-probes <kinds>    Which POSTs the budget goes to, in order, comma-separated (default:
                           ${POST_PROBE_KINDS.join(',')})
  --observed <overlay>     An accepted \`propose\` overlay: report what changed since it was seen
  --max-rps <n>            Requests per second at most (default 1)
  --request-timeout <s>    Seconds for one request, answer included (default 30)
  --max-time <s>           Seconds for the whole run (default 300)
  --max-wait <s>           The longest Retry-After waited for; a longer one stops the run (default 60)
  --json <file>            Write the whole report as JSON
  --junit <file>           Write JUnit XML: one test case per check
  --spec <file>            Check against another bundled OpenAPI 3 file instead of the bundled contract
  --allow-http             Allow http:// to another machine (the key would travel unencrypted)
  --dry-run                Print what would be sent, and why; send nothing
  -h, --help               Show this help

Markdown goes to $GITHUB_STEP_SUMMARY when it is set. Exit code 0: nothing violated, contradicted
or changed, and every request answered; 1: something was, or the run could not finish (the verdict
says which); 2: bad usage.`;

/** What the command line asks for: the run's settings, and where its inputs and reports are. */
export interface VerifyOptions extends Omit<VerificationOptions, 'observed' | 'specPath' | 'signal' | 'onProgress'> {
  readonly help: boolean;
  readonly dryRun: boolean;
  /** The `--observed` overlay file. */
  readonly observed: string | undefined;
  readonly json: string | undefined;
  readonly junit: string | undefined;
  readonly spec: string | undefined;
}

/** Bad usage: exit code 2 with this message and the usage. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** The prompt of the valid POST when none is given: nothing anyone could mind seeing generated. */
export const DEFAULT_PROMPT = 'A plain light grey test card with the word TEST in the middle';

const KEY_LIKE = /key|token|secret|password|bearer|authori[sz]ation|credential/i;
const SPEC = {
  'base-url': { type: 'string' },
  'allow-billing': { type: 'string' },
  prompt: { type: 'string', multiple: true },
  'post-probes': { type: 'string' },
  observed: { type: 'string' },
  'max-rps': { type: 'string' },
  'request-timeout': { type: 'string' },
  'max-time': { type: 'string' },
  'max-wait': { type: 'string' },
  json: { type: 'string' },
  junit: { type: 'string' },
  spec: { type: 'string' },
  'allow-http': { type: 'boolean' },
  'dry-run': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export function parseVerifyOptions(argv: readonly string[], env: NodeJS.ProcessEnv): VerifyOptions {
  for (const arg of argv) {
    if (arg === '--') break;
    const name = arg.split('=')[0]!;
    if (name.startsWith('-') && KEY_LIKE.test(name)) {
      throw new UsageError(
        `${name}: verify reads the API key only from ${API_KEY_VARIABLE} (and a key without access from ${FORBIDDEN_KEY_VARIABLE}), ` +
          'never from an argument, which would show in the process list, shell history and CI logs. Remove it and set the variable.',
      );
    }
    if (name.startsWith('--') && !(name.slice(2) in SPEC)) throw new UsageError(`Unknown option ${name}.`);
  }
  let values: ReturnType<typeof parseArgs<{ args: string[]; options: typeof SPEC; allowPositionals: true }>>['values'];
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args: [...argv], options: SPEC, allowPositionals: true }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  // Not repeated: a stray word could be a key pasted in the wrong place.
  if (positionals.length > 0) throw new UsageError(`verify takes no positional arguments; got ${positionals.length} (not shown, in case it is a key).`);
  const help = values.help === true;
  const dryRun = values['dry-run'] === true;
  if (help) return { ...defaults(), help, dryRun };
  const apiKey = env[API_KEY_VARIABLE] ?? '';
  if (apiKey === '' && !dryRun) throw new UsageError(`Set ${API_KEY_VARIABLE} to the API key verify should use (it is never taken from an argument).`);
  const forbiddenKey = env[FORBIDDEN_KEY_VARIABLE] === '' ? undefined : env[FORBIDDEN_KEY_VARIABLE];
  for (const [name, key] of [
    [API_KEY_VARIABLE, apiKey],
    [FORBIDDEN_KEY_VARIABLE, forbiddenKey ?? ''],
  ] as const) {
    if (!/^[\x21-\x7e]*$/.test(key))
      throw new UsageError(`${name} holds characters an HTTP header cannot carry (a space or a line break?); set it to the key alone.`);
  }
  if (forbiddenKey !== undefined && forbiddenKey === apiKey)
    throw new UsageError(`${FORBIDDEN_KEY_VARIABLE} is ${API_KEY_VARIABLE}; give a key without access, or unset it.`);
  const prompts = values.prompt ?? [DEFAULT_PROMPT];
  if (prompts.some((prompt) => prompt.trim() === '')) throw new UsageError('--prompt needs a text; an empty prompt is what missing-required-field sends.');
  return {
    help,
    dryRun,
    baseUrl: baseUrl(values['base-url'], values['allow-http'] === true),
    apiKey,
    forbiddenKey,
    allowBilling: whole(values['allow-billing'], '--allow-billing', 0),
    prompts,
    postKinds: postKinds(values['post-probes']),
    observed: values.observed === undefined ? undefined : readableFile(values.observed, '--observed'),
    maxRps: positive(values['max-rps'], '--max-rps', 1, 50),
    requestTimeoutMs: positive(values['request-timeout'], '--request-timeout', 30, 600) * 1000,
    maxTimeMs: positive(values['max-time'], '--max-time', 300, 86_400) * 1000,
    maxWaitMs: positive(values['max-wait'], '--max-wait', 60, 3600) * 1000,
    json: outputFile(values.json, '--json'),
    junit: outputFile(values.junit, '--junit'),
    spec: values.spec,
  };
}

function defaults(): Omit<VerifyOptions, 'help' | 'dryRun'> {
  return {
    baseUrl: new URL('http://127.0.0.1'),
    apiKey: '',
    forbiddenKey: undefined,
    allowBilling: 0,
    prompts: [DEFAULT_PROMPT],
    postKinds: POST_PROBE_KINDS,
    observed: undefined,
    maxRps: 1,
    requestTimeoutMs: 30_000,
    maxTimeMs: 300_000,
    maxWaitMs: 60_000,
    json: undefined,
    junit: undefined,
    spec: undefined,
  };
}

function baseUrl(value: string | undefined, allowHttp: boolean): URL {
  if (value === undefined) throw new UsageError('--base-url is required: the service to check, e.g. --base-url https://api.example.com');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--base-url ${JSON.stringify(value)} is not a URL; write it as https://api.example.com`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UsageError(`--base-url must be http or https, not ${url.protocol}`);
  if (url.username !== '' || url.password !== '')
    throw new UsageError(`--base-url must carry no user name or password; the key comes from ${API_KEY_VARIABLE}.`);
  if (url.search !== '' || url.hash !== '')
    throw new UsageError('--base-url takes no query or fragment: scheme, host and an optional path prefix, without /api.');
  const loopback = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/.test(url.hostname);
  if (url.protocol === 'http:' && !loopback && !allowHttp) {
    throw new UsageError(`--base-url ${url.origin} is plain http: the key would travel unencrypted. Use https, or add --allow-http if you mean it.`);
  }
  return url;
}

function postKinds(value: string | undefined): ProbeKind[] {
  if (value === undefined) return [...POST_PROBE_KINDS];
  const kinds = value.split(',').map((kind) => kind.trim());
  const unknown = kinds.filter((kind) => !POST_PROBE_KINDS.includes(kind as ProbeKind));
  if (unknown.length > 0 || kinds.length === 0) throw new UsageError(`--post-probes takes ${POST_PROBE_KINDS.join(', ')}; not ${unknown.join(', ')}.`);
  return [...new Set(kinds as ProbeKind[])];
}

function whole(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d{1,6}$/.test(value)) throw new UsageError(`${name} takes a whole number of 0 or more, not ${JSON.stringify(value)}.`);
  return Number(value);
}

function positive(value: string | undefined, name: string, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const number = /^\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
  if (!(number > 0 && number <= max)) throw new UsageError(`${name} takes a number above 0 and at most ${max}, not ${JSON.stringify(value)}.`);
  return number;
}

function readableFile(path: string, name: string): string {
  if (!existsSync(path) || !statSync(path).isFile()) throw new UsageError(`${name} ${path}: no such file.`);
  return path;
}

function outputFile(path: string | undefined, name: string): string | undefined {
  if (path === undefined) return undefined;
  const folder = dirname(resolve(path));
  if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new UsageError(`${name} ${path}: the folder ${folder} does not exist.`);
  return path;
}
