// CORS done right: the request's origin reflected with Vary: Origin (never `*` next to credentials), for every
// origin by default or only the ones given with corsOrigin.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type RunningMock, startMock } from '../src/index.js';
import { type RawResponse, send } from './helpers/http.js';

const app = 'http://localhost:5173';
const other = 'https://evil.example';

let open: RunningMock;
let restricted: RunningMock;
beforeAll(async () => {
  [open, restricted] = await Promise.all([startMock({ port: 0 }), startMock({ port: 0, corsOrigin: [app, 'https://app.example.com/'] })]);
});
afterAll(async () => {
  await Promise.all([open?.stop(), restricted?.stop()]);
});

const key = { 'x-api-key': 'k' };
/** One request of each kind of answer: documented, refused, the mock's own errors, a preflight. */
const requests = [
  ['a documented answer', { headers: key }],
  ['a 401', { headers: {} }],
  ['a 422', { method: 'POST', headers: { ...key, 'content-type': 'application/json' }, body: '{}' }],
  ['a 404', { path: '/api/persons', headers: key }],
  ['a 405', { method: 'DELETE', headers: key }],
  ['a Prefer the contract does not document', { headers: { ...key, prefer: 'code=500' } }],
  ['a preflight', { method: 'OPTIONS', headers: { 'access-control-request-method': 'POST' } }],
] as const;

function expectReflected(response: RawResponse, origin: string): void {
  expect(response.headers['access-control-allow-origin']).toBe(origin);
  expect(response.headers['access-control-allow-credentials']).toBe('true');
  expect(response.headers.vary).toMatch(/(^|, )Origin(,|$)/);
}

describe('by default, every origin', () => {
  test.each(requests)('%s: the origin reflected with credentials and Vary: Origin', async (_, init) => {
    const response = await send(open.url, { ...init, headers: { ...init.headers, origin: app } });
    expectReflected(response, app);
  });

  test.each(requests)('%s without Origin: no Access-Control-Allow-Origin at all, Vary: Origin', async (_, init) => {
    const response = await send(open.url, init);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    if (!('method' in init && init.method === 'OPTIONS')) expect(response.headers.vary).toBe('Origin');
  });

  test("the headers a page may read include the mock's notes", async () => {
    const response = await send(open.url, { headers: { ...key, origin: app } });
    expect(response.headers['access-control-expose-headers']).toBe(
      'allow, deprecation, retry-after, x-thumbnail-api-mock-error, x-thumbnail-api-mock-note, x-thumbnail-api-mock-rule, x-thumbnail-api-mock-simulated',
    );
  });

  test('an Origin header that is no origin is never reflected', async () => {
    const response = await send(open.url, { headers: { ...key, origin: 'http://a.example/path, http://b.example' } });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('with corsOrigin, only those origins', () => {
  test.each([app, 'https://app.example.com'])('%s is reflected', async (origin) => {
    expectReflected(await send(restricted.url, { headers: { ...key, origin } }), origin);
  });

  test('another origin gets the answer without CORS headers, so the browser withholds it', async () => {
    const response = await send(restricted.url, { headers: { ...key, origin: other } });
    expect(response.status).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers.vary).toBe('Origin');
  });

  test("another origin's preflight gets the mock's 403 naming the allowed origins", async () => {
    const response = await send(restricted.url, { method: 'OPTIONS', headers: { origin: other, 'access-control-request-method': 'GET' } });
    expect(response.status).toBe(403);
    expect(response.headers['x-thumbnail-api-mock-error']).toBe('origin-not-allowed');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.json().allowedOrigins).toEqual([app, 'https://app.example.com']);
  });

  test.each(['localhost:5173', 'http://localhost:5173/app', 'ftp://files.example', ''])(
    '%j is refused at start with a message saying what an origin is',
    async (origin) => {
      await expect(startMock({ port: 0, corsOrigin: origin === '' ? ['http://a.example', 'nope'] : origin })).rejects.toThrow(
        /is not an origin\. Give scheme, host and port only/,
      );
    },
  );
});
