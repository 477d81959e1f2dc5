// startMock's life cycle: several at once, in this process only, stop, and failures that name their cause and leave
// nothing running.

import { readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import { join } from 'node:path';
import { type LoopbackServer, listenOnLoopback } from '@thumbnail-api/dev-tools/loopback-port';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { type RunningMock, startMock } from '../src/index.js';
import { killMarked, markerVariable, newMarker, processesWithMarker, survivorsOf } from './helpers/processes.js';
import { scratchDir } from './helpers/scratch-dir.js';

const started: RunningMock[] = [];
const specDir = scratchDir('mock-spec-');
const servers: LoopbackServer[] = [];
let marker: string;
beforeEach(() => {
  // Children inherit the marker, so any process a test starts can be found (and there must be none).
  marker = newMarker();
  process.env[markerVariable] = marker;
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((mock) => mock.stop()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
  killMarked(marker);
  delete process.env[markerVariable];
});

// First in this file, so that no test before it has loaded Prism's modules into this worker: loading them takes
// about a second, and the request below must find Prism still loading (once they are loaded, Prism starts at once).
test('stop() does not wait for a Prism still loading for a request, and Prism then never listens', async () => {
  const mock = await startMock({ port: 0 });
  // node:http on a connection of its own, not fetch: fetch loads lazily, and on a busy machine its request could leave
  // after stop() had freed the port (which another process may have taken by then).
  let connected: () => void = () => undefined;
  const reached = new Promise<void>((resolve) => {
    connected = resolve;
  });
  const pending = new Promise<Error | number>((resolve) => {
    const outgoing = request(`${mock.url}/api/thumbnails`, { headers: { 'x-api-key': 'k', prefer: 'dynamic=true' }, agent: false }, (response) =>
      resolve(response.statusCode ?? 0),
    );
    outgoing.on('error', resolve);
    outgoing.on('socket', (socket) => socket.once('connect', connected));
    outgoing.end();
  });
  await reached;
  await new Promise((resolve) => setTimeout(resolve, 50));
  const before = listeningPorts();
  await mock.stop();
  expect(await pending).toBeInstanceOf(Error);
  // Prism's modules take about a second to load; give it longer, then look for a socket of this process it opened.
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  expect(listeningPorts().filter((port) => !before.includes(port))).toEqual([]);
});

test('two mocks on free ports answer at once, each with the documented 401 body', async () => {
  const mocks = await Promise.all([startMock({ port: 0 }), startMock({ port: 0 })]);
  started.push(...mocks);
  expect(mocks[0]!.port).not.toBe(mocks[1]!.port);
  for (const mock of mocks) {
    const response = await fetch(`${mock.url}/api/thumbnails`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ success: false, error: 'Unauthorized' });
  }
});

test('resolves only once it answers: the first request succeeds', async () => {
  const mock = await startMock({ port: 0 });
  started.push(mock);
  expect(mock.url).toBe(`http://127.0.0.1:${mock.port}`);
  const response = await fetch(`${mock.url}/api/thumbnails`, { headers: { 'x-api-key': 'k' } });
  expect(response.status).toBe(200);
});

test('it runs in this process: no other process is started, not even to answer with Prism', async () => {
  const mock = await startMock({ port: 0 });
  started.push(mock);
  const generated = await fetch(`${mock.url}/api/thumbnails`, { headers: { 'x-api-key': 'k', prefer: 'dynamic=true' } });
  expect(generated.status).toBe(200);
  expect(processesWithMarker(marker)).toEqual([]);
});

test.each([
  ['after answering from the compiled contract', {}],
  ['after Prism answered a request', { prefer: 'dynamic=true' }],
])('stop() ends the server at once, keep-alive connections included, %s', async (_, extra) => {
  const mock = await startMock({ port: 0 });
  const agent = new Agent({ keepAlive: true });
  const status = await new Promise<number>((resolve, reject) =>
    request(`${mock.url}/api/thumbnails`, { agent, headers: { 'x-api-key': 'k', ...extra } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    })
      .on('error', reject)
      .end(),
  );
  expect(status).toBe(200);
  await mock.stop();
  agent.destroy();
  await expect(fetch(`${mock.url}/api/thumbnails`)).rejects.toThrow();
});

async function occupiedPort(): Promise<number> {
  const server = await listenOnLoopback(createServer((_, res) => res.end('someone else')));
  servers.push(server);
  return server.port;
}

test('a port in use is refused with an error naming the port, and no Prism is started', async () => {
  const port = await occupiedPort();
  await expect(startMock({ port })).rejects.toThrow(`Port ${port} on 127.0.0.1 is already in use.`);
  expect(await survivorsOf(marker)).toEqual([]);
});

test('a missing contract file is refused with an error naming it', async () => {
  await expect(startMock({ port: 0, specPath: '/nonexistent/openapi.yaml' })).rejects.toThrow(
    'Cannot read the contract /nonexistent/openapi.yaml: the file does not exist.',
  );
  expect(await survivorsOf(marker)).toEqual([]);
});

test('a broken contract file is refused with an error naming it', async () => {
  const path = join(specDir, 'broken.yaml');
  writeFileSync(path, 'openapi: 3.1.0\npaths: {/api: [\n');
  await expect(startMock({ port: 0, specPath: path })).rejects.toThrow(`The contract ${path} is not valid YAML or JSON`);
  expect(await survivorsOf(marker)).toEqual([]);
});

test("it never waits for Prism to start: a request that needs Prism in time gets the mock's 503, the rest are answered", async () => {
  const mock = await startMock({ port: 0, startTimeoutMs: 1 });
  started.push(mock);
  const generated = await fetch(`${mock.url}/api/thumbnails`, { headers: { 'x-api-key': 'k', prefer: 'dynamic=true' } });
  expect(generated.status).toBe(503);
  expect(generated.headers.get('x-thumbnail-api-mock-error')).toBe('prism-unavailable');
  expect(await generated.json()).toMatchObject({ detail: 'Prism did not start within 1 ms.' });
  expect((await fetch(`${mock.url}/api/thumbnails`, { headers: { 'x-api-key': 'k' } })).status).toBe(200);
});

test('a bad key registry is refused before anything starts', async () => {
  await expect(startMock({ port: 0, keys: { k: 'yes' as never } })).rejects.toThrow('entry 1 has the outcome "yes"');
  await expect(startMock({ port: 0, keys: '/nonexistent/keys.json' })).rejects.toThrow('keys.json cannot be read');
  expect(await survivorsOf(marker)).toEqual([]);
});

test('a key registry needs the contract to document the 401 and 403 bodies', async () => {
  const path = join(specDir, 'no-error-bodies.json');
  const operation = { responses: { '200': { description: 'ok', content: { 'application/json': { example: {} } } } } };
  const security = { components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'x-api-key' } } }, security: [{ key: [] }] };
  writeFileSync(path, JSON.stringify({ openapi: '3.1.0', info: { title: 't', version: '1' }, ...security, paths: { '/api/things': { get: operation } } }));
  await expect(startMock({ port: 0, specPath: path, keys: { k: 'ok' } })).rejects.toThrow(
    "documents no 401 example for GET /api/things; the key registry answers with the contract's own bodies",
  );
});

test('a key registry needs the contract to say how a key is sent', async () => {
  const path = join(specDir, 'no-security.json');
  const operation = { responses: { '200': { description: 'ok', content: { 'application/json': { example: {} } } } } };
  writeFileSync(path, JSON.stringify({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: { '/api/things': { get: operation } } }));
  await expect(startMock({ port: 0, specPath: path, keys: { k: 'ok' } })).rejects.toThrow(
    /no-security\.json describes no way to send an API key .*Serve it without keys\./,
  );
});

/** The TCP ports this process listens on (Linux /proc). */
function listeningPorts(): number[] {
  const inodes = new Set(
    readdirSync('/proc/self/fd').flatMap((fd) => {
      try {
        return [/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/self/fd/${fd}`))?.[1]].filter((inode): inode is string => inode !== undefined);
      } catch {
        return [];
      }
    }),
  );
  return readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields[3] === '0A' && inodes.has(fields[9]!))
    .map((fields) => Number.parseInt(fields[1]!.split(':')[1]!, 16));
}
