// createHandlers() through real MSW (msw/node's setupServer) and fetch: the answers, rules, faults, journal and key
// views of the engine, in-process; requests to other URLs left to MSW. (The client's view is in packages/fuzz.)
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createHandlers, MockRuleError, type ThumbnailApiHandlers } from '../src/msw.js';

const baseUrl = 'https://api.thumbnails.test';
const key = { 'x-api-key': 'sk_test_msw_0001' };
let thumbnails: ThumbnailApiHandlers;
let other: Server;
let otherUrl: string;
const server = setupServer();

beforeAll(async () => {
  thumbnails = await createHandlers({ baseUrl });
  server.use(...thumbnails.handlers);
  // 'bypass': a request the handlers leave alone reaches the real server it was sent to.
  server.listen({ onUnhandledRequest: 'bypass' });
  other = createServer((_req, res) => res.end('the real server answered'));
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
});
afterEach(() => {
  thumbnails.reset();
  expect(thumbnails.endPending()).toBe(0);
});
afterAll(async () => {
  server.close();
  await new Promise((resolve) => other.close(resolve));
});

const list = (init: RequestInit = {}) => fetch(`${baseUrl}/api/thumbnails`, { ...init, headers: { ...key, ...(init.headers as object) } });
const create = (body: unknown, init: RequestInit = {}) =>
  fetch(`${baseUrl}/api/thumbnails`, { method: 'POST', body: JSON.stringify(body), ...init, headers: { ...key, 'content-type': 'application/json' } });

describe('answers', () => {
  test('answer as the contract documents: the success example with a key, the documented 401 without', async () => {
    const ok = await list();
    expect([ok.status, ok.statusText, ok.headers.get('content-type')]).toEqual([200, 'OK', 'application/json']);
    expect(await ok.json()).toEqual({});
    const refused = await fetch(`${baseUrl}/api/thumbnails`);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ success: false, error: 'Unauthorized' });
  });

  test('answer a HEAD without a body, as a server does', async () => {
    const response = await list({ method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });

  test('leave requests to other URLs to MSW: with bypass, the real server answers', async () => {
    const response = await fetch(`${otherUrl}/api/thumbnails`);
    expect(await response.text()).toBe('the real server answered');
    expect(thumbnails.requests()).toEqual([]);
  });

  test('answer under a base URL with a path, and nothing beside it', async () => {
    const versioned = await createHandlers({ baseUrl: 'https://gateway.test/thumbnail-api/' });
    const local = setupServer(...versioned.handlers);
    server.close();
    local.listen({ onUnhandledRequest: 'error' });
    try {
      expect((await fetch('https://gateway.test/thumbnail-api/api/thumbnails', { headers: key })).status).toBe(200);
      await expect(fetch('https://gateway.test/thumbnail-apix/api/thumbnails', { headers: key })).rejects.toThrow();
    } finally {
      local.close();
      server.listen({ onUnhandledRequest: 'bypass' });
    }
  });
});

describe('the journal', () => {
  test('records what was sent, with the key redacted and the JSON body parsed', async () => {
    await create({ prompt: 'A red fox at dawn' });
    const [entry, ...rest] = thumbnails.requests({ operationId: 'createThumbnail' });
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ method: 'POST', path: '/api/thumbnails', status: 200, body: { prompt: 'A red fox at dawn' }, keyHint: '…0001' });
    expect(JSON.stringify(entry)).not.toContain('sk_test_msw_0001');
  });
});

describe('rules', () => {
  test('a 503 with Retry-After is answered through the default response, marked as simulated', async () => {
    await thumbnails.rule({ operationId: 'listThumbnails', times: 1, answer: { status: 503, headers: { 'retry-after': '1' } } });
    const first = await list();
    expect([first.status, first.statusText, first.headers.get('retry-after')]).toEqual([503, 'Service Unavailable', '1']);
    expect(first.headers.get('x-thumbnail-api-mock-simulated')).toMatch(/503/);
    expect(await first.json()).toMatchObject({ success: false });
    expect((await list()).status).toBe(200);
  });

  test('a body you choose is sent as it is', async () => {
    const thumbnail = { id: 'thumb_1', url: 'https://cdn.example/thumb_1.png' };
    await thumbnails.rule({ operationId: 'createThumbnail', answer: { status: 200, body: thumbnail } });
    expect(await (await create({ prompt: 'x' })).json()).toEqual(thumbnail);
  });

  test('a rule the contract forbids is refused, naming what breaks', async () => {
    const refused = thumbnails.rule({ operationId: 'listThumbnails', answer: { status: 401, body: { success: true } } });
    await expect(refused).rejects.toBeInstanceOf(MockRuleError);
    await expect(refused).rejects.toThrow(/answer\.body/);
  });

  test('a key view sees only its own requests and rules', async () => {
    const mine = thumbnails.forKey('sk_test_msw_0001');
    const theirs = thumbnails.forKey('sk_test_msw_0002');
    await theirs.rule({ operationId: 'listThumbnails', answer: { status: 500 } });
    expect((await list()).status).toBe(200);
    expect((await fetch(`${baseUrl}/api/thumbnails`, { headers: { 'x-api-key': 'sk_test_msw_0002' } })).status).toBe(500);
    expect(mine.requests().map((entry) => entry.status)).toEqual([200]);
    expect(theirs.requests().map((entry) => entry.status)).toEqual([500]);
  });
});

describe('faults', () => {
  test('reset is a network error', async () => {
    await thumbnails.rule({ operationId: 'listThumbnails', fault: 'reset' });
    await expect(list()).rejects.toThrow(TypeError);
    expect(thumbnails.requests()[0]).toMatchObject({ status: null, simulated: expect.stringContaining('reset') });
  });

  test('malformed is a 200 whose JSON body is not JSON', async () => {
    await thumbnails.rule({ operationId: 'listThumbnails', fault: 'malformed' });
    const response = await list();
    expect([response.status, response.headers.get('content-type')]).toEqual([200, 'application/json']);
    await expect(response.json()).rejects.toThrow(SyntaxError);
  });

  test('truncated announces more than it sends: reading the body fails part-way', async () => {
    await thumbnails.rule({ operationId: 'listThumbnails', fault: 'truncated', answer: { status: 200, body: { thumbnails: ['a', 'b', 'c'] } } });
    const response = await list();
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow('terminated');
  });

  test('truncated, to a HEAD (no body to cut): the headers alone, as over HTTP', async () => {
    await thumbnails.rule({ operationId: 'listThumbnails', fault: 'truncated', answer: { status: 200, body: { thumbnails: ['a', 'b', 'c'] } } });
    const response = await list({ method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-thumbnail-api-mock-simulated')).toBe('fault=truncated');
    expect(await response.text()).toBe('');
  });

  test('hang answers nothing until the client aborts, and holds nothing afterwards', async () => {
    await thumbnails.rule({ operationId: 'listThumbnails', fault: 'hang' });
    const aborted = list({ signal: AbortSignal.timeout(200) });
    await expect(aborted).rejects.toMatchObject({ name: 'TimeoutError' });
    // The resolver has let go of the request: afterEach checks endPending() finds none.
  });

  test('endPending() ends a hung request with a network error', async () => {
    await thumbnails.rule({ operationId: 'listThumbnails', fault: 'hang' });
    const pending = list();
    await expect.poll(() => thumbnails.requests().length).toBe(1);
    expect(thumbnails.endPending()).toBe(1);
    await expect(pending).rejects.toThrow(TypeError);
  });

  test('delayMs answers after the delay, and an abort during it ends the request at once', async () => {
    await thumbnails.rule({ operationId: 'listThumbnails', delayMs: 150 });
    const started = Date.now();
    expect((await list()).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    await thumbnails.rule({ operationId: 'listThumbnails', delayMs: 60_000 });
    await expect(list({ signal: AbortSignal.timeout(100) })).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});

describe('the control surface', () => {
  test('answers under <baseUrl>/__mock, as on the HTTP mock', async () => {
    const added = await fetch(`${baseUrl}/__mock/rules`, { method: 'POST', body: JSON.stringify({ operationId: 'listThumbnails', answer: { status: 429 } }) });
    expect(added.status).toBe(201);
    expect((await list()).status).toBe(429);
    const journal = (await (await fetch(`${baseUrl}/__mock/requests`)).json()) as { requests: unknown[] };
    expect(journal.requests).toHaveLength(1);
  });
});

describe('options', () => {
  test.each([
    [{}, /needs baseUrl/],
    [{ baseUrl: 'api.thumbnails.test' }, /needs baseUrl/],
    [{ baseUrl: 'ftp://api.thumbnails.test' }, /http or https baseUrl/],
    [{ baseUrl: 'https://api.thumbnails.test?x=1' }, /without query/],
    [{ baseUrl, baseURL: baseUrl }, /no option baseURL/],
  ])('%j is refused with a TypeError that says what to pass', async (options, message) => {
    await expect(createHandlers(options as never)).rejects.toThrow(message);
    await expect(createHandlers(options as never)).rejects.toBeInstanceOf(TypeError);
  });

  test('a bad rule given at creation is refused, naming it', async () => {
    await expect(createHandlers({ baseUrl, rules: [{ operationId: 'nope' }] as never })).rejects.toThrow(/Rule 1/);
  });
});
