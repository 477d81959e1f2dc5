// client.raw is openapi-fetch's surface, but what the client builds for it keeps the key out: an answer that is not
// a success reaches `error`, `response` and middleware with the key redacted; a success's data is the server's, as
// sent; and no single raw call can route the key around the client's transport.
import { inspect } from 'node:util';
import { describe, expect, test, vi } from 'vitest';
import { type FetchFunction, RequestArgumentError, ThumbnailClient } from '../src/index.js';
import { json, useLocalServers } from './support/local-server.js';

const serve = useLocalServers();
const KEY = 'sk_test_RAW_SAFETY_2c7d';

describe('an answer that is not a success, echoing the key', () => {
  const echoing = (status: number) => (_: unknown, res: Parameters<typeof json>[0]) => {
    res.writeHead(status, `Refused ${KEY}`, {
      'content-type': 'application/json',
      'x-echo': `key=${KEY}`,
      location: `https://elsewhere.invalid/?k=${encodeURIComponent(KEY)}`,
    });
    res.end(JSON.stringify({ success: false, error: `bad key ${KEY}`, [KEY]: true }));
  };

  test.each([401, 302, 503])('%i reaches client.raw with the key redacted in error, response and middleware', async (status) => {
    const server = await serve(echoing(status));
    const client = new ThumbnailClient({ apiKey: KEY, baseUrl: server.url, maxRetries: 0 });
    const seen: string[] = [];
    client.raw.use({
      async onResponse({ response }) {
        seen.push(await response.clone().text(), response.statusText, response.headers.get('x-echo') ?? '');
        return undefined;
      },
    });
    const { error, response } = await client.raw.GET('/api/thumbnails');
    expect(response.status).toBe(status);
    expect(error).toEqual({ success: false, error: 'bad key [redacted]', '[redacted]': true });
    expect(response.statusText).toBe('Refused [redacted]');
    expect(response.headers.get('x-echo')).toBe('key=[redacted]');
    expect(response.headers.get('location')).toBe('https://elsewhere.invalid/?k=[redacted]');
    const views = [inspect(error, { depth: Number.POSITIVE_INFINITY }), JSON.stringify(error), inspect(response, { depth: Number.POSITIVE_INFINITY }), ...seen];
    for (const view of views) expect(view).not.toContain(KEY);
  });
});

test("a success's data is the server's, returned as sent (README: what client.raw does not protect)", async () => {
  const server = await serve((_, res) => json(res, 200, { echo: KEY }));
  const { data } = await new ThumbnailClient({ apiKey: KEY, baseUrl: server.url }).raw.GET('/api/thumbnails');
  expect(data).toEqual({ echo: KEY });
});

test('a raw call with a fetch of its own is refused before the key is handed to it', async () => {
  const server = await serve((_, res) => json(res, 200, {}));
  const ownFetch = vi.fn<FetchFunction>((url, init) => fetch(url, init));
  const client = new ThumbnailClient({ apiKey: KEY, baseUrl: server.url });
  const error = await client.raw
    .POST('/api/thumbnails', { body: { prompt: 'A red fox at dawn' }, fetch: ownFetch as never })
    .catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(RequestArgumentError);
  expect((error as RequestArgumentError).argument).toBe('fetch');
  expect((error as Error).message).toContain('Pass the fetch option to new ThumbnailClient() instead.');
  expect(ownFetch).not.toHaveBeenCalled();
  expect(server.requests).toHaveLength(0);
});
