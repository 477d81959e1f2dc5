// The Response a call hands to openapi-fetch, middleware and `client.raw` users (a new one over the body the transport
// read) behaves like fetch's, whether a retry was left or not; what a Response cannot hold arrives as the README says.
import { describe, expect, test } from 'vitest';
import { InternalServerError, ThumbnailClient } from '../src/index.js';
import { json, useLocalServers } from './support/local-server.js';

const serve = useLocalServers();
const BODY = { thumbnails: [{ id: 't_1', prompt: 'A red fox at dawn' }] };

describe.each([
  ['read within the attempt (a retry is left)', 2],
  ['streamed (no retry left)', 0],
])('a body %s', (_, maxRetries) => {
  const clientFor = (baseUrl: string) => new ThumbnailClient({ apiKey: 'k', baseUrl, maxRetries });

  test('reaches client.raw as a stream with parseAs: "stream"', async () => {
    const server = await serve((__, res) => json(res, 200, BODY));
    const { data, response } = await clientFor(server.url).raw.GET('/api/thumbnails', { parseAs: 'stream' });
    expect(response.bodyUsed).toBe(false);
    expect(JSON.parse(await new Response(data).text())).toEqual(BODY);
  });

  test('reaches client.raw as a Blob with parseAs: "blob", and as an ArrayBuffer with parseAs: "arrayBuffer"', async () => {
    const server = await serve((__, res) => json(res, 200, BODY));
    const blob = await clientFor(server.url).raw.GET('/api/thumbnails', { parseAs: 'blob' });
    expect(JSON.parse(await (blob.data as Blob).text())).toEqual(BODY);
    const buffer = await clientFor(server.url).raw.GET('/api/thumbnails', { parseAs: 'arrayBuffer' });
    expect(JSON.parse(new TextDecoder().decode(buffer.data as ArrayBuffer))).toEqual(BODY);
  });

  test('can be read only once, as with fetch', async () => {
    const server = await serve((__, res) => json(res, 200, BODY));
    const { data, response } = await clientFor(server.url).raw.GET('/api/thumbnails');
    expect(data).toEqual(BODY);
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow(TypeError);
    await expect(response.json()).rejects.toThrow(TypeError);
    expect(() => response.clone()).toThrow(TypeError);
  });

  test('can be cloned and read by middleware, and the call still gets its data', async () => {
    const server = await serve((__, res) => json(res, 200, BODY, { 'x-request-id': 'req-1' }));
    const client = clientFor(server.url);
    const seen: unknown[] = [];
    client.raw.use({
      async onResponse({ response }) {
        seen.push(await response.clone().json(), response.headers.get('x-request-id'), response.status);
        return undefined;
      },
    });
    const { data } = await client.raw.GET('/api/thumbnails');
    expect(data).toEqual(BODY);
    expect(seen).toEqual([BODY, 'req-1', 200]);
  });

  test('keeps the status, reason phrase and headers fetch read; its url is empty, as for any Response made by code', async () => {
    const server = await serve((__, res) => json(res, 200, BODY, { 'x-request-id': 'req-2' }));
    const { response } = await clientFor(server.url).raw.GET('/api/thumbnails');
    expect(response).toBeInstanceOf(Response);
    expect([response.status, response.statusText, response.ok, response.url]).toEqual([200, 'OK', true, '']);
    expect(response.headers.get('x-request-id')).toBe('req-2');
  });
});

describe('an answer a Response cannot hold as fetch read it', () => {
  const clientFor = (baseUrl: string) => new ThumbnailClient({ apiKey: 'sk_test_BODY_5e1f', baseUrl, maxRetries: 0 });

  test('a status past 599 is a typed error naming it, on client.raw too', async () => {
    const server = await serve((__, res) => {
      res.writeHead(799, 'Odd', { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: false, error: 'Odd gateway' }));
    });
    for (const call of [() => clientFor(server.url).thumbnails.list(), () => clientFor(server.url).raw.GET('/api/thumbnails')]) {
      const error = await call().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(InternalServerError);
      expect(error).toMatchObject({ status: 799, error: 'Odd gateway', body: { success: false, error: 'Odd gateway' } });
      expect((error as Error).message).toBe('799 Odd from GET /api/thumbnails: Odd gateway');
    }
  });

  test('a reason phrase fetch reads past Latin-1 (from bytes that are not UTF-8) is left out; the rest arrives', async () => {
    const server = await serve((__, res) => {
      res.writeHead(200, 'Tr\u00e8s bien', { 'content-type': 'application/json' });
      res.end(JSON.stringify(BODY));
    });
    const { data, response } = await clientFor(server.url).raw.GET('/api/thumbnails');
    expect([data, response.status, response.statusText]).toEqual([BODY, 200, '']);
  });
});
