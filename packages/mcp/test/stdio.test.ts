// The built command, spawned as MCP clients spawn it, driven by the SDK's own Client over stdio against a mock in this
// process (its journal is the witness of what was sent). In `test:slow`: each test starts the program.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { listenOnLoopback } from '@thumbnail-api/dev-tools/loopback-port';
import { portClosed } from '@thumbnail-api/dev-tools/port-closed';
import { runProcess } from '@thumbnail-api/dev-tools/run-process';
import { type RunningMock, startMock } from '@thumbnail-api/mock';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { confirm, decline, textOf, type UserAnswer } from './helpers/in-process.js';
import { openStdioSession, processEnded, type StdioSession } from './helpers/stdio-session.js';

const bin = fileURLToPath(new URL('../bin/thumbnail-api-mcp.js', import.meta.url));
const SENTINEL = 'sk_live_stdio_sentinel_never_shown_QZWX';
const environment = { PATH: process.env.PATH ?? '', THUMBNAIL_API_KEY: SENTINEL, THUMBNAIL_API_LOG: 'debug' };
let mock: RunningMock;
let session: StdioSession | undefined;
beforeAll(async () => {
  mock = await startMock({ port: 0 });
});
afterEach(async () => {
  await session?.close();
  session = undefined;
  await mock.forKey(SENTINEL).reset();
});
afterAll(() => mock.stop());

/** The command against the test's mock (or, with `--mock`, its own), its user answering with `answer`. */
async function open(answer: UserAnswer, ...flags: string[]) {
  const target = flags.includes('--mock') ? [] : ['--mock-url', mock.url];
  session = await openStdioSession({ command: process.execPath, args: [bin, ...target, ...flags], env: environment, answer });
  return session.client;
}
const posts = () => mock.forKey(SENTINEL).requests({ operationId: 'createThumbnail' });
const create = { name: 'create_thumbnail', arguments: { prompt: 'A red fox at dawn' } };

describe('over stdio', () => {
  test('lists the tools with their annotations, and list_thumbnails reads', async () => {
    const client = await open(confirm);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => [tool.name, tool.annotations])).toEqual([
      ['create_thumbnail', { title: 'Generate a thumbnail', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true }],
      ['list_thumbnails', { title: 'List thumbnails', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true }],
    ]);
    const listed = await client.callTool({ name: 'list_thumbnails', arguments: {} });
    expect(listed.structuredContent).toEqual({});
  });

  test.each<[string, number, UserAnswer]>([
    ['confirmed', 1, confirm],
    ['declined', 0, decline],
    ['asked of a client without elicitation', 0, undefined],
  ])('create_thumbnail %s sends %i POST', async (_, sent, answer) => {
    const client = await open(answer);
    const result = await client.callTool(create);
    expect(result.isError ?? false).toBe(sent === 0);
    expect(await posts()).toHaveLength(sent);
  });

  test('the budget holds across calls, a 503, a reset and a hang, each sent once', async () => {
    const client = await open(confirm, '--max-creates', '3', '--timeout-ms', '300');
    for (const fault of [{ answer: { status: 503 } }, { fault: 'reset' }, { fault: 'hang' }] as const) {
      await mock.forKey(SENTINEL).rule({ operationId: 'createThumbnail', times: 1, ...fault });
      expect((await client.callTool(create)).isError).toBe(true);
    }
    expect(textOf(await client.callTool(create))).toContain('budget of 3 billed calls is spent');
    expect(await posts()).toHaveLength(3);
  });

  test('the sentinel key is in no JSON-RPC message, either way, and not in standard error with the client’s debug log on', async () => {
    const client = await open(confirm, '--test-double-tools');
    await mock.forKey(SENTINEL).rule({ operationId: 'createThumbnail', times: 1, answer: { status: 200, body: { echo: SENTINEL } } });
    await mock.forKey(SENTINEL).rule({ operationId: 'listThumbnails', times: 1, answer: { status: 401 } });
    await client.callTool(create);
    await client.callTool({ name: 'list_thumbnails', arguments: {} });
    await client.callTool({ name: 'mock_requests', arguments: {} });
    const said = JSON.stringify(session!.messages) + session!.stderr();
    expect(said).toContain('"structuredContent":{"echo":"[redacted]"}');
    expect(session!.stderr()).toContain('x-api-key: ***');
    expect(said).not.toContain(SENTINEL);
    expect(said).not.toContain(SENTINEL.slice(-4));
  });

  test('with --mock it runs the mock itself, and stops it and itself when the client closes the session', async () => {
    const client = await open(confirm, '--mock');
    const mockUrl = /for the mock at (http:\/\/127\.0\.0\.1:\d+)/.exec(session!.stderr())?.[1];
    expect(mockUrl).toBeDefined();
    expect((await client.callTool(create)).isError).toBeFalsy();
    const { pid } = session!;
    await session!.close();
    expect(await processEnded(pid)).toBe(true);
    expect(session!.stderr()).toContain('stopping: the client closed the session (standard input ended)');
    expect(await portClosed(`${mockUrl}/api/thumbnails`)).toBe('ECONNREFUSED');
    session = undefined;
  });
});

describe('a session started again over the same stdio', () => {
  test('gets no fresh budget: initialize twice, and the third create is refused', async () => {
    const child = spawn(process.execPath, [bin, '--mock-url', mock.url, '--max-creates', '2', '--allow-unconfirmed-creates'], { env: environment });
    const answers = new Map<number, Record<string, unknown>>();
    let buffer = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\n'); end !== -1; end = buffer.indexOf('\n')) {
        const message = JSON.parse(buffer.slice(0, end));
        buffer = buffer.slice(end + 1);
        if (typeof message.id === 'number') answers.set(message.id, message);
      }
    });
    let id = 0;
    const ask = async (method: string, params: unknown) => {
      const sent = ++id;
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: sent, method, params })}\n`);
      await expect.poll(() => answers.has(sent), { timeout: 30_000 }).toBe(true);
      return answers.get(sent)!;
    };
    const initialize = async () => {
      await ask('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } });
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    };
    try {
      await initialize();
      await ask('tools/call', create);
      await ask('tools/call', create);
      await initialize();
      const third = await ask('tools/call', create);
      expect(textOf((third as { result: unknown }).result)).toContain("Nothing was sent: this server's budget of 2 billed calls is spent");
      expect(await posts()).toHaveLength(2);
    } finally {
      child.stdin.end();
      expect(await processEnded(child.pid!)).toBe(true);
    }
  });
});

describe('as a program', () => {
  const run = (args: string[], env: Record<string, string> = { PATH: environment.PATH }) =>
    runProcess(process.execPath, [bin, ...args], { env, timeoutMs: 60_000 });

  test('a wrong flag: exit code 2, the reason and the usage', async () => {
    const result = await run(['--max-creates', 'lots']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--max-creates takes a whole number from 0 to 1000; got "lots".');
    expect(result.stderr).toContain('Usage: thumbnail-api-mcp [options]');
  });

  test('no key for the service: exit code 1, naming the variable to set', async () => {
    const result = await run([], { PATH: environment.PATH, THUMBNAIL_API_BASE_URL: 'https://api.thumbnails.test' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("No API key: set THUMBNAIL_API_KEY in this server's environment");
    expect(result.stderr).not.toContain('apiKey option');
  });

  test('no base URL for the service: exit code 1, naming the variable to set and the dry run', async () => {
    const result = await run([], { PATH: environment.PATH, THUMBNAIL_API_KEY: 'stdio-test-key' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("No base URL: set THUMBNAIL_API_BASE_URL in this server's environment");
  });

  test('--mock-url of something that is not the mock: exit code 1, before any tool is served', async () => {
    const other = await listenOnLoopback(createServer((_, response) => response.writeHead(404).end()));
    try {
      const result = await run(['--mock-url', other.url], { PATH: environment.PATH });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('A dry run needs the Thumbnail API mock at');
      expect(result.stderr).toContain('Start it with npx @thumbnail-api/mock');
    } finally {
      await other.close();
    }
  });

  test('--http without a token: exit code 1, saying how to make one', async () => {
    const result = await run(['--mock', '--http', '0']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--http needs a token in THUMBNAIL_API_MCP_TOKEN');
  });
});
