// The command line of thumbnail-api-mcp, parsed and checked. Everything that limits what the model can do (the budget,
// confirmation, the target) is decided here, by whoever starts the server, and by nothing the model sends.
import { parseArgs } from 'node:util';
import { API_KEY_VARIABLE, BASE_URL_VARIABLE } from '@thumbnail-api/spec/profile';

export const usage = `Usage: thumbnail-api-mcp [options]

An MCP server for the Thumbnail Generation Service API, over stdio (or Streamable HTTP on 127.0.0.1).
It reads ${API_KEY_VARIABLE} and ${BASE_URL_VARIABLE} from its environment; the key is never shown to
the model. Each billed call (create_thumbnail) is confirmed by the user through the MCP client
(elicitation), showing the arguments and the budget left, before anything is sent.

Options:
  --max-creates <n>            Most billed calls this server sends while it runs, every session
                               together (default 3; 0 offers no billed tool at all)
  --allow-unconfirmed-creates  Let a client that cannot ask the user (no elicitation) make billed
                               calls without confirmation, within the budget
  --mock                       Dry run: start the mock in this process and send every call to it
                               (nothing is generated or billed; ${BASE_URL_VARIABLE} is not read)
  --mock-url <url>             Dry run against a running mock (npx @thumbnail-api/mock)
  --test-double-tools          Also offer the mock's test double as tools (rules, journal, near
                               misses, coverage, reset), scoped to this server's key; needs --mock
                               or --mock-url
  --timeout-ms <ms>            Time limit of each attempt of a call (default 60000)
  --http <port>                Serve Streamable HTTP on http://127.0.0.1:<port>/mcp instead of stdio
                               (0 picks a free port); every request must carry
                               Authorization: Bearer <THUMBNAIL_API_MCP_TOKEN>
  -h, --help                   Show this help
  --version                    Show the version

On a dry run, ${API_KEY_VARIABLE} is used when set (so that the test-double tools see the requests of
tests that use it), else the key thumbnail-api-mcp-dry-run.`;

/** What the command line asks for. */
export interface CliOptions {
  readonly maxCreates: number | undefined;
  readonly allowUnconfirmedCreates: boolean;
  /** `in-process`: start the mock here; a URL: a running mock; `undefined`: the service. */
  readonly mock: 'in-process' | string | undefined;
  readonly testDoubleTools: boolean;
  readonly timeoutMs: number | undefined;
  readonly httpPort: number | undefined;
  readonly help: boolean;
  readonly version: boolean;
}

/** A command line that cannot be run; the message says what to fix (exit code 2, with the usage). */
export class CliUsageError extends Error {
  override name = 'CliUsageError';
}

const MAX_CREATES_LIMIT = 1000;

export function parseCliOptions(argv: readonly string[]): CliOptions {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new CliUsageError(error instanceof Error ? error.message : String(error));
  }
  const { values } = parsed;
  if (values.mock && values['mock-url'] !== undefined)
    throw new CliUsageError('Give --mock (a mock in this process) or --mock-url <url> (a running one), not both.');
  const mock = values.mock ? 'in-process' : values['mock-url'];
  if (values['test-double-tools'] && mock === undefined) {
    throw new CliUsageError('--test-double-tools needs a dry run: add --mock, or --mock-url <url> of a running mock.');
  }
  return {
    maxCreates: wholeNumber(values['max-creates'], '--max-creates', 0, MAX_CREATES_LIMIT),
    allowUnconfirmedCreates: values['allow-unconfirmed-creates'] === true,
    mock,
    testDoubleTools: values['test-double-tools'] === true,
    timeoutMs: wholeNumber(values['timeout-ms'], '--timeout-ms', 1, 3_600_000),
    httpPort: wholeNumber(values.http, '--http', 0, 65_535),
    help: values.help === true,
    version: values.version === true,
  };
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      'max-creates': { type: 'string' },
      'allow-unconfirmed-creates': { type: 'boolean' },
      mock: { type: 'boolean' },
      'mock-url': { type: 'string' },
      'test-double-tools': { type: 'boolean' },
      'timeout-ms': { type: 'string' },
      http: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean' },
    },
  });
}

function wholeNumber(text: string | undefined, flag: string, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max)
    throw new CliUsageError(`${flag} takes a whole number from ${min} to ${max}; got ${JSON.stringify(text)}.`);
  return value;
}
