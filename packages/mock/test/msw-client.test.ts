// The targets (issue 21) through MSW: the real client against createHandlers() under msw/node's setupServer.
// Each fault and undocumented status ends in the client's documented behaviour, and the journal shows what was sent.
import {
  APIConnectionError,
  APITimeoutError,
  AuthenticationError,
  InternalServerError,
  PermissionDeniedError,
  RateLimitError,
  ThumbnailApiError,
  ThumbnailClient,
} from '@thumbnail-api/client';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createHandlers, type ThumbnailApiHandlers } from '../src/msw.js';

const baseUrl = 'https://api.thumbnails.test';
const keys = { sk_test_ok: 'ok', sk_test_other: 'ok', sk_test_revoked: 'unauthorized', sk_test_no_access: 'forbidden' } as const;
let thumbnails: ThumbnailApiHandlers;
const server = setupServer();
const clientWith = (apiKey: string, options: { timeoutMs?: number; maxRetries?: number } = {}) =>
  new ThumbnailClient({ baseUrl, apiKey, timeoutMs: 2_000, retryDelayMs: 10, ...options });

beforeAll(async () => {
  thumbnails = await createHandlers({ baseUrl, keys });
  server.use(...thumbnails.handlers);
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  thumbnails.reset();
  expect(thumbnails.endPending()).toBe(0);
});
afterAll(() => server.close());

describe('undocumented statuses', () => {
  test('a 503 with Retry-After makes list() wait, retry and succeed', async () => {
    await thumbnails.rule({ operationId: 'listThumbnails', times: 1, answer: { status: 503, headers: { 'retry-after': '1' } } });
    const started = Date.now();
    expect(await clientWith('sk_test_ok').thumbnails.list()).toEqual({});
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(thumbnails.requests().map((entry) => entry.status)).toEqual([503, 200]);
  });

  test('a 503 makes create() fail once with the typed error, and the journal shows one POST', async () => {
    await thumbnails.rule({ operationId: 'createThumbnail', times: 1, answer: { status: 503, headers: { 'retry-after': '1' } } });
    const failure = clientWith('sk_test_ok', { maxRetries: 2 }).thumbnails.create({ prompt: 'A red fox' });
    await expect(failure).rejects.toBeInstanceOf(InternalServerError);
    await expect(failure).rejects.toMatchObject({ status: 503, error: expect.any(String) });
    expect(thumbnails.requests({ operationId: 'createThumbnail' })).toHaveLength(1);
  });

  test('a 429 that persists ends in RateLimitError after the retries', async () => {
    await thumbnails.rule({ operationId: 'listThumbnails', answer: { status: 429, headers: { 'retry-after': '0' } } });
    await expect(clientWith('sk_test_ok', { maxRetries: 2 }).thumbnails.list()).rejects.toBeInstanceOf(RateLimitError);
    expect(thumbnails.requests()).toHaveLength(3);
  });
});

describe('faults', () => {
  test('hang ends in the client timeout error', async () => {
    await thumbnails.rule({ operationId: 'listThumbnails', fault: 'hang' });
    await expect(clientWith('sk_test_ok', { timeoutMs: 300, maxRetries: 0 }).thumbnails.list()).rejects.toBeInstanceOf(APITimeoutError);
  });

  test('reset ends in the connection error', async () => {
    await thumbnails.rule({ operationId: 'listThumbnails', fault: 'reset' });
    const failure = clientWith('sk_test_ok', { maxRetries: 0 }).thumbnails.list();
    await expect(failure).rejects.toBeInstanceOf(APIConnectionError);
    await expect(failure).rejects.not.toBeInstanceOf(APITimeoutError);
  });

  test('malformed ends in the typed error for a body that is not JSON', async () => {
    await thumbnails.rule({ operationId: 'listThumbnails', fault: 'malformed' });
    const failure = clientWith('sk_test_ok').thumbnails.list();
    await expect(failure).rejects.toBeInstanceOf(ThumbnailApiError);
    await expect(failure).rejects.toMatchObject({ status: 200, message: expect.stringContaining('not JSON') });
  });

  test('truncated ends in the connection error, as a body cut short on the wire does', async () => {
    await thumbnails.rule({ operationId: 'listThumbnails', fault: 'truncated', answer: { status: 200, body: { thumbnails: ['a', 'b'] } } });
    await expect(clientWith('sk_test_ok', { maxRetries: 0 }).thumbnails.list()).rejects.toBeInstanceOf(APIConnectionError);
  });
});

describe('keys', () => {
  test.each([
    ['sk_test_revoked', 401, AuthenticationError],
    ['sk_test_no_access', 403, PermissionDeniedError],
    ['sk_test_unknown', 401, AuthenticationError],
  ])('the key registry answers %s with the documented %i', async (key, status, errorClass) => {
    const failure = clientWith(key).thumbnails.list();
    await expect(failure).rejects.toBeInstanceOf(errorClass);
    await expect(failure).rejects.toMatchObject({ status });
  });

  test('rules of one key never answer another', async () => {
    await thumbnails.forKey('sk_test_other').rule({ operationId: 'listThumbnails', answer: { status: 500 } });
    expect(await clientWith('sk_test_ok').thumbnails.list()).toEqual({});
    expect(thumbnails.forKey('sk_test_ok').requests()).toHaveLength(1);
  });
});

// msw 2.12.14 (@mswjs/interceptors 0.41.9): listen() patches Headers to record the headers set through it. A Request
// class kept from before listen() (openapi-fetch keeps the one it found when the client was made) whose headers are then
// copied with new Headers() keeps only those recorded. The client's resource calls build no Request, so they are safe.
test('a client made before server.listen() sends its Content-Type through MSW', async () => {
  server.close();
  const early = clientWith('sk_test_ok');
  server.listen({ onUnhandledRequest: 'error' });
  await early.thumbnails.create({ prompt: 'A red fox' });
  expect(thumbnails.requests()[0]?.headers['content-type']).toBe('application/json');
});

// msw patches Headers; a client made before listen() once sent only the headers set after it (fixed in the client's raw fetch).
test('client.raw of a client made before server.listen() sends its Content-Type through MSW', async () => {
  server.close();
  const early = clientWith('sk_test_ok');
  server.listen({ onUnhandledRequest: 'error' });
  const { response } = await early.raw.POST('/api/thumbnails', { body: { prompt: 'A red fox' } });
  expect(thumbnails.requests()[0]?.headers['content-type']).toBe('application/json');
  expect(response.status).toBe(200);
});
