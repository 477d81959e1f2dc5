// The Response a call hands to openapi-fetch, middleware and `client.raw` users (a new one over the body the transport
// read) behaves like fetch's, whether a retry was left or not.
import { describe, expect, test } from 'vitest';
import { ThumbnailClient } from '../src/index.js';
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
    await expect(client.thumbnails.list()).resolves.toEqual(BODY);
    expect(seen).toEqual([BODY, 'req-1', 200]);
  });

  test('keeps the status, headers and URL fetch read', async () => {
    const server = await serve((__, res) => json(res, 200, BODY, { 'x-request-id': 'req-2' }));
    const { response } = await clientFor(server.url).raw.GET('/api/thumbnails');
    expect(response).toBeInstanceOf(Response);
    expect([response.status, response.statusText, response.ok, response.url]).toEqual([200, 'OK', true, `${server.url}/api/thumbnails`]);
    expect(response.headers.get('x-request-id')).toBe('req-2');
  });
});
