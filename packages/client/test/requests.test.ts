// What goes over the wire: auth, headers, bodies, query strings; and the three ways to call the API.
import { describe, expect, test } from 'vitest';
import { ConfigurationError, type FetchFunction, NotFoundError, ThumbnailClient, VERSION } from '../src/index.js';
import { json, text, useLocalServers } from './support/local-server.js';

const serve = useLocalServers();

describe('authentication', () => {
  test('sends the key as x-api-key by default, and no Authorization header', async () => {
    const server = await serve((_, res) => json(res, 200, {}));
    await new ThumbnailClient({ apiKey: 'key-123', baseUrl: server.url }).thumbnails.list();
    expect(server.requests[0]?.headers['x-api-key']).toBe('key-123');
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  test("sends Authorization: Bearer with auth: 'bearer', and no x-api-key", async () => {
    const server = await serve((_, res) => json(res, 200, {}));
    await new ThumbnailClient({ apiKey: 'key-123', baseUrl: server.url, auth: 'bearer' }).thumbnails.list();
    expect(server.requests[0]?.headers.authorization).toBe('Bearer key-123');
    expect(server.requests[0]?.headers['x-api-key']).toBeUndefined();
  });
});

describe('headers', () => {
  test('names the package, its version and the runtime in User-Agent and the runtime headers, and asks for JSON', async () => {
    const server = await serve((_, res) => json(res, 200, {}));
    await new ThumbnailClient({ apiKey: 'k', baseUrl: server.url }).thumbnails.list();
    expect(server.requests[0]?.headers).toMatchObject({
      'user-agent': `thumbnail-api-client/${VERSION} node/${process.versions.node}`,
      'x-thumbnail-client-runtime': 'node',
      'x-thumbnail-client-runtime-version': process.versions.node,
      accept: 'application/json',
    });
  });

  test('sends default headers on every call, and per-call headers on that call only', async () => {
    const server = await serve((_, res) => json(res, 200, {}));
    const client = new ThumbnailClient({ apiKey: 'k', baseUrl: server.url, headers: { 'X-Team': 'video' } });
    await client.thumbnails.list({ headers: { Prefer: 'code=200' } });
    await client.thumbnails.list();
    expect(server.requests.map((request) => [request.headers['x-team'], request.headers.prefer])).toEqual([
      ['video', 'code=200'],
      ['video', undefined],
    ]);
  });

  test('sends the create body as JSON', async () => {
    const server = await serve((_, res) => json(res, 200, { id: 't_1' }));
    const created = await new ThumbnailClient({ apiKey: 'k', baseUrl: server.url }).thumbnails.create({ prompt: 'A red fox at dawn' });
    expect(created).toEqual({ id: 't_1' });
    expect(server.requests[0]).toMatchObject({ method: 'POST', url: '/api/thumbnails', body: '{"prompt":"A red fox at dawn"}' });
    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
  });

  test('uses the injected fetch', async () => {
    const server = await serve((_, res) => json(res, 200, {}));
    const seen: string[] = [];
    const countingFetch: FetchFunction = (url, init) => {
      seen.push(`${init.method} ${url}`);
      return fetch(url, init);
    };
    await new ThumbnailClient({ apiKey: 'k', baseUrl: server.url, fetch: countingFetch }).thumbnails.list();
    expect(seen).toEqual([`GET ${server.url}/api/thumbnails`]);
  });

  test('keeps a path prefix of the base URL', async () => {
    const server = await serve((_, res) => json(res, 200, {}));
    await new ThumbnailClient({ apiKey: 'k', baseUrl: `${server.url}/gateway/` }).thumbnails.list();
    expect(server.requests[0]?.url).toBe('/gateway/api/thumbnails');
  });
});

describe('request(): the escape hatch for endpoints the contract does not describe', () => {
  test('sends method, path, query and JSON body with the key, and returns the parsed body', async () => {
    const server = await serve((_, res) => json(res, 201, { id: 'p_1' }));
    const client = new ThumbnailClient({ apiKey: 'key-123', baseUrl: server.url });
    const person = await client.request<{ id: string }>('POST', '/api/persons', { query: { dryRun: true, tags: ['a', 'b'] }, body: { name: 'Ada' } });
    expect(person).toEqual({ id: 'p_1' });
    expect(server.requests[0]).toMatchObject({ method: 'POST', url: '/api/persons?dryRun=true&tags=a&tags=b', body: '{"name":"Ada"}' });
    expect(server.requests[0]?.headers['x-api-key']).toBe('key-123');
  });

  test('returns undefined for an empty success body (204)', async () => {
    const server = await serve((_, res) => text(res, 204, ''));
    await expect(new ThumbnailClient({ apiKey: 'k', baseUrl: server.url }).request('DELETE', '/api/persons/p_1')).resolves.toBeUndefined();
  });

  test('throws the same typed errors', async () => {
    const server = await serve((_, res) => json(res, 404, { success: false, error: 'Not Found' }));
    await expect(new ThumbnailClient({ apiKey: 'k', baseUrl: server.url }).request('GET', '/api/templates')).rejects.toBeInstanceOf(NotFoundError);
  });

  test.each([
    ['a path without a leading slash', 'GET', 'api/persons'],
    ['a path with a query string', 'GET', '/api/persons?page=2'],
    ['an absolute URL', 'GET', 'https://elsewhere.invalid/api'],
    ['a path template', 'GET', '/api/persons/{id}'],
    ['a lower-case method', 'get', '/api/persons'],
  ])('refuses %s before sending anything', async (_, method, path) => {
    const server = await serve((__, res) => json(res, 200, {}));
    const client = new ThumbnailClient({ apiKey: 'k', baseUrl: server.url });
    await expect(client.request(method as 'GET', path)).rejects.toThrow(ConfigurationError);
    expect(server.requests).toHaveLength(0);
  });
});

describe('client.raw: openapi-fetch, typed from the contract', () => {
  test('returns { data, error, response } with the same auth and base URL', async () => {
    const server = await serve((_, res) => json(res, 200, { items: [] }));
    const { data, error, response } = await new ThumbnailClient({ apiKey: 'key-123', baseUrl: server.url }).raw.GET('/api/thumbnails');
    expect(response.status).toBe(200);
    expect(error).toBeUndefined();
    expect(data).toEqual({ items: [] });
    expect(server.requests[0]?.headers['x-api-key']).toBe('key-123');
  });

  test('returns error bodies rather than throwing, as openapi-fetch does', async () => {
    const server = await serve((_, res) => json(res, 403, { success: false, error: 'Forbidden' }));
    const { data, error, response } = await new ThumbnailClient({ apiKey: 'k', baseUrl: server.url }).raw.GET('/api/thumbnails');
    expect(response.status).toBe(403);
    expect(data).toBeUndefined();
    expect(error).toEqual({ success: false, error: 'Forbidden' });
  });

  test('middleware added with raw.use() applies to raw calls only, and no longer once ejected', async () => {
    const server = await serve((_, res) => json(res, 200, {}));
    const client = new ThumbnailClient({ apiKey: 'k', baseUrl: server.url });
    const trace = {
      onRequest({ request }: { request: Request }) {
        request.headers.set('X-Trace', 'trace-1');
        return request;
      },
    };
    client.raw.use(trace);
    await client.raw.GET('/api/thumbnails');
    await client.thumbnails.list();
    await client.request('GET', '/api/persons');
    client.raw.eject(trace);
    await client.raw.GET('/api/thumbnails');
    expect(server.requests.map((request) => [request.url, request.headers['x-trace']])).toEqual([
      ['/api/thumbnails', 'trace-1'],
      ['/api/thumbnails', undefined],
      ['/api/persons', undefined],
      ['/api/thumbnails', undefined],
    ]);
  });

  test('the fetch option sees every call: the resource methods, request() and client.raw', async () => {
    const server = await serve((_, res) => json(res, 200, {}));
    const traced: FetchFunction = (url, init) => {
      const headers = new Headers(init.headers);
      headers.set('X-Trace', 'trace-2');
      return fetch(url, { ...init, headers });
    };
    const client = new ThumbnailClient({ apiKey: 'k', baseUrl: server.url, fetch: traced });
    await client.thumbnails.list();
    await client.thumbnails.create({ prompt: 'A red fox at dawn' });
    await client.request('GET', '/api/persons');
    await client.raw.GET('/api/thumbnails');
    expect(server.requests.map((request) => `${request.method} ${request.url} ${request.headers['x-trace']}`)).toEqual([
      'GET /api/thumbnails trace-2',
      'POST /api/thumbnails trace-2',
      'GET /api/persons trace-2',
      'GET /api/thumbnails trace-2',
    ]);
  });

  test('refuses a per-request baseUrl that would send the key over plain http to another host', async () => {
    const server = await serve((_, res) => json(res, 200, {}));
    const client = new ThumbnailClient({ apiKey: 'k', baseUrl: server.url });
    await expect(client.raw.GET('/api/thumbnails', { baseUrl: 'http://thumbnails.invalid' })).rejects.toThrow(
      'Refusing to send the API key over plain http:// to thumbnails.invalid',
    );
  });
});
