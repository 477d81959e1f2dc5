// The mock keeps an HTTP server's manners (issue 13, items 8-11): authentication before anything else, Allow on
// every 405, HEAD and OPTIONS answered, a 404 that names the path, and for what the contract does not document an
// error that is clearly the mock's own, never something shaped like the service's answer.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type RunningMock, startMock } from '../src/index.js';
import { type RawResponse, send } from './helpers/http.js';

const unauthorized = { success: false, error: 'Unauthorized' };
const forbidden = { success: false, error: 'Forbidden' };

let open: RunningMock;
let registry: RunningMock;
beforeAll(async () => {
  [open, registry] = await Promise.all([
    startMock({ port: 0 }),
    startMock({ port: 0, keys: { 'key-ok': 'ok', 'key-revoked': 'unauthorized', 'key-no-access': 'forbidden' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([open?.stop(), registry?.stop()]);
});

/** A mock's own error: problem details, labelled, and nothing like the service's `{success, error}` body. */
function expectMockError(response: RawResponse, status: number, kind: string): Record<string, unknown> {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toBe('application/problem+json');
  expect(response.headers['x-thumbnail-api-mock-error']).toBe(kind);
  const body = response.json();
  expect(body).toMatchObject({ status, type: `https://thumbnail-api.invalid/mock-errors/${kind}`, title: expect.stringMatching(/^thumbnail-api-mock: /) });
  expect(body).not.toHaveProperty('success');
  expect(body).not.toHaveProperty('error');
  return body;
}

describe('authentication comes first, whatever the body', () => {
  const bodies = [
    ['malformed JSON', { 'content-type': 'application/json' }, '{bad'],
    ['a body that breaks the schema', { 'content-type': 'application/json' }, '{"prompt":5}'],
    ['the wrong content type', { 'content-type': 'text/plain' }, 'hello'],
    ['a form body', { 'content-type': 'application/x-www-form-urlencoded' }, '%zz=1'],
    ['a body over 10 MB', { 'content-type': 'application/json' }, JSON.stringify({ prompt: 'x'.repeat(11 * 1024 * 1024) })],
  ] as const;
  const keys = [
    ['no key', () => open, {}, 401, unauthorized],
    ['no key (with a registry)', () => registry, {}, 401, unauthorized],
    ['an unknown key', () => registry, { 'x-api-key': 'someone-elses' }, 401, unauthorized],
    ['a revoked key', () => registry, { 'x-api-key': 'key-revoked' }, 401, unauthorized],
    ['a key without access', () => registry, { 'x-api-key': 'key-no-access' }, 403, forbidden],
  ] as const;
  for (const [who, mock, keyHeaders, status, documented] of keys) {
    test.each(bodies)(`${who} with %s → the documented ${status}`, async (_, typeHeaders, body) => {
      const response = await send(mock().url, { method: 'POST', headers: { ...keyHeaders, ...typeHeaders }, body });
      expect(response.status).toBe(status);
      expect(response.headers['content-type']).toBe('application/json');
      expect(response.json()).toEqual(documented);
    });
  }

  test('the connection stays usable after a 401 answered before a large body was read', async () => {
    const body = JSON.stringify({ prompt: 'x'.repeat(2 * 1024 * 1024) });
    for (let round = 0; round < 3; round++) {
      expect((await send(registry.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).status).toBe(401);
      expect((await send(registry.url, { headers: { 'x-api-key': 'key-ok' } })).status).toBe(200);
    }
  });
});

describe('methods', () => {
  test.each(['PUT', 'PATCH', 'DELETE', 'TRACE'])("%s on a documented path → 405 with Allow and the mock's error", async (method) => {
    const response = await send(open.url, { method, headers: { 'x-api-key': 'k' } });
    const body = expectMockError(response, 405, 'method-not-allowed');
    expect(response.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
    expect(body.allowedMethods).toEqual(['GET', 'HEAD', 'POST', 'OPTIONS']);
  });

  test.each([
    ['a key', { 'x-api-key': 'k' }, 200],
    ['no key', {}, 401],
  ])("HEAD with %s → the GET answer's status and headers, no body", async (_, headers, status) => {
    const [get, head] = await Promise.all([send(open.url, { headers }), send(open.url, { method: 'HEAD', headers })]);
    expect(head.status).toBe(status);
    expect(get.status).toBe(status);
    for (const name of ['content-type', 'content-length', 'vary']) expect(head.headers[name], name).toBe(get.headers[name]);
    expect(head.body.length).toBe(0);
    // The length HEAD announces is that of the body a GET gets.
    expect(head.headers['content-length']).toBe(String(get.body.length));
  });

  test('OPTIONS (not a preflight) → 204 with Allow', async () => {
    const response = await send(open.url, { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
  });

  test("a CORS preflight → 204 allowing the path's methods and the headers asked for", async () => {
    const response = await send(open.url, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-api-key, content-type' },
    });
    expect(response.status).toBe(204);
    expect(response.headers).toMatchObject({
      'access-control-allow-origin': 'http://localhost:5173',
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': 'GET, HEAD, POST, OPTIONS',
      'access-control-allow-headers': 'x-api-key, content-type',
      'access-control-max-age': '600',
    });
    expect(response.headers.vary).toContain('Origin');
  });
});

describe('paths the contract does not document', () => {
  test.each(['/api/persons', '/api/thumbnails/', '/API/thumbnails', '/'])('%s → 404 naming the path', async (path) => {
    const response = await send(open.url, { path: `${path}?key=secret`, headers: { 'x-api-key': 'k' } });
    const body = expectMockError(response, 404, 'unknown-path');
    expect(body.path).toBe(path);
    expect(body.title).toBe(`thumbnail-api-mock: the contract documents no path ${path}`);
    expect(response.body.toString()).not.toContain('secret');
  });
});

describe('honest answers for what the contract does not document', () => {
  const documentedStatuses = ['200', '401', '403', 'default'];
  test.each([
    ['Prefer: code=500', { prefer: 'code=500' }, '/api/thumbnails'],
    ['Prefer: code=422', { prefer: 'code=422' }, '/api/thumbnails'],
    ['Prefer: code=999', { prefer: 'code=999' }, '/api/thumbnails'],
    ['?__code=500', {}, '/api/thumbnails?__code=500'],
  ])("%s → the mock's 400 naming the documented statuses", async (_, headers, path) => {
    const response = await send(open.url, { path, headers: { 'x-api-key': 'k', ...headers } });
    const body = expectMockError(response, 400, 'undocumented-status');
    expect(body.documentedStatuses).toEqual(documentedStatuses);
  });

  test.each([
    ['an unknown example', 'example=nope', ['ListThumbnailsResponseExample']],
    ['an example of another answer', 'code=401, example=ListThumbnailsResponseExample', ['UnauthorizedResponseExample']],
  ])("Prefer: %s → the mock's 400 naming the examples of that answer", async (_, prefer, examples) => {
    const response = await send(open.url, { headers: { 'x-api-key': 'k', prefer } });
    const body = expectMockError(response, 400, 'undocumented-example');
    expect(body.documentedExamples).toEqual(examples);
  });

  test.each(['code=abc', 'code', 'dynamic=maybe', 'code=200, example'])("a Prefer the mock cannot read (%s) → the mock's 400 saying so", async (prefer) => {
    expectMockError(await send(open.url, { headers: { 'x-api-key': 'k', prefer } }), 400, 'malformed-prefer');
  });

  test("a query fallback given twice (?__code=403&__code=401) → the mock's 400 saying so", async () => {
    expectMockError(await send(open.url, { path: '/api/thumbnails?__code=403&__code=401', headers: { 'x-api-key': 'k' } }), 400, 'malformed-prefer');
  });

  test('a documented Prefer with an Accept the answer cannot meet → the 406 answer', async () => {
    const response = await send(open.url, { headers: { 'x-api-key': 'k', prefer: 'code=403', accept: 'text/html' } });
    expect(response.status).toBe(406);
    expect(response.json()).toEqual({ success: false, error: 'Invalid request' });
  });

  test.each([
    ['code=403', 403, forbidden],
    ['code=401', 401, unauthorized],
    ['code=200', 200, {}],
    ['example=ListThumbnailsResponseExample', 200, {}],
    ['code=401, example=UnauthorizedResponseExample', 401, unauthorized],
    ['respond-async, wait=5', 200, {}],
  ])('a documented Prefer (%s) → the documented answer', async (prefer, status, body) => {
    const response = await send(open.url, { headers: { 'x-api-key': 'k', prefer } });
    expect(response.status).toBe(status);
    expect(response.json()).toEqual(body);
    expect(response.headers['x-thumbnail-api-mock-error']).toBeUndefined();
  });
});
