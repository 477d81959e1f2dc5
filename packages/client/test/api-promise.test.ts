// What create(), list() and request() return: awaited, the parsed body as before; `.withResponse()`, the body with the
// final attempt's Response and request id; `.asResponse()`, that Response with its body unread, still under the
// client's time limit, abort signal and size limit, its failures the same typed errors.
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import {
  APITimeoutError,
  APIUserAbortError,
  AuthenticationError,
  InternalServerError,
  RequestArgumentError,
  ResponseTooLargeError,
  ThumbnailApiError,
  ThumbnailClient,
} from '../src/index.js';
import { json, text, useLocalServers } from './support/local-server.js';

const serve = useLocalServers();
const BODY = { thumbnails: [{ id: 't_1', prompt: 'A red fox at dawn' }] };
const clientFor = (baseUrl: string, options = {}) => new ThumbnailClient({ apiKey: 'k', baseUrl, retryDelayMs: 1, ...options });

/** Reads a stream to its end, or to the error it fails with. */
async function readAll(response: Response): Promise<{ text: string; error?: unknown }> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
  } catch (error) {
    return { text: '', error };
  }
  return { text: Buffer.concat(chunks).toString('utf8') };
}

describe('awaited', () => {
  test('resolves to the parsed body, as before', async () => {
    const server = await serve((_, res) => json(res, 200, BODY));
    const call = clientFor(server.url).thumbnails.list();
    expect(call).toBeInstanceOf(Promise);
    await expect(call).resolves.toEqual(BODY);
    await expect(call.then((data) => data.thumbnails)).resolves.toEqual(BODY.thumbnails);
  });
});

describe('withResponse()', () => {
  test('gives the data, the final Response and the request id of a common header', async () => {
    const server = await serve((_, res) => json(res, 200, BODY, { 'x-request-id': 'req-7', 'x-ratelimit-remaining': '41' }));
    const { data, response, requestId } = await clientFor(server.url).thumbnails.list().withResponse();
    expect(data).toEqual(BODY);
    expect([response.status, response.ok, response.url]).toEqual([200, true, `${server.url}/api/thumbnails`]);
    expect(response.headers.get('x-ratelimit-remaining')).toBe('41');
    expect(requestId).toBe('req-7');
  });

  test('gives requestId null when no common request-id header came (the service documents none)', async () => {
    const server = await serve((_, res) => json(res, 200, BODY));
    await expect(clientFor(server.url).thumbnails.create({ prompt: 'A red fox at dawn' }).withResponse()).resolves.toMatchObject({ requestId: null });
  });

  test('gives the Response of the attempt that succeeded after a retry', async () => {
    const server = await serve((_, res, index) =>
      index === 0 ? json(res, 503, { success: false, error: 'Busy' }) : json(res, 200, BODY, { 'x-request-id': 'req-2' }),
    );
    const { response, requestId } = await clientFor(server.url).thumbnails.list().withResponse();
    expect([response.status, requestId, server.requests.length]).toEqual([200, 'req-2', 2]);
  });

  test('throws the same typed errors as awaiting', async () => {
    const server = await serve((_, res) => json(res, 401, { success: false, error: 'Unauthorized' }));
    await expect(clientFor(server.url).thumbnails.list().withResponse()).rejects.toBeInstanceOf(AuthenticationError);
    const notJson = await serve((_, res) => text(res, 200, 'not json', { 'content-type': 'text/plain' }));
    await expect(clientFor(notJson.url).thumbnails.list().withResponse()).rejects.toThrow(ThumbnailApiError);
  });

  test('works on request() for paths the contract does not describe', async () => {
    const server = await serve((_, res) => json(res, 200, { data: [] }, { 'x-request-id': 'req-p' }));
    const { data, requestId } = await clientFor(server.url).request<{ data: unknown[] }>('GET', '/api/persons').withResponse();
    expect([data, requestId]).toEqual([{ data: [] }, 'req-p']);
  });
});

describe('asResponse()', () => {
  test('gives the final Response with its body unread, not parsed', async () => {
    const server = await serve((_, res) => text(res, 200, 'plain text, not JSON', { 'content-type': 'text/plain' }));
    const response = await clientFor(server.url).thumbnails.create({ prompt: 'A red fox at dawn' }).asResponse();
    expect([response.status, response.bodyUsed, response.headers.get('content-type')]).toEqual([200, false, 'text/plain']);
    await expect(response.text()).resolves.toBe('plain text, not JSON');
    expect(server.requests).toHaveLength(1);
  });

  test('keeps the reason phrase, or leaves out one a Response refuses (bytes that are not UTF-8)', async () => {
    const server = await serve((request, res) => {
      res.writeHead(200, request.url === '/api/persons' ? 'Tr\xe8s bien' : 'Fine', { 'content-type': 'application/json' });
      res.end('{}');
    });
    const client = clientFor(server.url);
    expect((await client.thumbnails.list().asResponse()).statusText).toBe('Fine');
    const response = await client.request('GET', '/api/persons').asResponse();
    expect([response.status, response.statusText]).toEqual([200, '']);
    await expect(response.json()).resolves.toEqual({});
  });

  test('streams a long body chunk by chunk as it arrives', async () => {
    const server = await serve((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"part":1}');
      setTimeout(() => res.end('{"part":2}'), 100);
    });
    const response = await clientFor(server.url).thumbnails.list().asResponse();
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(Buffer.from(first.value ?? []).toString()).toBe('{"part":1}');
    const second = await reader.read();
    expect(Buffer.from(second.value ?? []).toString()).toBe('{"part":2}');
    expect((await reader.read()).done).toBe(true);
  });

  test('throws the typed error of an answer that is not a 2xx, after the retries', async () => {
    const server = await serve((_, res) => json(res, 503, { success: false, error: 'Busy' }));
    await expect(clientFor(server.url, { maxRetries: 1 }).thumbnails.list().asResponse()).rejects.toBeInstanceOf(InternalServerError);
    expect(server.requests).toHaveLength(2);
  });

  test('errors the body with ResponseTooLargeError past maxResponseBytes, and drops the connection', async () => {
    let closed = false;
    const server = await serve((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => res.write('x'.repeat(1024)), 5);
      res.on('close', () => {
        clearInterval(timer);
        closed = true;
      });
    });
    const response = await clientFor(server.url).thumbnails.list({ maxResponseBytes: 10_000 }).asResponse();
    const { error } = await readAll(response);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect((error as Error).message).toContain('maxResponseBytes (10000 bytes)');
    await expect.poll(() => closed).toBe(true);
  });

  test('errors the body with APITimeoutError when it stalls past timeoutMs', async () => {
    const server = await serve((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"thumbnails":');
    });
    const response = await clientFor(server.url, { timeoutMs: 300 }).thumbnails.list().asResponse();
    const { error } = await readAll(response);
    expect(error).toBeInstanceOf(APITimeoutError);
    expect((error as Error).message).toMatch(/timed out after 300 ms \(timeoutMs\)/);
  });

  test("errors the body with APIUserAbortError when the caller's signal fires while it is read", async () => {
    const server = await serve((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"thumbnails":');
    });
    const controller = new AbortController();
    const response = await clientFor(server.url).thumbnails.list({ signal: controller.signal }).asResponse();
    setTimeout(() => controller.abort(), 50);
    const { error } = await readAll(response);
    expect(error).toBeInstanceOf(APIUserAbortError);
  });

  test('cancelling the body drops the connection', async () => {
    let closed = false;
    const server = await serve((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"thumbnails":');
      res.on('close', () => {
        closed = true;
      });
    });
    const response = await clientFor(server.url).thumbnails.list().asResponse();
    await response.body?.cancel();
    await expect.poll(() => closed).toBe(true);
  });

  test('asked for after the call was awaited, gives the same answer over the body already read', async () => {
    const server = await serve((_, res) => json(res, 200, BODY, { 'x-request-id': 'req-late' }));
    const call = clientFor(server.url).thumbnails.list();
    await expect(call).resolves.toEqual(BODY);
    const response = await call.asResponse();
    expect([response.status, response.headers.get('x-request-id')]).toEqual([200, 'req-late']);
    await expect(response.json()).resolves.toEqual(BODY);
    expect(server.requests).toHaveLength(1);
  });

  test('and awaiting the same call both work: the data is read from a copy of the body', async () => {
    const server = await serve((_, res) => json(res, 200, BODY));
    const call = clientFor(server.url).thumbnails.list();
    const response = await call.asResponse();
    await expect(call).resolves.toEqual(BODY);
    await expect(response.json()).resolves.toEqual(BODY);
  });
});

describe('a call refused before anything is sent', () => {
  test.each(['await', 'withResponse', 'asResponse'] as const)('rejects through %s with the RequestArgumentError', async (way) => {
    const server = await serve((_, res) => json(res, 200, BODY));
    const call = clientFor(server.url).thumbnails.list({ timeoutMS: 5 } as never);
    const outcome = way === 'await' ? call : way === 'withResponse' ? call.withResponse() : call.asResponse();
    await expect(outcome).rejects.toBeInstanceOf(RequestArgumentError);
    expect(server.requests).toHaveLength(0);
  });
});

describe.each([
  ['ES module', () => import(new URL('../dist/index.js', import.meta.url).href)],
  ['CommonJS', async () => createRequire(import.meta.url)('../dist/cjs/index.js')],
])('the %s build', (_, load) => {
  test('offers withResponse() and asResponse()', async () => {
    const { ThumbnailClient: Built } = (await load()) as typeof import('../src/index.js');
    const server = await serve((__, res) => json(res, 200, BODY, { 'x-request-id': 'req-b' }));
    const client = new Built({ apiKey: 'k', baseUrl: server.url });
    await expect(client.thumbnails.list().withResponse()).resolves.toMatchObject({ data: BODY, requestId: 'req-b' });
    await expect((await client.thumbnails.list().asResponse()).json()).resolves.toEqual(BODY);
  });
});
