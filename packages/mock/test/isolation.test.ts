// Isolation by key: two test files sharing one mock, each with its own key, see only their own rules and requests.
import { ThumbnailClient } from '@thumbnail-api/client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { MockRuleError, type RunningMock, startMock } from '../src/index.js';
import { send } from './helpers/http.js';

const keyA = 'isolation-key-aaaa-0001';
const keyB = 'isolation-key-bbbb-0002';
let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ port: 0, keys: { [keyA]: 'ok', [keyB]: 'ok', 'forbidden-key-0003': 'forbidden' } });
});
afterAll(async () => {
  await mock?.stop();
});

test('rules and requests of two keys do not cross, and reset() of one leaves the other', async () => {
  const a = mock.forKey(keyA);
  const b = mock.forKey(keyB);
  await a.rule({ operationId: 'listThumbnails', answer: { status: 200, body: { owner: 'a' } } });
  await b.rule({ operationId: 'listThumbnails', answer: { status: 503, headers: { 'retry-after': '0' } } });
  const clientA = new ThumbnailClient({ apiKey: keyA, baseUrl: mock.url, maxRetries: 0 });
  const clientB = new ThumbnailClient({ apiKey: keyB, baseUrl: mock.url, maxRetries: 0 });
  await expect(clientA.thumbnails.list()).resolves.toEqual({ owner: 'a' });
  await expect(clientB.thumbnails.list()).rejects.toMatchObject({ status: 503 });
  await clientB.thumbnails.create({ prompt: 'only b' });
  expect(a.requests().map((entry) => [entry.operationId, entry.status])).toEqual([['listThumbnails', 200]]);
  expect(b.requests().map((entry) => [entry.operationId, entry.status])).toEqual([
    ['listThumbnails', 503],
    ['createThumbnail', 200],
  ]);
  expect(b.requests({ operationId: 'createThumbnail' })).toHaveLength(1);

  a.reset();
  expect(a.requests()).toEqual([]);
  expect(b.requests()).toHaveLength(2);
  await expect(clientA.thumbnails.list()).resolves.toEqual({});
  await expect(clientB.thumbnails.list()).rejects.toMatchObject({ status: 503 });
  b.reset();
});

test('a rule cannot bypass the key registry (one for a key it refuses is refused), and a scoped view refuses a rule for another key', async () => {
  const forbidden = mock.forKey('forbidden-key-0003');
  const refused = forbidden.rule({ operationId: 'listThumbnails', answer: { status: 200, body: { let: 'in' } } });
  await expect(refused).rejects.toMatchObject({ name: 'MockRuleError', field: 'key' });
  await expect(refused).rejects.not.toThrow('forbidden-key-0003');
  const response = await send(mock.url, { headers: { 'x-api-key': 'forbidden-key-0003' } });
  expect(response.status).toBe(403);
  const error = await mock
    .forKey(keyA)
    .rule({ operationId: 'listThumbnails', key: keyB, answer: { status: 200 } })
    .catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(MockRuleError);
  expect((error as Error).message).not.toContain(keyB);
});

test('over HTTP: a rule with "key" matches only that key; ?key= filters and DELETE/reset with ?key= clear only its own', async () => {
  const rule = JSON.stringify({ operationId: 'listThumbnails', key: keyA, answer: { status: 500 } });
  expect((await send(mock.url, { method: 'POST', path: '/__mock/rules', headers: { 'content-type': 'application/json' }, body: rule })).status).toBe(201);
  expect((await send(mock.url, { headers: { 'x-api-key': keyA } })).status).toBe(500);
  expect((await send(mock.url, { headers: { 'x-api-key': keyB } })).status).toBe(200);
  const listed = (await send(mock.url, { path: `/__mock/rules?key=${keyA}` })).json();
  expect(listed.rules).toMatchObject([{ rule: { key: '…0001' } }]);
  expect((await send(mock.url, { method: 'POST', path: `/__mock/reset?key=${keyA}` })).status).toBe(204);
  expect((await send(mock.url, { path: `/__mock/requests?key=${keyA}` })).json().requests).toEqual([]);
  expect((await send(mock.url, { path: `/__mock/requests?key=${keyB}` })).json().requests).toHaveLength(1);
  expect((await send(mock.url, { headers: { 'x-api-key': keyA } })).status).toBe(200);
});
