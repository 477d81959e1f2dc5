// The control surface answers only the developer's own tools: a page on another origin is refused (whatever
// corsOrigin allows on the API), a write with a body must be JSON, and a Host that is not an IP address, localhost or
// an allowed name is refused on every path (DNS rebinding, as Vite's server.allowedHosts). curl and connectMock() keep
// working with no option. Requests sent as browsers and curl send them (the browser itself: *.browser.test.ts). A
// refused request must change nothing: the rules and the journal are as they were. test/mutations.test.ts runs this
// file against a copy of the built mock whose guard acts before it refuses (MOCK_MODULE_UNDER_TEST), and sees it fail.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connectMock, type RunningMock } from '../src/index.js';
import { type RawRequest, send } from './helpers/http.js';
import { mockUnderTest } from './helpers/mock-under-test.js';

const { startContractProxy, startMock } = mockUnderTest;

const run = promisify(execFile);
const evil = 'http://evil.example';
const app = 'http://localhost:5173';
const rule = JSON.stringify({ operationId: 'listThumbnails', answer: { status: 200, body: { owned: true } } });
const key = { 'x-api-key': 'guard-key' };

let open: RunningMock;
let listed: RunningMock;
let named: RunningMock;
beforeAll(async () => {
  [open, listed, named] = await Promise.all([
    startMock({ port: 0 }),
    startMock({ port: 0, corsOrigin: app }),
    startMock({ port: 0, allowedHosts: ['mock', '.ci.test'] }),
  ]);
});
afterAll(() => Promise.all([open?.stop(), listed?.stop(), named?.stop()]));

/** Sends `init` to `mock` and says whether it left a rule behind (then removes it). */
async function sendAndCount(mock: RunningMock, init: RawRequest) {
  const response = await send(mock.url, init);
  const rules = (await (await fetch(`${mock.url}/__mock/rules`)).json()) as { rules: unknown[] };
  mock.clearRules();
  return { response, rulesAdded: rules.rules.length };
}

describe('a page on another origin', () => {
  test('cannot add a rule with a text/plain POST (sent cross-site without a preflight): a labelled 403, nothing added', async () => {
    const { response, rulesAdded } = await sendAndCount(open, {
      method: 'POST',
      path: '/__mock/rules',
      headers: { origin: evil, 'content-type': 'text/plain;charset=UTF-8' },
      body: rule,
    });
    expect([response.status, response.headers['x-thumbnail-api-mock-error'], rulesAdded]).toEqual([403, 'origin-not-allowed', 0]);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect((await send(open.url, { headers: key })).json()).toEqual({});
  });

  test('gets no preflight allowing it to send JSON to /__mock: a 403 without CORS headers', async () => {
    const response = await send(open.url, {
      method: 'OPTIONS',
      path: '/__mock/rules',
      headers: { origin: evil, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect([response.status, response.headers['access-control-allow-origin'], response.headers['access-control-allow-credentials']]).toEqual([
      403,
      undefined,
      undefined,
    ]);
  });

  test.each([
    ['reads the journal', () => ({ path: '/__mock/requests' })],
    ['resets the mock', () => ({ method: 'POST', path: '/__mock/reset' })],
    ['removes the rules', () => ({ method: 'DELETE', path: '/__mock/rules' })],
    ['removes a rule', (id: string) => ({ method: 'DELETE', path: `/__mock/rules/${id}` })],
  ])('is refused when it %s, even with JSON, and the rules and the journal stay as they were', async (_, init) => {
    // Something to change: a rule in force, and the journal entry of the request it answered.
    await open.reset();
    const placed = await open.rule(JSON.parse(rule));
    expect((await send(open.url, { headers: key })).json()).toEqual({ owned: true });
    const response = await send(open.url, { ...init(placed.id), headers: { origin: evil, 'content-type': 'application/json' } });
    expect([response.status, response.headers['x-thumbnail-api-mock-error']]).toEqual([403, 'origin-not-allowed']);
    expect(response.json().title).toBe('thumbnail-api-mock: a page on "http://evil.example" may not drive the control surface /__mock');
    expect(response.json()).not.toHaveProperty('requests');
    const after = [(await open.rules()).map((inForce) => inForce.id), (await open.requests()).map((entry) => `${entry.method} ${entry.path}`)];
    await open.reset();
    expect(after).toEqual([[placed.id], ['GET /api/thumbnails']]);
  });

  test('is refused on /__mock when corsOrigin lists other origins, and may call the API as before', async () => {
    expect((await send(listed.url, { path: '/__mock/requests', headers: { origin: evil } })).status).toBe(403);
    expect((await send(listed.url, { headers: { ...key, origin: app } })).headers['access-control-allow-origin']).toBe(app);
  });
});

describe('a page on an origin named with corsOrigin, or on the mock’s own origin', () => {
  test('gets the preflight, then drives /__mock with JSON, with CORS headers to read the answers', async () => {
    const preflight = await send(listed.url, {
      method: 'OPTIONS',
      path: '/__mock/rules',
      headers: { origin: app, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect([preflight.status, preflight.headers['access-control-allow-origin'], preflight.headers['access-control-allow-methods']]).toEqual([
      204,
      app,
      'GET, HEAD, POST, DELETE, OPTIONS',
    ]);
    const { response, rulesAdded } = await sendAndCount(listed, {
      method: 'POST',
      path: '/__mock/rules',
      headers: { origin: app, 'content-type': 'application/json' },
      body: rule,
    });
    expect([response.status, response.headers['access-control-allow-origin'], rulesAdded]).toEqual([201, app, 1]);
  });

  test('of the mock itself drives /__mock', async () => {
    const own = `http://${new URL(open.url).host}`;
    const response = await send(open.url, { path: '/__mock/requests', headers: { origin: own } });
    expect(response.status).toBe(200);
  });
});

describe('a write with a body must be JSON', () => {
  test.each([
    ['text/plain', { 'content-type': 'text/plain' }],
    ['a form', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['multipart', { 'content-type': 'multipart/form-data; boundary=x' }],
    ['no content type', {}],
  ])('%s is refused with a labelled 415 saying what to send', async (_, headers) => {
    const { response, rulesAdded } = await sendAndCount(open, { method: 'POST', path: '/__mock/rules', headers, body: rule });
    expect([response.status, response.headers['x-thumbnail-api-mock-error'], rulesAdded]).toEqual([415, 'control-needs-json', 0]);
    expect(response.json().detail).toContain("With curl: --json '{...}'");
  });

  test('JSON (with a charset, or +json) is taken, and a write without a body needs no type', async () => {
    for (const type of ['application/json', 'application/json; charset=utf-8', 'application/vnd.rules+json']) {
      const { response } = await sendAndCount(open, { method: 'POST', path: '/__mock/rules', headers: { 'content-type': type }, body: rule });
      expect(response.status).toBe(201);
    }
    expect((await send(open.url, { method: 'POST', path: '/__mock/reset' })).status).toBe(204);
  });

  test('curl drives it as the README shows: --json adds a rule, -d (a form) is refused', async () => {
    const curl = (...args: string[]) => run('curl', ['-sS', '-o', '/dev/null', '-w', '%{http_code}', ...args]).then(({ stdout }) => stdout);
    expect(await curl('-X', 'POST', `${open.url}/__mock/rules`, '--json', rule)).toBe('201');
    expect(await curl('-X', 'POST', `${open.url}/__mock/rules`, '-d', rule)).toBe('415');
    for (const route of ['requests', 'near-misses', 'coverage']) expect(await curl(`${open.url}/__mock/${route}`)).toBe('200');
    expect(await curl('-X', 'OPTIONS', `${open.url}/__mock/coverage`)).toBe('204');
    expect(await curl('-X', 'POST', `${open.url}/__mock/reset`)).toBe('204');
  });
});

describe('the Host header', () => {
  const port = () => new URL(open.url).port;
  test.each(['127.0.0.1', 'localhost', 'LOCALHOST', 'localhost.', 'app.localhost', '[::1]', '10.1.2.3'])('%s is answered', async (host) => {
    expect((await send(open.url, { headers: { ...key, host: `${host}:${port()}` } })).status).toBe(200);
  });

  test.each([
    ['GET /__mock/requests', { path: '/__mock/requests' }],
    ['POST /__mock/rules', { method: 'POST', path: '/__mock/rules', headers: { 'content-type': 'application/json' }, body: rule }],
    ['the API', { headers: key }],
    ['a path the contract lacks', { path: '/' }],
  ])('another name (DNS rebinding) is refused with a labelled 403 on %s', async (_, init: RawRequest) => {
    const { response, rulesAdded } = await sendAndCount(open, { ...init, headers: { ...init.headers, host: `evil.example:${port()}` } });
    expect([response.status, response.headers['x-thumbnail-api-mock-error'], rulesAdded]).toEqual([403, 'host-not-allowed', 0]);
    expect(response.json().detail).toContain('start it with --allowed-host evil.example');
  });

  test.each(['localhost.evil.example', '127.0.0.1.evil.example', 'mock.evil.example'])('%s is refused', async (host) => {
    expect((await send(named.url, { headers: { ...key, host } })).status).toBe(403);
  });

  test.each(['mock', 'MOCK:4010', 'ci.test', 'runner.ci.test'])('%s is answered when allowedHosts names it', async (host) => {
    expect((await send(named.url, { headers: { ...key, host } })).status).toBe(200);
  });

  test('connectMock() reaches the mock by 127.0.0.1 and by localhost with no option', async () => {
    const port = new URL(open.url).port;
    for (const host of ['127.0.0.1', 'localhost']) await expect(connectMock(`http://${host}:${port}`).clearRequests()).resolves.toBeUndefined();
  });

  test.each([['http://mock'], ['mock:4010'], ['a b']])('allowedHosts %j is refused at start, saying what a host name is', async (host) => {
    await expect(startMock({ port: 0, allowedHosts: host })).rejects.toThrow(/is not a host name\. Give the name alone, without scheme or port/);
  });
});

test('the contract proxy refuses a Host it does not answer before forwarding anything, and forwards for an allowed name', async () => {
  // Nothing listens on port 9: a request that is forwarded gets the proxy's 502.
  const proxy = await startContractProxy({ upstream: 'http://127.0.0.1:9', port: 0, allowedHosts: 'mock' });
  try {
    const refused = await send(proxy.url, { headers: { ...key, host: 'evil.example' } });
    expect([refused.status, refused.headers['x-thumbnail-api-mock-error']]).toEqual([403, 'host-not-allowed']);
    expect((await send(proxy.url, { headers: { ...key, host: 'mock:4010' } })).status).toBe(502);
  } finally {
    await proxy.stop();
  }
});
