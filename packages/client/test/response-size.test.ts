// maxResponseBytes: a body past it, success or error, endless or gzip-inflated, ends in a ResponseTooLargeError and
// the connection is dropped; and an error keeps only a bounded excerpt of whatever body it came with.
import type { ServerResponse } from 'node:http';
import { inspect } from 'node:util';
import { gzipSync } from 'node:zlib';
import { describe, expect, test, vi } from 'vitest';
import {
  ConfigurationError,
  InternalServerError,
  ResponseTooLargeError,
  ThumbnailApiError,
  ThumbnailClient,
  type ThumbnailClientOptions,
} from '../src/index.js';
import { json, useLocalServers } from './support/local-server.js';
import { rejectionOf } from './support/rejection.js';

const serve = useLocalServers();
const KB = 1024;
const MB = 1024 * KB;

function clientFor(baseUrl: string, options: ThumbnailClientOptions = {}): ThumbnailClient {
  return new ThumbnailClient({ apiKey: 'k', baseUrl, retryDelayMs: 1, maxRetryDelayMs: 5, ...options });
}

/** A server that writes `chunk` for as long as the client reads; it reports how much it wrote and whether the client hung up. */
async function endless(status: number, chunk: Buffer, headers: Record<string, string> = {}) {
  const seen = { written: 0, closed: 0 };
  const server = await serve((_, res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.on('close', () => seen.closed++);
    const pump = () => {
      while (!res.destroyed && res.write(chunk)) seen.written += chunk.length;
      if (!res.destroyed) res.once('drain', pump);
    };
    pump();
  });
  return { server, seen };
}

describe('a body past maxResponseBytes', () => {
  test.each([
    ['a success body', 200],
    ['an error body', 500],
  ])('%s that never ends gives ResponseTooLargeError, the connection dropped, without retrying', async (_, status) => {
    const { server, seen } = await endless(status, Buffer.alloc(64 * KB, 'x'));
    const error = await rejectionOf(clientFor(server.url, { maxResponseBytes: MB, maxRetries: 2 }).thumbnails.list());
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toBeInstanceOf(ThumbnailApiError);
    expect((error as ResponseTooLargeError).status).toBe(status);
    expect(error.message).toMatch(
      new RegExp(
        `^${status} .+ from GET /api/thumbnails: the body is longer than maxResponseBytes \\(1048576 bytes\\), so the client stopped reading it; raise maxResponseBytes if answers this large are expected$`,
      ),
    );
    expect(((error as ResponseTooLargeError).body as string).length).toBeLessThan(5 * KB);
    await vi.waitFor(() => expect(seen.closed).toBe(1));
    // What the server managed to write before the client hung up: the limit and what socket buffers hold, not more.
    expect(seen.written).toBeLessThan(16 * MB);
    expect(server.requests).toHaveLength(1);
  });

  test('a gzip body that inflates past it is counted as it inflates', async () => {
    const { server, seen } = await endless(200, gzipSync(Buffer.alloc(8 * MB)), { 'content-encoding': 'gzip' });
    const error = await rejectionOf(clientFor(server.url, { maxResponseBytes: 2 * MB }).request('GET', '/api/thumbnails'));
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    await vi.waitFor(() => expect(seen.closed).toBe(1));
  });

  test('a Content-Length past it fails at once, without reading or waiting for the body', async () => {
    const server = await serve((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(1024 * MB) });
      res.write('{"thumbnails":[');
    });
    // The time limit is far off: only a refusal on the declared length can end this call within the test.
    const error = await rejectionOf(clientFor(server.url, { timeoutMs: 600_000, maxRetries: 0 }).thumbnails.list());
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect((error as ResponseTooLargeError).body).toBeUndefined();
  });

  test('client.raw throws it too, and a call may set its own limit', async () => {
    const { server } = await endless(200, Buffer.alloc(16 * KB, 'x'));
    const client = clientFor(server.url);
    await expect(client.raw.GET('/api/thumbnails')).rejects.toBeInstanceOf(ResponseTooLargeError);
    const error = await rejectionOf(client.request('GET', '/api/thumbnails', { maxResponseBytes: 100 * KB }));
    expect(error.message).toContain('maxResponseBytes (102400 bytes)');
  });

  test('a body of exactly the limit is read', async () => {
    const body = JSON.stringify({ thumbnails: [], filler: 'x'.repeat(1000) });
    const server = await serve((_, res) => json(res, 200, JSON.parse(body)));
    await expect(clientFor(server.url, { maxResponseBytes: Buffer.byteLength(body) }).thumbnails.list()).resolves.toMatchObject({ thumbnails: [] });
  });

  test.each([0, 1.5, 2 ** 30 + 1])('the option refuses %s', (maxResponseBytes) => {
    expect(() => clientFor('http://127.0.0.1:1', { maxResponseBytes })).toThrow(ConfigurationError);
  });
});

describe('an error keeps a bounded excerpt of a large body', () => {
  const bulky = { success: false, error: `Upstream failed: ${'e'.repeat(3 * MB)}`, trace: 'x'.repeat(3 * MB) };

  test('in its message, String(), toJSON() and util.inspect(), saying how much was cut', async () => {
    const server = await serve((_, res) => json(res, 500, bulky));
    const error = (await rejectionOf(clientFor(server.url, { maxRetries: 0 }).thumbnails.list())) as InternalServerError;
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.message).toMatch(/^500 Internal Server Error from GET \/api\/thumbnails: Upstream failed: e+… \[\d+ more characters cut\]$/);
    expect(error.message.length).toBeLessThan(2 * KB);
    expect(error.error).toMatch(/^Upstream failed: e{4079}… \[3141649 more characters cut\]$/);
    expect(error.body).toMatch(/^\{"success":false,"error":"Upstream failed: e+… \[\d+ more characters cut\]$/);
    for (const view of [String(error), JSON.stringify(error), inspect(error, { depth: Number.POSITIVE_INFINITY, showHidden: true })]) {
      expect(view.length).toBeLessThan(40 * KB);
    }
  });

  test('a short body is kept whole, as parsed JSON', async () => {
    const server = await serve((_, res) => json(res, 500, { success: false, error: 'Oops', detail: [1, 2, 3] }));
    const error = (await rejectionOf(clientFor(server.url, { maxRetries: 0 }).thumbnails.list())) as InternalServerError;
    expect(error.body).toEqual({ success: false, error: 'Oops', detail: [1, 2, 3] });
  });
});
