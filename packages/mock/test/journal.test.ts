// The request journal: what was sent and answered, read from JavaScript and over HTTP, bounded, with keys redacted.
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { type RunningMock, startMock } from '../src/index.js';
import { send } from './helpers/http.js';

// A key that must never be shown whole: it is searched for in every output below.
const sentinel = 'SENTINEL-3f9c2a7b-KEY';
let mock: RunningMock;
const extra: RunningMock[] = [];
beforeAll(async () => {
  mock = await startMock({ port: 0 });
});
afterAll(async () => {
  await mock?.stop();
});
afterEach(async () => {
  mock.reset();
  await Promise.all(extra.splice(0).map((started) => started.stop()));
});

test('each request is recorded with method, path, query, operation, status, headers and parsed JSON body', async () => {
  await send(mock.url, {
    method: 'POST',
    path: '/api/thumbnails?debug=1&tag=a&tag=b',
    headers: { 'x-api-key': 'journal-key', 'content-type': 'application/json', 'x-trace': 't-1' },
    body: '{"prompt":"A red fox"}',
  });
  await send(mock.url, { path: '/api/unknown' });
  const response = await send(mock.url, { path: '/__mock/requests' });
  expect(response.status).toBe(200);
  const { requests, dropped } = response.json();
  expect(dropped).toBe(0);
  expect(requests).toEqual([
    {
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      method: 'POST',
      path: '/api/thumbnails',
      query: { debug: '1', tag: ['a', 'b'] },
      operationId: 'createThumbnail',
      status: 200,
      headers: expect.objectContaining({ 'content-type': 'application/json', 'x-trace': 't-1', 'x-api-key': '[redacted]' }),
      body: { prompt: 'A red fox' },
      bodyTruncated: false,
      rule: null,
      simulated: null,
      note: null,
      keyHint: '[redacted]',
      nearMiss: null,
    },
    expect.objectContaining({ method: 'GET', path: '/api/unknown', operationId: null, status: 404, body: null }),
  ]);
});

test('a sentinel key never appears whole in the journal, over HTTP or from JavaScript, wherever it was sent', async () => {
  await send(mock.url, { headers: { 'x-api-key': sentinel, 'x-echo': `copy ${sentinel}` } });
  await send(mock.url, { headers: { authorization: `Bearer ${sentinel}`, cookie: `session=${sentinel}` } });
  await send(mock.url, {
    method: 'POST',
    path: `/api/thumbnails?key=${sentinel}`,
    headers: { 'x-api-key': sentinel, 'content-type': 'application/json' },
    body: JSON.stringify({ prompt: `my key is ${sentinel}` }),
  });
  const overHttp = (await send(mock.url, { path: `/__mock/requests?key=${sentinel}` })).body.toString();
  const fromJs = JSON.stringify(mock.requests({ key: sentinel }));
  for (const output of [overHttp, fromJs]) {
    expect(JSON.parse(output).requests ?? JSON.parse(output)).toHaveLength(3);
    expect(output).not.toContain(sentinel);
    expect(output).toContain('…-KEY');
  }
  expect(mock.requests()[2]).toMatchObject({ query: { key: '…-KEY' }, body: { prompt: 'my key is …-KEY' }, keyHint: '…-KEY' });
});

test('filters: ?operationId= and ?key= (the full key)', async () => {
  await send(mock.url, { headers: { 'x-api-key': 'key-one' } });
  await send(mock.url, { method: 'POST', headers: { 'x-api-key': 'key-two', 'content-type': 'application/json' }, body: '{"prompt":"x"}' });
  const byOperation = (await send(mock.url, { path: '/__mock/requests?operationId=createThumbnail' })).json();
  const byKey = (await send(mock.url, { path: '/__mock/requests?key=key-one' })).json();
  expect(byOperation.requests.map((entry: { method: string }) => entry.method)).toEqual(['POST']);
  expect(byKey.requests.map((entry: { operationId: string }) => entry.operationId)).toEqual(['listThumbnails']);
  expect(mock.requests({ key: 'key-' })).toEqual([]);
});

test('control requests are not journaled, and DELETE /__mock/requests empties the journal', async () => {
  await send(mock.url, { headers: { 'x-api-key': 'k' } });
  await send(mock.url, { path: '/__mock/requests' });
  expect(mock.requests()).toHaveLength(1);
  expect((await send(mock.url, { method: 'DELETE', path: '/__mock/requests' })).status).toBe(204);
  expect((await send(mock.url, { path: '/__mock/requests' })).json()).toEqual({ requests: [], dropped: 0 });
});

test('the journal keeps the last journalSize requests and counts the dropped ones', async () => {
  const small = await startMock({ port: 0, journalSize: 3 });
  extra.push(small);
  for (let i = 0; i < 5; i++) await send(small.url, { path: `/api/thumbnails?n=${i}`, headers: { 'x-api-key': 'k' } });
  expect(small.requests().map((entry) => entry.query.n)).toEqual(['2', '3', '4']);
  expect(small.droppedRequests()).toBe(2);
  expect((await send(small.url, { path: '/__mock/requests' })).json().dropped).toBe(2);
});

test('journalSize 0 turns the journal off', async () => {
  const off = await startMock({ port: 0, journalSize: 0 });
  extra.push(off);
  await send(off.url, { headers: { 'x-api-key': 'k' } });
  expect(off.requests()).toEqual([]);
  expect(off.droppedRequests()).toBe(1);
});

test('a body over 64 KiB is kept cut, as text, and says so', async () => {
  const prompt = 'x'.repeat(100 * 1024);
  await send(mock.url, { method: 'POST', headers: { 'x-api-key': 'k', 'content-type': 'application/json' }, body: JSON.stringify({ prompt }) });
  const [entry] = mock.requests();
  expect(entry).toMatchObject({ status: 200, bodyTruncated: true });
  expect((entry!.body as string).length).toBe(64 * 1024);
});

// Whatever the journal holds a request as, it reads back what was sent: sizes, characters and repeated headers.
test('large headers, a 10 KiB body, latin-1 header values and repeated headers read back as sent', async () => {
  const big = 'h'.repeat(5000);
  const prompt = 'p'.repeat(10 * 1024);
  await send(mock.url, { headers: { 'x-api-key': 'k', 'x-big': big } });
  await send(mock.url, { method: 'POST', headers: { 'x-api-key': 'k', 'content-type': 'application/json' }, body: JSON.stringify({ prompt }) });
  // node's client sends latin-1 characters of a header value as single bytes, as its server reads them.
  await send(mock.url, { headers: { 'x-api-key': 'k', 'x-name': 'café' } });
  const [large, withBody, latin1] = mock.requests();
  expect(large!.headers['x-big']).toBe(big);
  expect(withBody).toMatchObject({ body: { prompt }, bodyTruncated: false });
  expect(latin1!.headers['x-name']).toBe('café');

  // Repeated request headers (one line per value) as node reads them: set-cookie a list, others joined.
  await send(mock.url, { headers: { 'x-api-key': 'k', 'set-cookie': ['a=1', 'b=2'], 'x-list': ['1', '2'] } });
  expect(mock.requests().at(-1)!.headers).toMatchObject({ 'set-cookie': ['a=1', 'b=2'], 'x-list': '1, 2' });
});

test("a cleared key's requests are gone, and the others kept", async () => {
  await send(mock.url, { headers: { 'x-api-key': 'key-one' } });
  await send(mock.url, { headers: { 'x-api-key': 'key-two', 'x-big': 'h'.repeat(5000) } });
  await send(mock.url, { headers: { 'x-api-key': 'key-one' } });
  expect((await send(mock.url, { method: 'DELETE', path: '/__mock/requests?key=key-one' })).status).toBe(204);
  expect(mock.requests().map((entry) => entry.headers['x-big']?.length)).toEqual([5000]);
  expect(mock.requests({ key: 'key-one' })).toEqual([]);
});

test.each([
  ['journalSize -1', { journalSize: -1 }, /journalSize must be a whole number of requests \(0 turns the journal off\), got -1/],
  ['journalSize 1.5', { journalSize: 1.5 }, /got 1.5/],
])('%s is refused at start', async (_, options, message) => {
  await expect(startMock({ port: 0, ...options })).rejects.toThrow(message);
});

test('a request Prism answers is journaled with the status Prism gave and the body it was sent', async () => {
  await send(mock.url, {
    method: 'POST',
    headers: { 'x-api-key': 'k', 'content-type': 'application/json', prefer: 'dynamic=true' },
    body: '{"prompt":"generated"}',
  });
  expect(mock.requests()).toMatchObject([{ operationId: 'createThumbnail', status: 200, body: { prompt: 'generated' }, rule: null }]);
});
