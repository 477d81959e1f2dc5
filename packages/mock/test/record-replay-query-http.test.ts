// --replay and the query, as a user sees it: recorded GET /api/thumbnails?page=2 (through the contract proxy and the
// real client) answers ?page=2 from the mock server and from the MSW handlers, and never ?page=1.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ThumbnailClient } from '@thumbnail-api/client';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type RunningMock, startContractProxy, startMock } from '../src/index.js';
import { createHandlers } from '../src/msw.js';
import { startBufferedServer } from './helpers/http.js';

const key = 'sk-query-http';
let dir: string;
let mock: RunningMock;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'record-replay-query-http-'));
  // A stand-in of the service whose list answer names the page it was asked for.
  const upstream = await startBufferedServer((req, _body, res) => {
    const page = new URL(req.url ?? '/', 'http://x').searchParams.get('page');
    const bytes = Buffer.from(JSON.stringify({ items: [{ id: `page-${page}` }], page }));
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': bytes.length });
    res.end(bytes);
  });
  const proxy = await startContractProxy({ upstream: upstream.url, port: 0, record: dir });
  try {
    const client = new ThumbnailClient({ apiKey: key, baseUrl: proxy.url, maxRetries: 0 });
    await client.request('GET', '/api/thumbnails', { query: { page: 2, size: 10 } });
    await client.thumbnails.list();
  } finally {
    await proxy.stop();
    await upstream.close();
  }
  mock = await startMock({ port: 0, replay: dir });
});
afterAll(async () => {
  await mock?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const pageTwo = () => readdirSync(dir).find((name) => name.endsWith('0001-get-api-thumbnails-200.json'));
const client = (baseUrl: string) => new ThumbnailClient({ apiKey: key, baseUrl, maxRetries: 0 });

test('the recording of ?page=2&size=10 answers the same query, in any order', async () => {
  expect(await client(mock.url).request('GET', '/api/thumbnails', { query: { size: 10, page: 2 } })).toEqual({ items: [{ id: 'page-2' }], page: '2' });
  const response = await fetch(`${mock.url}/api/thumbnails?size=10&page=2`, { headers: { 'x-api-key': key } });
  expect(response.headers.get('x-thumbnail-api-mock-recorded')).toBe(pageTwo());
});

test('?page=1 was never recorded: the compiled answer, not the recording of page 2', async () => {
  const response = await fetch(`${mock.url}/api/thumbnails?page=1&size=10`, { headers: { 'x-api-key': key } });
  expect(response.status).toBe(200);
  expect(response.headers.get('x-thumbnail-api-mock-recorded')).toBeNull();
  expect(await response.json()).not.toHaveProperty('page');
});

test('no query answers from the recording without one', async () => {
  expect(await client(mock.url).thumbnails.list()).toEqual({ items: [{ id: 'page-null' }], page: null });
});

test('the MSW handlers match the query the same way', async () => {
  const thumbnails = await createHandlers({ baseUrl: 'https://api.thumbnails.test', replay: dir });
  const server = setupServer(...thumbnails.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const viaMsw = client('https://api.thumbnails.test');
    expect(await viaMsw.request('GET', '/api/thumbnails', { query: { page: 2, size: 10 } })).toMatchObject({ page: '2' });
    expect(await viaMsw.request('GET', '/api/thumbnails', { query: { page: 1, size: 10 } })).not.toHaveProperty('page');
  } finally {
    server.close();
  }
});
