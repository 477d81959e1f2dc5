// The contract proxy against a fake upstream that deviates from the contract in known ways.
import { request } from 'node:http';
import type { LoopbackServer } from '@thumbnail-api/dev-tools/loopback-port';
import { portClosed } from '@thumbnail-api/dev-tools/port-closed';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type CheckedExchange, type RunningContractProxy, startContractProxy } from '../src/index.js';
import { formatExchange, formatSummary } from '../src/proxy/contract-report.js';
import { type FakeUpstream, type Scenario, startFakeUpstream } from './helpers/fake-upstream.js';
import { startBufferedServer } from './helpers/http.js';

let upstream: FakeUpstream;
let proxy: RunningContractProxy;
const reported: CheckedExchange[] = [];
beforeAll(async () => {
  upstream = await startFakeUpstream();
  proxy = await startContractProxy({ upstream: upstream.url, port: 0, onExchange: (exchange) => reported.push(exchange) });
});
afterAll(async () => {
  await proxy?.stop();
  await upstream?.close();
});

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request with node:http, so that bodies are compared as raw bytes (fetch would decompress gzip). */
function send(base: string, init: { method?: string; path?: string; headers?: Record<string, string>; body?: string }): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(init.path ?? '/api/thumbnails', base), { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

const key = { 'x-api-key': 'test-key' };
const scenario = (name: Scenario, extra: Record<string, string> = key) => ({ ...extra, 'x-fake-scenario': name });
const messageHeaders = ['content-type', 'content-encoding', 'content-length', 'x-request-id'];

describe('conforming traffic passes untouched and is not reported', () => {
  test.each([
    ['GET, 200 with odd whitespace and an extra header', { headers: scenario('list-ok') }],
    ['GET, 200 gzip-encoded', { headers: scenario('list-ok-gzip') }],
    ['POST, 200', { method: 'POST', headers: { ...scenario('create-ok'), 'content-type': 'application/json' }, body: '{ "prompt": "A red fox" }' }],
    ['GET, documented 401', { headers: scenario('unauthorized-ok') }],
    ['GET with Bearer, documented 403', { headers: scenario('forbidden-ok', { authorization: 'Bearer test-key' }) }],
    // Checked like any other status: Prism's own proxy answered a 501 from the contract instead, so it went unchecked.
    ['GET, 501 with the documented error body', { headers: scenario('not-implemented') }],
  ])('%s', async (_, init) => {
    const before = reported.length;
    const direct = await send(upstream.url, init);
    const viaProxy = await send(proxy.url, init);
    expect(viaProxy.status).toBe(direct.status);
    expect(viaProxy.body.equals(direct.body)).toBe(true);
    for (const name of messageHeaders) expect(viaProxy.headers[name], name).toEqual(direct.headers[name]);
    expect(reported.slice(before)).toEqual([]);
  });

  test('the upstream receives the request exactly as the client sent it', async () => {
    const body = '{ "prompt" :  "A red fox",   "style": "bold" }';
    upstream.received.length = 0;
    await send(proxy.url, { method: 'POST', path: '/api/thumbnails?draft=1', headers: { ...scenario('create-ok'), 'content-type': 'application/json' }, body });
    expect(upstream.received).toHaveLength(1);
    const [received] = upstream.received;
    expect(received!.method).toBe('POST');
    expect(received!.url).toBe('/api/thumbnails?draft=1');
    expect(received!.body.toString()).toBe(body);
    expect(received!.headers['x-api-key']).toBe('test-key');
    expect(Object.keys(received!.headers).filter((name) => name.startsWith('x-thumbnail-api-mock'))).toEqual([]);
  });
});

describe('every deviation is reported, and the client still gets the upstream response', () => {
  test.each([
    ['a 200 body that is not an object', scenario('list-array'), 200, [['violation', 'response.body', 'Response body must be object']]],
    [
      'a 401 body of another shape',
      scenario('unauthorized-other-shape'),
      401,
      [
        ['violation', 'response.body', "Response body must have required property 'success'"],
        ['violation', 'response.body', "Response body must have required property 'error'"],
      ],
    ],
    [
      'an undocumented status with a body that is not the error body',
      scenario('teapot-not-error'),
      418,
      [
        ['violation', 'response.body', "Response body must have required property 'success'"],
        ['violation', 'response.body', "Response body must have required property 'error'"],
      ],
    ],
    [
      'a content type the contract does not document',
      scenario('list-html'),
      200,
      [
        ['violation', 'response', 'The received media type "text/html" does not match the one specified in the current response: application/json'],
        ['violation', 'response.body', 'Response body must be object'],
      ],
    ],
    ['a request without a key', scenario('list-ok', {}), 200, [['violation', 'request', 'Invalid security scheme used']]],
  ])('%s', async (_, headers, status, findings) => {
    const before = reported.length;
    const direct = await send(upstream.url, { headers });
    const viaProxy = await send(proxy.url, { headers });
    expect(viaProxy.status).toBe(status);
    expect(viaProxy.body.equals(direct.body)).toBe(true);
    expect(reported.slice(before)).toEqual([
      {
        method: 'GET',
        path: '/api/thumbnails',
        operation: 'listThumbnails',
        status,
        findings: findings.map(([kind, location, message]) => ({ kind, location, message })),
      },
    ]);
  });

  test.each([
    ['a request body that breaks the schema', '{"prompt":5}', 'request.body.prompt', 'Request body property prompt must be string'],
    ['a request body that is not JSON', '{bad', 'request.body', 'The request body is not valid JSON; the contract documents JSON bodies.'],
  ])('%s is reported, and still reaches the upstream as sent', async (_, body, location, message) => {
    const before = reported.length;
    upstream.received.length = 0;
    const headers = { ...scenario('create-ok'), 'content-type': 'application/json' };
    const response = await send(proxy.url, { method: 'POST', headers, body });
    expect(response.status).toBe(200);
    expect(upstream.received.map((received) => received.body.toString())).toEqual([body]);
    expect(reported.slice(before)).toEqual([
      { method: 'POST', path: '/api/thumbnails', operation: 'createThumbnail', status: 200, findings: [{ kind: 'violation', location, message }] },
    ]);
  });

  test('operations the contract does not describe are forwarded and listed as undocumented, without the query', async () => {
    const before = reported.length;
    const response = await send(proxy.url, { path: '/api/persons?token=secret', headers: scenario('list-ok') });
    expect(response.status).toBe(200);
    expect(reported.slice(before)).toEqual([
      {
        method: 'GET',
        path: '/api/persons',
        operation: undefined,
        status: 200,
        findings: [{ kind: 'undocumented', location: 'request', message: 'The contract does not describe GET /api/persons; nothing was checked.' }],
      },
    ]);
  });
});

test('the report counts every exchange, and what was found', () => {
  const report = proxy.report();
  expect(report.exchanges).toEqual(reported);
  expect(report.requests).toBe(15);
  expect(report.violations).toBe(7);
  expect(report.undocumented).toBe(1);
  expect(report.unchecked).toBe(0);
});

describe('answers Prism never saw whole are checked too', () => {
  let odd: LoopbackServer;
  let oddProxy: RunningContractProxy;
  const oddReported: CheckedExchange[] = [];
  beforeAll(async () => {
    // A stand-in answering what fake-upstream.ts has no scenario for: the status and body are taken from the request.
    odd = await startBufferedServer((req, _, res) => {
      const body = Buffer.from(String(req.headers['x-answer-body']));
      res.writeHead(Number(req.headers['x-answer-status']), { 'content-type': 'application/json', 'content-length': body.length }).end(body);
    });
    oddProxy = await startContractProxy({ upstream: odd.url, port: 0, onExchange: (exchange) => oddReported.push(exchange) });
  });
  afterAll(async () => {
    await oddProxy?.stop();
    await odd?.close();
  });

  test.each([
    [
      'a 501 whose body is not the error body',
      '501',
      '{"ok":false}',
      [
        ['violation', 'response.body', "Response body must have required property 'success'"],
        ['violation', 'response.body', "Response body must have required property 'error'"],
      ],
    ],
    [
      'a body that says JSON but is not',
      '200',
      '{"items": [',
      [['violation', 'response.body', 'The response body is not valid JSON, though its Content-Type says JSON.']],
    ],
  ])('%s is reported, and reaches the client as sent', async (_, status, body, findings) => {
    const before = oddReported.length;
    const response = await send(oddProxy.url, { headers: { ...key, 'x-answer-status': status, 'x-answer-body': body } });
    expect(response.status).toBe(Number(status));
    expect(response.body.toString()).toBe(body);
    expect(oddReported.slice(before)).toEqual([
      {
        method: 'GET',
        path: '/api/thumbnails',
        operation: 'listThumbnails',
        status: Number(status),
        findings: findings.map(([kind, location, message]) => ({ kind, location, message })),
      },
    ]);
  });
});

test('the key is never in the report nor in its printed lines, wherever the request carried it', async () => {
  const sentinel = 'sk-sentinel-proxy-report-DO-NOT-PRINT';
  const before = proxy.report().exchanges.length;
  const headers = { 'x-api-key': sentinel, 'content-type': 'application/json', 'x-fake-scenario': 'unauthorized-other-shape' };
  await send(proxy.url, { method: 'POST', path: `/api/thumbnails?key=${sentinel}`, headers, body: JSON.stringify({ prompt: 5, key: sentinel }) });
  await send(proxy.url, { method: 'POST', path: `/api/thumbnails?key=${sentinel}`, headers, body: `{"prompt": "${sentinel}"` });
  await send(proxy.url, { path: `/api/persons?key=${sentinel}`, headers });
  // A media type Prism cannot parse, which its validators quote when they throw on it.
  await send(proxy.url, { method: 'POST', headers: { ...headers, 'content-type': sentinel }, body: '{}' });
  const report = proxy.report();
  expect(report.exchanges.length - before).toBe(4);
  const printed = [formatSummary(report, upstream.url), ...report.exchanges.map(formatExchange)].join('\n');
  expect(printed).toContain('Request body property prompt must be string');
  expect(printed).toContain('Prism could not check the request: Could not parse MIME type string "[redacted]"');
  expect(JSON.stringify(report) + printed).not.toContain('sk-sentinel');
});

test('stop() leaves nothing listening or connected: the port refuses connections and no socket stays open', async () => {
  const sockets = () => process.getActiveResourcesInfo().filter((name) => name.startsWith('TCP')).length;
  const before = sockets();
  const stopping = await startContractProxy({ upstream: upstream.url, port: 0 });
  await send(stopping.url, { headers: scenario('list-ok') });
  await stopping.stop();
  expect(await portClosed(`${stopping.url}/api/thumbnails`)).toBe('ECONNREFUSED');
  // The upstream's end of the proxy's keep-alive connection closes once the proxy's end is gone.
  for (let tries = 0; tries < 50 && sockets() > before; tries++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(sockets()).toBeLessThanOrEqual(before);
});

test('an unreachable upstream is answered 502 and reported as unchecked', async () => {
  const gone = await startFakeUpstream();
  await gone.close();
  const lonely = await startContractProxy({ upstream: gone.url, port: 0 });
  try {
    const response = await send(lonely.url, { headers: key });
    expect(response.status).toBe(502);
    expect(response.body.toString()).toContain(`Could not reach the upstream ${gone.url}`);
    expect(lonely.report()).toMatchObject({ requests: 1, unchecked: 1, violations: 0 });
  } finally {
    await lonely.stop();
  }
});

test('a request body over 10 MiB is answered 413 by the proxy and never sent on; the next request is forwarded', async () => {
  upstream.received.length = 0;
  const headers = { ...scenario('create-ok'), 'content-type': 'application/json' };
  const refused = await send(proxy.url, { method: 'POST', headers, body: `{"prompt":"${'a'.repeat(10 * 1024 * 1024)}"}` });
  expect(refused.status).toBe(413);
  expect(refused.body.toString()).toContain('The contract proxy reads request bodies up to 10485760 bytes');
  const next = await send(proxy.url, { method: 'POST', headers, body: '{"prompt":"A cat"}' });
  expect(next.status).toBe(200);
  expect(upstream.received.map((received) => received.body.toString())).toEqual(['{"prompt":"A cat"}']);
});

test.each([
  ['not a URL', 'api.example.com', 'is not a URL'],
  ['another scheme', 'ftp://example.com', 'must be an http:// or https:// URL'],
])('an upstream that is %s is refused', async (_, value, message) => {
  await expect(startContractProxy({ upstream: value, port: 0 })).rejects.toThrow(message);
});
