// Timeouts, the caller's AbortSignal and connection failures. Servers that "are slow" simply never answer,
// so nothing here depends on how fast the machine is.
import { describe, expect, test } from 'vitest';
import { APIConnectionError, APITimeoutError, APIUserAbortError, ThumbnailClient, type ThumbnailClientOptions } from '../src/index.js';
import { json, reset, startLocalServer, useLocalServers } from './support/local-server.js';
import { rejectionOf } from './support/rejection.js';

const serve = useLocalServers();
const never = () => undefined;

function clientFor(baseUrl: string, options: ThumbnailClientOptions = {}): ThumbnailClient {
  return new ThumbnailClient({ apiKey: 'test-key', baseUrl, retryDelayMs: 1, maxRetryDelayMs: 10, ...options });
}

describe('timeouts', () => {
  test('a response slower than timeoutMs throws APITimeoutError, after retrying a GET', async () => {
    const server = await serve(never);
    const error = await rejectionOf(clientFor(server.url, { timeoutMs: 50 }).thumbnails.list());
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(error).toBeInstanceOf(APIConnectionError);
    // The attempt count comes from the message: on a loaded machine an attempt may time out before it reaches the server.
    expect(error.message).toBe(`GET ${server.url}/api/thumbnails timed out after 50 ms (timeoutMs) (attempt 3 of 3).`);
  });

  test('a per-call timeoutMs overrides the client', async () => {
    const server = await serve(never);
    const error = await rejectionOf(clientFor(server.url, { timeoutMs: 600_000, maxRetries: 0 }).thumbnails.list({ timeoutMs: 30 }));
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(error.message).toContain('timed out after 30 ms');
  });

  test('covers the body too: headers sent, body stalled', async () => {
    const server = await serve((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"ok":');
    });
    const error = await rejectionOf(clientFor(server.url, { timeoutMs: 50, maxRetries: 0 }).thumbnails.list());
    expect(error).toBeInstanceOf(APITimeoutError);
  });

  test('covers the body of client.raw calls too', async () => {
    const server = await serve((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"ok":');
    });
    const error = await rejectionOf(clientFor(server.url, { timeoutMs: 50, maxRetries: 0 }).raw.GET('/api/thumbnails'));
    expect(error).toBeInstanceOf(APITimeoutError);
  });

  test('each attempt gets a fresh signal: a timed-out first attempt does not abort the retry', async () => {
    const server = await serve((_, res, index) => (index === 0 ? undefined : json(res, 200, { ok: true })));
    // Generous, so that the answered retry fits within it even on a loaded machine.
    await expect(clientFor(server.url, { timeoutMs: 1_000 }).thumbnails.list()).resolves.toEqual({ ok: true });
    expect(server.requests).toHaveLength(2);
  });

  test('a POST that times out is not retried', async () => {
    const server = await serve(never);
    const error = await rejectionOf(clientFor(server.url, { timeoutMs: 50 }).thumbnails.create({ prompt: 'A red fox at dawn' }));
    expect(error).toBeInstanceOf(APITimeoutError);
    // No "(attempt 1 of N)" suffix: a single attempt was planned.
    expect(error.message).toBe(`POST ${server.url}/api/thumbnails timed out after 50 ms (timeoutMs).`);
  });

  test("a caller's AbortSignal.timeout() is reported as a timeout", async () => {
    const server = await serve(never);
    const error = await rejectionOf(clientFor(server.url).thumbnails.list({ signal: AbortSignal.timeout(30) }));
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(error.message).toBe(`GET ${server.url}/api/thumbnails timed out: the caller's signal (AbortSignal.timeout) fired.`);
    expect(server.requests.length).toBeLessThanOrEqual(1);
  });
});

describe('totalTimeoutMs: a time limit on the whole call', () => {
  test('ends an attempt whose own time limit is far off', async () => {
    const server = await serve(never);
    const error = await rejectionOf(clientFor(server.url, { timeoutMs: 600_000, totalTimeoutMs: 100 }).thumbnails.list());
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(error.message).toBe(`GET ${server.url}/api/thumbnails timed out: its 100 ms in all (totalTimeoutMs) ran out (attempt 1 of 3).`);
    expect(server.requests.length).toBeLessThanOrEqual(1);
  });

  test('covers the waits between attempts: a retry whose wait would end past it is not made', async () => {
    // Retry-After asks for a minute: within a 2-second total, no retry fits, so the first answer is the last.
    const server = await serve((_, res) => json(res, 503, { success: false, error: 'Busy' }, { 'retry-after': '60' }));
    const client = clientFor(server.url, { maxRetries: 5, maxRetryDelayMs: 600_000, totalTimeoutMs: 2_000 });
    await expect(client.thumbnails.list()).rejects.toMatchObject({ status: 503 });
    expect(server.requests).toHaveLength(1);
  });

  test('a call may set its own', async () => {
    const server = await serve(never);
    const error = await rejectionOf(clientFor(server.url, { timeoutMs: 600_000 }).thumbnails.list({ totalTimeoutMs: 50, maxRetries: 0 }));
    expect(error.message).toContain('its 50 ms in all (totalTimeoutMs) ran out.');
  });

  test('leaves the retries within it alone', async () => {
    const server = await serve((_, res, index) => (index < 2 ? json(res, 503, { success: false, error: 'Busy' }) : json(res, 200, { ok: true })));
    await expect(clientFor(server.url, { totalTimeoutMs: 10_000 }).thumbnails.list()).resolves.toEqual({ ok: true });
    expect(server.requests).toHaveLength(3);
  });
});

describe("the caller's AbortSignal", () => {
  test('aborting in flight throws APIUserAbortError and does not retry', async () => {
    const controller = new AbortController();
    const server = await serve(() => controller.abort());
    const error = await rejectionOf(clientFor(server.url).thumbnails.list({ signal: controller.signal }));
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(error.message).toBe(`GET ${server.url}/api/thumbnails was aborted by the caller's signal.`);
    expect(server.requests).toHaveLength(1);
  });

  test('an already aborted signal sends nothing', async () => {
    const server = await serve((_, res) => json(res, 200, {}));
    const error = await rejectionOf(clientFor(server.url).thumbnails.create({ prompt: 'A red fox at dawn' }, { signal: AbortSignal.abort() }));
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(server.requests).toHaveLength(0);
  });

  test('aborting during the wait before a retry stops at once', async () => {
    const controller = new AbortController();
    const server = await serve((_, res) => {
      json(res, 503, { success: false, error: 'Service Unavailable' });
      setImmediate(() => controller.abort());
    });
    // A one-minute backoff: the test would time out if the abort did not cut the wait short.
    const client = clientFor(server.url, { retryDelayMs: 60_000, maxRetryDelayMs: 60_000 });
    const error = await rejectionOf(client.thumbnails.list({ signal: controller.signal }));
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(server.requests).toHaveLength(1);
  });

  test('a signal passed to client.raw is honoured too', async () => {
    const controller = new AbortController();
    const server = await serve(() => controller.abort());
    const error = await rejectionOf(clientFor(server.url).raw.GET('/api/thumbnails', { signal: controller.signal }));
    expect(error).toBeInstanceOf(APIUserAbortError);
  });
});

describe('connection failures', () => {
  test('a connection reset throws APIConnectionError naming the cause', async () => {
    const server = await serve((_, __, ___, raw) => reset(raw));
    const error = await rejectionOf(clientFor(server.url, { maxRetries: 0 }).thumbnails.list());
    expect(error.constructor).toBe(APIConnectionError);
    expect(error.message).toMatch(new RegExp(`^GET ${server.url}/api/thumbnails failed before a response arrived: .*ECONNRESET.*\\.$`));
    expect(error.cause).toBeInstanceOf(Error);
  });

  test('a connection reset in the middle of the body throws APIConnectionError', async () => {
    const server = await serve((_, res, __, raw) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"ok":', () => setImmediate(() => reset(raw)));
    });
    const error = await rejectionOf(clientFor(server.url, { maxRetries: 0 }).thumbnails.list());
    expect(error.constructor).toBe(APIConnectionError);
    expect(error.message).toMatch(new RegExp(`^GET ${server.url}/api/thumbnails failed while reading the response: `));
  });

  test('a refused connection throws APIConnectionError after the retries', async () => {
    const closed = await startLocalServer(() => undefined);
    await closed.close();
    const error = await rejectionOf(clientFor(closed.url).thumbnails.list());
    expect(error.constructor).toBe(APIConnectionError);
    expect(error.message).toMatch(/ECONNREFUSED.*\(attempt 3 of 3\)\.$/);
  });

  test('client.raw throws the same typed error (openapi-fetch returns only HTTP answers)', async () => {
    const server = await serve((_, __, ___, raw) => reset(raw));
    const error = await rejectionOf(clientFor(server.url, { maxRetries: 0 }).raw.GET('/api/thumbnails'));
    expect(error).toBeInstanceOf(APIConnectionError);
  });
});
