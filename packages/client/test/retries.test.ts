// Retries: which calls, which failures, how long to wait, and the POST rule. Delays are configured small
// (or, where a test proves a header is honoured, huge, so ignoring it would time the test out).
import { describe, expect, test } from 'vitest';
import { APIConnectionError, InternalServerError, RateLimitError, ThumbnailClient, type ThumbnailClientOptions } from '../src/index.js';
import { json, reset, text, useLocalServers } from './support/local-server.js';

const serve = useLocalServers();
const documented = { success: false, error: 'Service Unavailable' };

function clientFor(baseUrl: string, options: ThumbnailClientOptions = {}): ThumbnailClient {
  return new ThumbnailClient({ apiKey: 'test-key', baseUrl, retryDelayMs: 1, maxRetryDelayMs: 20, ...options });
}

/** Fails with `failure` until request number `okAt`, then answers 200 `{ ok: true }`. */
function failUntil(okAt: number, failure: Parameters<typeof serve>[0]): Parameters<typeof serve>[0] {
  return (request, res, index, raw) => (index < okAt ? failure(request, res, index, raw) : json(res, 200, { ok: true }));
}

describe('GET is retried', () => {
  test('after 503 until it succeeds, by default twice', async () => {
    const server = await serve(failUntil(2, (_, res) => json(res, 503, documented)));
    await expect(clientFor(server.url).thumbnails.list()).resolves.toEqual({ ok: true });
    expect(server.requests).toHaveLength(3);
  });

  test('gives up after maxRetries and throws the last error', async () => {
    const server = await serve((_, res) => json(res, 503, documented));
    await expect(clientFor(server.url).thumbnails.list()).rejects.toBeInstanceOf(InternalServerError);
    expect(server.requests).toHaveLength(3);
  });

  test.each([408, 429, 500, 502, 504])('after %i', async (status) => {
    const server = await serve(failUntil(1, (_, res) => text(res, status, '')));
    await expect(clientFor(server.url).thumbnails.list()).resolves.toEqual({ ok: true });
    expect(server.requests).toHaveLength(2);
  });

  test.each([400, 401, 403, 404, 409, 422])('not after %i', async (status) => {
    const server = await serve((_, res) => json(res, status, { success: false, error: 'No' }));
    await expect(clientFor(server.url).thumbnails.list()).rejects.toMatchObject({ status });
    expect(server.requests).toHaveLength(1);
  });

  test('after a connection reset', async () => {
    const server = await serve(failUntil(1, (_, __, ___, raw) => reset(raw)));
    await expect(clientFor(server.url).thumbnails.list()).resolves.toEqual({ ok: true });
    expect(server.requests).toHaveLength(2);
  });

  test('not at all with maxRetries: 0', async () => {
    const server = await serve((_, res) => json(res, 503, documented));
    await expect(clientFor(server.url, { maxRetries: 0 }).thumbnails.list()).rejects.toBeInstanceOf(InternalServerError);
    expect(server.requests).toHaveLength(1);
  });

  test('as often as a call asks, overriding the client', async () => {
    const server = await serve(failUntil(4, (_, res) => json(res, 503, documented)));
    await expect(clientFor(server.url, { maxRetries: 0 }).thumbnails.list({ maxRetries: 4 })).resolves.toEqual({ ok: true });
    expect(server.requests).toHaveLength(5);
  });

  test('through client.raw as well', async () => {
    const server = await serve(failUntil(1, (_, res) => json(res, 503, documented)));
    const { data, response } = await clientFor(server.url).raw.GET('/api/thumbnails');
    expect(response.status).toBe(200);
    expect(data).toEqual({ ok: true });
    expect(server.requests).toHaveLength(2);
  });
});

describe('POST /api/thumbnails is never retried automatically', () => {
  test('a 503 is thrown after one request', async () => {
    const server = await serve((_, res) => json(res, 503, documented));
    await expect(clientFor(server.url, { maxRetries: 5 }).thumbnails.create({ prompt: 'A red fox at dawn' })).rejects.toBeInstanceOf(InternalServerError);
    expect(server.requests).toHaveLength(1);
  });

  test('a connection reset is thrown after one request', async () => {
    const server = await serve((_, __, ___, raw) => reset(raw));
    await expect(clientFor(server.url).thumbnails.create({ prompt: 'A red fox at dawn' })).rejects.toBeInstanceOf(APIConnectionError);
    expect(server.requests).toHaveLength(1);
  });

  test('nor through client.raw', async () => {
    const server = await serve((_, res) => json(res, 503, documented));
    const { error, response } = await clientFor(server.url).raw.POST('/api/thumbnails', { body: { prompt: 'A red fox at dawn' } });
    expect(response.status).toBe(503);
    expect(error).toEqual(documented);
    expect(server.requests).toHaveLength(1);
  });

  test('nor a POST through request()', async () => {
    const server = await serve((_, res) => json(res, 503, documented));
    await expect(clientFor(server.url).request('POST', '/api/persons', { body: { name: 'Ada' } })).rejects.toBeInstanceOf(InternalServerError);
    expect(server.requests).toHaveLength(1);
  });

  test('but is retried when the call opts in with maxRetries, sending the same body each time', async () => {
    const server = await serve(failUntil(2, (_, res) => json(res, 503, documented)));
    const created = await clientFor(server.url).thumbnails.create({ prompt: 'A red fox at dawn' }, { maxRetries: 2 });
    expect(created).toEqual({ ok: true });
    expect(server.requests.map((request) => request.body)).toEqual(Array(3).fill('{"prompt":"A red fox at dawn"}'));
  });
});

describe('Retry-After', () => {
  // With a one-minute backoff, only an honoured Retry-After lets these finish within the test timeout.
  const slowBackoff = { retryDelayMs: 60_000, maxRetryDelayMs: 60_000 };

  test('in seconds is honoured', async () => {
    const server = await serve(failUntil(1, (_, res) => json(res, 429, { success: false, error: 'Too Many Requests' }, { 'retry-after': '0' })));
    await expect(clientFor(server.url, slowBackoff).thumbnails.list()).resolves.toEqual({ ok: true });
    expect(server.requests).toHaveLength(2);
  });

  test('as an HTTP date is honoured', async () => {
    const past = new Date(Date.now() - 5_000).toUTCString();
    const server = await serve(failUntil(1, (_, res) => json(res, 503, documented, { 'retry-after': past })));
    await expect(clientFor(server.url, slowBackoff).thumbnails.list()).resolves.toEqual({ ok: true });
    expect(server.requests).toHaveLength(2);
  });

  test('is capped by maxRetryDelayMs', async () => {
    const server = await serve(failUntil(1, (_, res) => json(res, 429, { success: false, error: 'Too Many Requests' }, { 'retry-after': '3600' })));
    await expect(clientFor(server.url, { maxRetryDelayMs: 10 }).thumbnails.list()).resolves.toEqual({ ok: true });
    expect(server.requests).toHaveLength(2);
  });

  test('a 429 still failing after the retries throws RateLimitError with the header readable', async () => {
    const server = await serve((_, res) => json(res, 429, { success: false, error: 'Too Many Requests' }, { 'retry-after': '0' }));
    const error = await clientFor(server.url, { maxRetries: 1 })
      .thumbnails.list()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).headers.get('retry-after')).toBe('0');
    expect(server.requests).toHaveLength(2);
  });
});
