// startMock's life cycle: several at once, stop, and failures that name their cause and leave nothing running.
import { createServer, type Server } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { type RunningMock, startMock } from '../src/index.js';
import { killMarked, markerVariable, newMarker, processesWithMarker, survivorsOf } from './helpers/processes.js';

const started: RunningMock[] = [];
const servers: Server[] = [];
let marker: string;
beforeEach(() => {
  // Children inherit the marker, so the Prism processes of this test can be found (and must be gone) afterwards.
  marker = newMarker();
  process.env[markerVariable] = marker;
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((mock) => mock.stop()));
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  killMarked(marker);
  delete process.env[markerVariable];
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

test('stop() ends the server and its Prism process', async () => {
  const mock = await startMock({ port: 0 });
  await mock.stop();
  await expect(fetch(`${mock.url}/api/thumbnails`)).rejects.toThrow();
  expect(await survivorsOf(marker)).toEqual([]);
});

async function occupiedPort(): Promise<number> {
  const server = createServer((_, res) => res.end('someone else'));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
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
  const path = join(mkdtempSync(join(tmpdir(), 'mock-spec-')), 'openapi.yaml');
  writeFileSync(path, 'openapi: 3.1.0\npaths: {/api: [\n');
  await expect(startMock({ port: 0, specPath: path })).rejects.toThrow(`The contract ${path} is not valid YAML or JSON`);
  expect(await survivorsOf(marker)).toEqual([]);
});

test('a Prism that does not answer in time is stopped, and the error says so', async () => {
  await expect(startMock({ port: 0, startTimeoutMs: 1 })).rejects.toThrow('Prism did not answer within 1 ms.');
  expect(await survivorsOf(marker)).toEqual([]);
});

test('a bad key registry is refused before anything starts', async () => {
  await expect(startMock({ port: 0, keys: { k: 'yes' as never } })).rejects.toThrow('entry 1 has the outcome "yes"');
  await expect(startMock({ port: 0, keys: '/nonexistent/keys.json' })).rejects.toThrow('keys.json cannot be read');
  expect(await survivorsOf(marker)).toEqual([]);
});

test('a key registry needs the contract to document the 401 and 403 bodies', async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'mock-spec-')), 'openapi.json');
  const operation = { responses: { '200': { description: 'ok', content: { 'application/json': { example: {} } } } } };
  writeFileSync(path, JSON.stringify({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: { '/api/things': { get: operation } } }));
  await expect(startMock({ port: 0, specPath: path, keys: { k: 'ok' } })).rejects.toThrow(
    'documents no 401 example for GET /api/things; the key registry answers with the contract\'s own bodies',
  );
});

test('if its Prism process dies, documented operations are still answered inside the contract', async () => {
  const mock = await startMock({ port: 0 });
  started.push(mock);
  // Only the marked Prism child carries the marker (this test process was started without it).
  const [prism] = processesWithMarker(marker);
  process.kill(prism!, 'SIGKILL');
  await survivorsOf(marker);
  const response = await fetch(`${mock.url}/api/thumbnails`, { headers: { 'x-api-key': 'k' } });
  expect(response.status).toBe(502);
  expect(await response.json()).toEqual({ success: false, error: 'Invalid request' });
  expect(response.headers.get('x-thumbnail-api-mock-note')).toMatch(/^The mock's Prism process did not answer: /);
});
