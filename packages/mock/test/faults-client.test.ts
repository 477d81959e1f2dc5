// Rules and faults as the real client (@thumbnail-api/client) meets them: retries on a 503 with Retry-After, one POST
// only, and a typed error for each fault. The journal says what the client sent.
import {
  APIConnectionError,
  APITimeoutError,
  InternalServerError,
  ThumbnailApiError,
  ThumbnailClient,
  type ThumbnailClientOptions,
} from '@thumbnail-api/client';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { type RunningMock, startMock } from '../src/index.js';

const apiKey = 'faults-test-key-0123456789';
let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ port: 0 });
});
afterAll(async () => {
  await mock?.stop();
});
beforeEach(() => mock.reset());

const client = (options: ThumbnailClientOptions = {}) => new ThumbnailClient({ apiKey, baseUrl: mock.url, retryDelayMs: 10, ...options });

/** What a list() call with these client options ends in, once `rule` is in force (the error it throws). */
const listAfter = async (rule: Parameters<RunningMock['rule']>[0], options: ThumbnailClientOptions): Promise<unknown> => {
  await mock.rule(rule);
  return client(options)
    .thumbnails.list()
    .catch((caught: unknown) => caught);
};

test('a 503 rule with Retry-After (times: 1) makes list() wait, retry and succeed', async () => {
  await mock.rule({ operationId: 'listThumbnails', times: 1, answer: { status: 503, headers: { 'retry-after': '1' } } });
  const started = Date.now();
  await expect(client().thumbnails.list()).resolves.toEqual({});
  // The client waited for Retry-After (1 s) before the second attempt.
  expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  const sent = mock.requests({ operationId: 'listThumbnails' });
  expect(sent.map((entry) => [entry.status, entry.simulated])).toEqual([
    [503, 'status=503 (not documented by the service)'],
    [200, null],
  ]);
});

test('the same rule makes create() fail once with the typed error, and the journal shows exactly one POST', async () => {
  await mock.rule({ operationId: 'createThumbnail', times: 1, answer: { status: 503, headers: { 'retry-after': '1' } } });
  const error = await client()
    .thumbnails.create({ prompt: 'A red fox at dawn' })
    .catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(InternalServerError);
  expect((error as InternalServerError).status).toBe(503);
  expect((error as InternalServerError).headers.get('retry-after')).toBe('1');
  expect((error as InternalServerError).body).toEqual({ success: false, error: expect.any(String) });
  const posts = mock.requests({ operationId: 'createThumbnail' });
  expect(posts).toHaveLength(1);
  expect(posts[0]).toMatchObject({ method: 'POST', status: 503, body: { prompt: 'A red fox at dawn' } });
});

test('hang: no answer, so the call ends in the client timeout error', async () => {
  const error = await listAfter({ operationId: 'listThumbnails', fault: 'hang' }, { timeoutMs: 300, maxRetries: 0 });
  expect(error).toBeInstanceOf(APITimeoutError);
  expect(mock.requests()).toMatchObject([{ status: null, simulated: 'fault=hang' }]);
});

test('reset: the connection is reset, so the call ends in the client connection error (not a timeout)', async () => {
  const error = await listAfter({ operationId: 'listThumbnails', fault: 'reset' }, { maxRetries: 0 });
  expect(error).toBeInstanceOf(APIConnectionError);
  expect(error).not.toBeInstanceOf(APITimeoutError);
});

test('malformed: a 200 whose body is not JSON ends in the typed error that says so', async () => {
  const error = await listAfter({ operationId: 'listThumbnails', fault: 'malformed' }, { maxRetries: 0 });
  expect(error).toBeInstanceOf(ThumbnailApiError);
  expect((error as ThumbnailApiError).status).toBe(200);
  expect((error as ThumbnailApiError).message).toMatch(/not JSON/);
  expect((error as ThumbnailApiError).headers.get('x-thumbnail-api-mock-simulated')).toBe('fault=malformed');
});

test('truncated: a body shorter than its Content-Length ends in the client connection error', async () => {
  const error = await listAfter(
    { operationId: 'listThumbnails', fault: 'truncated', answer: { status: 200, body: { thumbnails: ['a', 'b', 'c'] } } },
    { maxRetries: 0 },
  );
  expect(error).toBeInstanceOf(APIConnectionError);
});

test('truncated, to a HEAD (no body to cut): the headers arrive whole, labelled simulated', async () => {
  await mock.rule({ operationId: 'listThumbnails', fault: 'truncated', answer: { status: 200, body: { thumbnails: ['a', 'b', 'c'] } } });
  const response = await fetch(`${mock.url}/api/thumbnails`, { method: 'HEAD', headers: { 'x-api-key': apiKey } });
  expect(response.status).toBe(200);
  expect(response.headers.get('x-thumbnail-api-mock-simulated')).toBe('fault=truncated');
  expect(await response.text()).toBe('');
  expect(mock.requests({ operationId: 'listThumbnails' }).map(({ method, status }) => ({ method, status }))).toEqual([{ method: 'HEAD', status: 200 }]);
});

test('delayMs alone delays the contract answer; the client gets it after the delay', async () => {
  await mock.rule({ operationId: 'listThumbnails', delayMs: 300 });
  const started = Date.now();
  await expect(client().thumbnails.list()).resolves.toEqual({});
  expect(Date.now() - started).toBeGreaterThanOrEqual(280);
});

test('a body chosen by the test reaches the client as data', async () => {
  const thumbnails = { thumbnails: [{ id: 'th_1', url: 'https://example.test/th_1.png' }] };
  await mock.rule({ operationId: 'listThumbnails', answer: { status: 200, body: thumbnails } });
  await expect(client().thumbnails.list()).resolves.toEqual(thumbnails);
});

test('stop() ends hung requests and pending delays at once', async () => {
  const own = await startMock({ port: 0 });
  await own.rule({ operationId: 'listThumbnails', fault: 'hang' });
  await own.rule({ operationId: 'createThumbnail', delayMs: 600_000 });
  const hung = fetch(`${own.url}/api/thumbnails`, { headers: { 'x-api-key': apiKey } }).catch((error: Error) => error);
  const delayed = fetch(`${own.url}/api/thumbnails`, {
    method: 'POST',
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
    body: '{"prompt":"x"}',
  }).catch((error: Error) => error);
  await expect.poll(() => own.requests().length).toBe(2);
  const stopping = Date.now();
  await own.stop();
  const outcomes = await Promise.all([hung, delayed]);
  expect(Date.now() - stopping).toBeLessThan(5_000);
  expect(outcomes.every((outcome) => outcome instanceof Error)).toBe(true);
});
