// The server: the contract's tools (and, on a dry run, the test double's), one create budget, one client, and any
// number of MCP sessions over any transport, each guarded so that the API key never leaves in a message.
import { readFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { ThumbnailClient } from '@thumbnail-api/client';
import { loadContract } from '@thumbnail-api/spec';
import { API_KEY_VARIABLE, BASE_URL_VARIABLE } from '@thumbnail-api/spec/profile';
import { apiTools } from './api-tools.js';
import { deriveContractTools } from './contract-tools.js';
import { CreateBudget } from './create-budget.js';
import { createRedact, guardTransport, type Redact } from './key-guard.js';
import { testDoubleTools } from './test-double-tools.js';
import type { ServedTool } from './tool-result.js';
import { userChannelOf } from './user-confirmation.js';

/** Options of {@link createThumbnailMcpServer}; the command line sets them from its flags. */
export interface ThumbnailMcpServerOptions {
  /** The API key; defaults to `THUMBNAIL_API_KEY`. Never shown to the model, in any message or log line. */
  apiKey?: string | undefined;
  /** Scheme and host of the service; defaults to `THUMBNAIL_API_BASE_URL`. For a dry run, the mock's URL. */
  baseUrl?: string | undefined;
  /** `baseUrl` is the Thumbnail API mock (checked: its `/__mock` control surface must answer): nothing is billed. */
  dryRun?: boolean | undefined;
  /** Most billed calls the server sends while it runs, all sessions together; default 3. `0` offers no billed tool. */
  maxCreates?: number | undefined;
  /** Lets a client that cannot ask the user (no MCP elicitation) make billed calls without confirmation; default false. */
  allowUnconfirmedCreates?: boolean | undefined;
  /** Also offers the test double's tools (rules, journal, near misses, coverage, reset); needs `dryRun`. */
  testDoubleTools?: boolean | undefined;
  /** Time limit of each attempt of a call, in milliseconds (the client's `timeoutMs`; default 60 000). */
  timeoutMs?: number | undefined;
  /** Where log lines go (default: standard error); the key is redacted from each. */
  log?: ((line: string) => void) | undefined;
}

/** A running server: serve it over as many transports (sessions) as you like; they share one budget. */
export interface ThumbnailMcpServer {
  /** The tools every session offers, as `tools/list` shows them. */
  readonly tools: readonly Tool[];
  /** The create budget: its maximum, the creates sent, and those left. */
  readonly budget: { readonly max: number; readonly spent: number; readonly left: number };
  /** Serves one MCP session over `transport` (started here); resolves once it is connected. */
  connect(transport: Transport): Promise<void>;
  /** Ends every session. */
  close(): Promise<void>;
}

/** The default budget: small, since each create is billed and confirmed one by one. */
export const DEFAULT_MAX_CREATES = 3;
/** Most of an answer's body a tool reads: more would not fit in a model's context anyway. */
const MAX_RESPONSE_BYTES = 1024 * 1024;
/** This package's version (its package.json's), read once: the server's name in the MCP handshake, and `--version`. */
export const VERSION: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;

/**
 * Builds the server: reads the contract, checks the options (a `ConfigurationError` naming what to set) and, for a dry
 * run, that `baseUrl` is the mock. Sends nothing to the service.
 */
export async function createThumbnailMcpServer(options: ThumbnailMcpServerOptions = {}): Promise<ThumbnailMcpServer> {
  const client = new ThumbnailClient({ apiKey: options.apiKey, baseUrl: options.baseUrl, timeoutMs: options.timeoutMs, maxResponseBytes: MAX_RESPONSE_BYTES });
  const apiKey = options.apiKey ?? process.env[API_KEY_VARIABLE] ?? '';
  const baseUrl = (options.baseUrl ?? process.env[BASE_URL_VARIABLE] ?? '').replace(/\/+$/, '');
  const redact = createRedact(apiKey);
  const log = (line: string) => (options.log ?? ((text: string) => process.stderr.write(`thumbnail-api-mcp: ${text}\n`)))(redact(line));
  const budget = new CreateBudget(options.maxCreates ?? DEFAULT_MAX_CREATES);
  const contract = loadContract();
  const derived = deriveContractTools(contract);
  for (const skipped of derived.skipped) log(`not offered: ${skipped}`);
  const dryRun = options.dryRun === true;
  if (options.testDoubleTools && !dryRun) throw new TypeError('The test-double tools need a dry run against the mock (--mock or --mock-url).');
  const served: ServedTool[] = apiTools(derived.tools, {
    client,
    budget,
    target: { billed: !dryRun, url: baseUrl },
    allowUnconfirmedCreates: options.allowUnconfirmedCreates === true,
    log,
  });
  if (dryRun) {
    const view = await mockView(baseUrl, apiKey);
    if (options.testDoubleTools)
      served.push(
        ...testDoubleTools(
          view,
          baseUrl,
          derived.tools.map((tool) => tool.operation.operationId!),
        ),
      );
  }
  const tools = served.map((tool) => tool.definition);
  const sessions = new Set<Server>();
  return {
    tools,
    budget: {
      get max() {
        return budget.max;
      },
      get spent() {
        return budget.spent;
      },
      get left() {
        return budget.left;
      },
    },
    async connect(transport) {
      const server = sessionServer(served, budget.max, redact);
      sessions.add(server);
      server.onclose = () => sessions.delete(server);
      await server.connect(guardTransport(transport, redact));
    },
    async close() {
      await Promise.all([...sessions].map((server) => server.close()));
    },
  };
}

/** The mock's view of this server's key, once its control surface has answered: a dry run must not reach a real service. */
async function mockView(baseUrl: string, apiKey: string) {
  const { connectMock } = await import('@thumbnail-api/mock');
  const view = connectMock(baseUrl).forKey(apiKey);
  try {
    await view.rules();
  } catch (error) {
    throw new TypeError(
      `A dry run needs the Thumbnail API mock at ${baseUrl}, but its control surface did not answer (${error instanceof Error ? error.message : String(error)}). ` +
        'Start it with npx @thumbnail-api/mock (without --no-control), or use --mock to run one in this process.',
    );
  }
  return view;
}

function sessionServer(served: readonly ServedTool[], maxCreates: number, redact: Redact): Server {
  const instructions =
    'Tools of the Thumbnail Generation Service API. Reading tools are free to call. ' +
    (maxCreates > 0
      ? `A billed tool (create_thumbnail) is confirmed by the user before anything is sent, and this server sends at most ${maxCreates} while it runs; ` +
        'if a billed call fails, do not retry it blindly: it may have been generated and billed. '
      : 'This server offers no billed tool (its budget is 0). ') +
    'The API key is configured in the server, never passed as an argument.';
  // The low-level Server (the SDK marks it for advanced use): it serves the contract's JSON Schemas as they are, where McpServer wants zod.
  const server = new Server({ name: 'thumbnail-api-mcp', version: VERSION }, { capabilities: { tools: {} }, instructions });
  const user = userChannelOf(server);
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: served.map((tool) => tool.definition) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = served.find((candidate) => candidate.definition.name === request.params.name);
    if (!tool) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `No tool ${request.params.name}; this server offers ${served.map((candidate) => candidate.definition.name).join(', ')}.`,
      );
    }
    try {
      return await tool.call(request.params.arguments, { signal: extra.signal, user });
    } catch (error) {
      return {
        isError: true,
        content: [{ type: 'text', text: redact(`The tool failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`) }],
      };
    }
  });
  return server;
}
