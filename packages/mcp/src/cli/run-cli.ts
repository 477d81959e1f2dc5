// thumbnail-api-mcp as a program: options checked, the mock started for a dry run, the server served over stdio (or
// HTTP), and everything stopped when the client goes (stdin ends) or a signal comes. Standard output carries the
// protocol only: every line for people goes to standard error, the key redacted.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { API_KEY_VARIABLE, BASE_URL_VARIABLE } from '@thumbnail-api/spec/profile';
import { createRedact } from '../key-guard.js';
import { createThumbnailMcpServer, VERSION } from '../mcp-server.js';
import { type CliOptions, CliUsageError, parseCliOptions, usage } from './cli-options.js';
import { HTTP_TOKEN_VARIABLE, httpTokenProblem, openHttpDoor } from './http-door.js';

/** The key of a dry run when THUMBNAIL_API_KEY is not set: the mock takes any key. */
export const DRY_RUN_KEY = 'thumbnail-api-mcp-dry-run';

export async function runCli(argv: readonly string[]): Promise<void> {
  let options: CliOptions;
  try {
    options = parseCliOptions(argv);
  } catch (error) {
    if (!(error instanceof CliUsageError)) throw error;
    process.stderr.write(`thumbnail-api-mcp: ${error.message}\n\n${usage}\n`);
    process.exit(2);
  }
  if (options.help) return void process.stdout.write(`${usage}\n`);
  if (options.version) return void process.stdout.write(`${VERSION}\n`);

  const envKey = process.env[API_KEY_VARIABLE];
  const apiKey = options.mock !== undefined && !envKey ? DRY_RUN_KEY : envKey;
  const redact = createRedact(apiKey ?? '');
  const say = (line: string) => process.stderr.write(`thumbnail-api-mcp: ${redact(line)}\n`);
  const fail = (line: string): never => {
    say(line);
    process.exit(1);
  };
  process.on('uncaughtException', (error) => fail(`stopped by an unexpected error: ${error.stack ?? error.message}`));
  process.on('unhandledRejection', (reason) =>
    fail(`stopped by an unexpected error: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`),
  );
  // The client's own words ("pass the apiKey option") are for code; here the key comes from the environment only.
  if (options.mock === undefined && !envKey) {
    fail(
      `No API key: set ${API_KEY_VARIABLE} in this server's environment (the "env" block of your MCP client's configuration), never in an argument. For a dry run without a key, start it with --mock.`,
    );
  }
  if (options.mock === undefined && !process.env[BASE_URL_VARIABLE]) {
    fail(`No base URL: set ${BASE_URL_VARIABLE} in this server's environment to the service's scheme and host, or start it with --mock for a dry run.`);
  }
  const token = process.env[HTTP_TOKEN_VARIABLE];
  if (options.httpPort !== undefined) {
    const problem = httpTokenProblem(token);
    if (problem) fail(problem);
  }

  const mock = options.mock === 'in-process' ? await (await import('@thumbnail-api/mock')).startMock({ port: 0 }) : undefined;
  const baseUrl = mock?.url ?? options.mock;
  const stops: (() => Promise<void>)[] = [];
  if (mock) stops.push(() => mock.stop());
  let stopping = false;
  const stop = async (why: string) => {
    if (stopping) return;
    stopping = true;
    say(`stopping: ${why}`);
    for (const step of stops.reverse()) await step().catch(() => undefined);
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => void stop(signal));

  const server = await createThumbnailMcpServer({
    apiKey,
    baseUrl,
    dryRun: options.mock !== undefined,
    maxCreates: options.maxCreates,
    allowUnconfirmedCreates: options.allowUnconfirmedCreates,
    testDoubleTools: options.testDoubleTools,
    timeoutMs: options.timeoutMs,
  }).catch(async (error: unknown) => {
    await mock?.stop();
    return fail(error instanceof Error ? error.message : String(error));
  });
  stops.push(() => server.close());
  const target = baseUrl ? `the mock at ${baseUrl} (a dry run: nothing is billed)` : `the service at ${BASE_URL_VARIABLE}`;
  const budget = `billed calls: at most ${server.budget.max}${options.allowUnconfirmedCreates ? ', unconfirmed where the client cannot ask the user' : ', each confirmed by the user'}`;
  const tools = server.tools.map((tool) => tool.name).join(', ');

  if (options.httpPort !== undefined) {
    const door = await openHttpDoor(server, options.httpPort, token!);
    stops.push(() => door.close());
    say(`serving ${tools} at ${door.url} (Streamable HTTP) for ${target}; ${budget}`);
    return;
  }
  // The client ends the session by closing our stdin (or by exiting, which closes it too).
  process.stdin.once('end', () => void stop('the client closed the session (standard input ended)'));
  process.stdin.once('close', () => void stop('standard input closed'));
  await server.connect(new StdioServerTransport());
  say(`serving ${tools} over stdio for ${target}; ${budget}`);
}
