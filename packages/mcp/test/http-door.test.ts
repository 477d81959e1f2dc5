// Streamable HTTP on 127.0.0.1: only a client with the token, naming this host and not a web page, gets in; every
// session shares the server's one budget, so ending a session and starting another refills nothing.
import { request as httpRequest } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { type RunningMock, startMock } from '@thumbnail-api/mock';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type HttpDoor, httpTokenProblem, openHttpDoor } from '../src/cli/http-door.js';
import { createThumbnailMcpServer } from '../src/mcp-server.js';
import { textOf } from './helpers/in-process.js';

const TOKEN = 'test-token-0123456789abcdef';
const KEY = 'sk_test_http_door';
let mock: RunningMock;
let door: HttpDoor;
beforeAll(async () => {
  mock = await startMock({ port: 0 });
  const server = await createThumbnailMcpServer({ apiKey: KEY, baseUrl: mock.url, dryRun: true, maxCreates: 2, log: () => undefined });
  door = await openHttpDoor(server, 0, TOKEN);
});
afterAll(async () => {
  await door.close();
  await mock.stop();
});

async function session() {
  const transport = new StreamableHTTPClientTransport(new URL(door.url), { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } });
  const client = new Client({ name: 'test', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
  client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: { confirm: true } }));
  await client.connect(transport);
  return { client, transport };
}

/** A raw initialize request with these headers: the status it gets. */
function initializeWith(headers: Record<string, string>): Promise<number> {
  const url = new URL(door.url);
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  });
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.once('error', reject);
    request.end(body);
  });
}

describe('the HTTP door', () => {
  test('serves the tools on 127.0.0.1 to a client with the token', async () => {
    expect(door.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const { client } = await session();
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['create_thumbnail', 'list_thumbnails']);
    await client.close();
  });

  test.each([
    ['no token', {}, 401],
    ['a wrong token', { authorization: 'Bearer test-token-0123456789abcdeX' }, 401],
    ['another Host (DNS rebinding)', { authorization: `Bearer ${TOKEN}`, host: 'attacker.example' }, 403],
    ['a web page’s Origin', { authorization: `Bearer ${TOKEN}`, origin: 'http://attacker.example' }, 403],
  ])('refuses a request with %s', async (_, headers, status) => {
    expect(await initializeWith(headers)).toBe(status);
  });

  test('with the token, that same raw request is served', async () => {
    expect(await initializeWith({ authorization: `Bearer ${TOKEN}` })).toBe(200);
  });

  test('the budget holds across a restart of the session: a new session after the old one ended gets none', async () => {
    const first = await session();
    await first.client.callTool({ name: 'create_thumbnail', arguments: { prompt: 'one' } });
    await first.client.callTool({ name: 'create_thumbnail', arguments: { prompt: 'two' } });
    await first.transport.terminateSession();
    await first.client.close();
    const second = await session();
    const refused = await second.client.callTool({ name: 'create_thumbnail', arguments: { prompt: 'three' } });
    expect(textOf(refused)).toContain("Nothing was sent: this server's budget of 2 billed calls is spent");
    expect(await mock.forKey(KEY).requests({ operationId: 'createThumbnail' })).toHaveLength(2);
    await second.client.close();
  });

  test.each([
    [undefined, 'needs a token in THUMBNAIL_API_MCP_TOKEN'],
    ['short', 'must be at least 16 characters long; it is 5'],
  ])('will not open with the token %j', (token, said) => {
    expect(httpTokenProblem(token)).toContain(said);
  });
});
