// The server in this process, reached by the SDK's own Client over an in-memory transport, against a real mock on
// 127.0.0.1: every message the server sends is recorded as it leaves (after the key guard), and every log line.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { type ElicitRequest, ElicitRequestSchema, type ElicitResult, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { type RunningMock, startMock } from '@thumbnail-api/mock';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createThumbnailMcpServer, type ThumbnailMcpServer, type ThumbnailMcpServerOptions } from '../../src/mcp-server.js';

/** How the test's user answers a confirmation; `undefined`: the client does not support elicitation at all. */
export type UserAnswer = ((request: ElicitRequest['params']) => ElicitResult | Promise<ElicitResult>) | undefined;

export const confirm: UserAnswer = () => ({ action: 'accept', content: { confirm: true } });
export const decline: UserAnswer = () => ({ action: 'decline' });

export interface Harness {
  readonly server: ThumbnailMcpServer;
  /** The key the server calls with; `mock.forKey(apiKey)` is its part of the mock. */
  readonly apiKey: string;
  /** Every message the server sent, in order, as the client received it. */
  readonly sent: JSONRPCMessage[];
  readonly logged: string[];
  /** What the user was asked, in order. */
  readonly asked: ElicitRequest['params'][];
  /** A new MCP session (client) whose user answers with `answer`. */
  connect(answer: UserAnswer): Promise<Client>;
  /** The POSTs the mock received with this harness's key. */
  posts(): Promise<unknown[]>;
  close(): Promise<void>;
}

let keys = 0;

/** A server calling `mock` with a key of its own (or `options.apiKey`), so that harnesses sharing a mock stay apart. */
export async function startHarness(mock: RunningMock, options: ThumbnailMcpServerOptions = {}): Promise<Harness> {
  const apiKey = options.apiKey ?? `sk_test_harness_${process.pid}_${++keys}`;
  const logged: string[] = [];
  const server = await createThumbnailMcpServer({ baseUrl: mock.url, dryRun: true, log: (line) => logged.push(line), ...options, apiKey });
  const sent: JSONRPCMessage[] = [];
  const asked: ElicitRequest['params'][] = [];
  const clients: Client[] = [];
  return {
    server,
    apiKey,
    sent,
    logged,
    asked,
    async connect(answer) {
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      const send = serverSide.send.bind(serverSide);
      // Replaced before connect(), so the server's key guard wraps it: this records what leaves the server.
      serverSide.send = (message, sendOptions) => {
        sent.push(message);
        return send(message, sendOptions);
      };
      await server.connect(serverSide);
      const client = new Client({ name: 'test', version: '1.0.0' }, { capabilities: answer ? { elicitation: { form: {} } } : {} });
      if (answer) {
        client.setRequestHandler(ElicitRequestSchema, async (request) => {
          asked.push(request.params);
          return answer(request.params);
        });
      }
      await client.connect(clientSide);
      clients.push(client);
      return client;
    },
    posts: async () => mock.forKey(apiKey).requests({ operationId: 'createThumbnail' }),
    async close() {
      await Promise.all(clients.map((client) => client.close()));
      await server.close();
      mock.forKey(apiKey).reset();
    },
  };
}

/** The text of a tool result's content. */
export function textOf(result: unknown): string {
  return (((result as { content?: unknown }).content ?? []) as { text?: string }[]).map((item) => item.text ?? '').join('\n');
}

/** One mock for the test file (started before its tests, stopped after them), and harnesses on it, each closed after its test. */
export function onOneMock() {
  let mock: RunningMock | undefined;
  const open: Harness[] = [];
  beforeAll(async () => {
    mock = await startMock({ port: 0 });
  });
  afterEach(async () => {
    for (const harness of open.splice(0)) await harness.close();
  });
  afterAll(() => mock?.stop());
  return {
    mock: () => mock!,
    async harness(options: ThumbnailMcpServerOptions = {}): Promise<Harness> {
      const harness = await startHarness(mock!, options);
      open.push(harness);
      return harness;
    },
  };
}
