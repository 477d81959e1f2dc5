// The control surface's bounds and scope, as tests sharing one mock rely on them: each key's journal bounded on its
// own, a rule id deleted only within its key, a cap on rules in force; and its manners: malformed escapes get a 400,
// OPTIONS gets 204 with Allow, /__mock is never journaled, query names are data.
import { afterEach, describe, expect, test } from 'vitest';
import { MockRuleError, type RunningMock, startMock } from '../src/index.js';
import { send } from './helpers/http.js';

const started: RunningMock[] = [];
const start = async (options: Parameters<typeof startMock>[0] = {}) => {
  const mock = await startMock({ port: 0, ...options });
  started.push(mock);
  return mock;
};
afterEach(async () => {
  await Promise.all(started.splice(0).map((mock) => mock.stop()));
});

const json = { 'content-type': 'application/json' };
const alice = 'bounds-key-alice';
const bob = 'bounds-key-bob';
const list = (mock: RunningMock, key: string, path = '/api/thumbnails') => send(mock.url, { path, headers: { 'x-api-key': key } });
const requestsOf = async (mock: RunningMock, key?: string) =>
  (await send(mock.url, { path: `/__mock/requests${key === undefined ? '' : `?key=${key}`}` })).json() as { requests: { keyHint: string }[]; dropped: number };

describe("each key's journal is bounded on its own", () => {
  test("one key's traffic does not push another key's requests out; each key counts its own dropped", async () => {
    const mock = await start({ journalSize: 3 });
    await list(mock, bob);
    for (let i = 0; i < 5; i++) await list(mock, alice, `/api/thumbnails?n=${i}`);
    expect((await requestsOf(mock, bob)).requests).toHaveLength(1);
    expect(await requestsOf(mock, alice)).toMatchObject({ requests: [{}, {}, {}], dropped: 2 });
    expect((await requestsOf(mock, bob)).dropped).toBe(0);
    expect(await requestsOf(mock)).toMatchObject({ dropped: 2 });
    expect(mock.requests()).toHaveLength(4);
  });

  test('a hundred keys are kept at once: a further key makes the one heard from longest ago make way', async () => {
    const mock = await start({ journalSize: 2 });
    for (let i = 0; i <= 100; i++) await list(mock, `bounds-key-${String(i).padStart(3, '0')}`);
    expect(mock.requests({ key: 'bounds-key-000' })).toEqual([]);
    expect(mock.requests({ key: 'bounds-key-001' })).toHaveLength(1);
    expect(mock.droppedRequests()).toBe(1);
  });
});

describe('rules in force', () => {
  test("a rule id given with ?key= deletes only that key's rule", async () => {
    const mock = await start();
    const added = await send(mock.url, {
      method: 'POST',
      path: `/__mock/rules?key=${alice}`,
      headers: json,
      body: '{"operationId": "listThumbnails", "answer": {"status": 500}}',
    });
    const { id } = added.json() as { id: string };
    expect((await send(mock.url, { method: 'DELETE', path: `/__mock/rules/${id}?key=${bob}` })).status).toBe(404);
    expect((await list(mock, alice)).status).toBe(500);
    expect((await send(mock.url, { method: 'DELETE', path: `/__mock/rules/${id}?key=${alice}` })).status).toBe(204);
    expect((await list(mock, alice)).status).toBe(200);
  });

  test('at most 1000 rules are in force: the next is refused with a 400 saying what to do', async () => {
    const mock = await start();
    const rules = Array.from({ length: 1000 }, () => ({ operationId: 'listThumbnails' as const, key: alice, answer: { status: 200 } }));
    expect((await send(mock.url, { method: 'POST', path: '/__mock/rules', headers: json, body: JSON.stringify(rules) })).status).toBe(201);
    const refused = await send(mock.url, { method: 'POST', path: '/__mock/rules', headers: json, body: JSON.stringify(rules[0]) });
    expect(refused.status).toBe(400);
    expect(refused.json()).toEqual({
      error: '1000 rules are in force and at most 1000 may be: remove the rules a test added when it ends (reset(), or rule.remove()).',
      field: 'rules',
    });
    await expect(mock.rule(rules[0]!)).rejects.toBeInstanceOf(MockRuleError);
    mock.forKey(alice).reset();
    await expect(mock.rule(rules[0]!)).resolves.toMatchObject({ id: expect.any(String) });
  });
});

describe("the control surface's manners", () => {
  test('a rule id with malformed percent-encoding gets a 400, and the connection stays usable', async () => {
    const mock = await start();
    const response = await send(mock.url, { method: 'DELETE', path: '/__mock/rules/%E0%A4%A' });
    expect(response.status).toBe(400);
    expect(response.json().error).toContain('is not valid percent-encoding');
  });

  test.each([
    ['/__mock/requests', 'GET, HEAD, DELETE, OPTIONS'],
    ['/__mock/rules', 'GET, HEAD, POST, DELETE, OPTIONS'],
    ['/__mock/rules/rule-1', 'DELETE, OPTIONS'],
    ['/__mock/reset', 'POST, OPTIONS'],
    ['/__mock/pending', 'DELETE, OPTIONS'],
  ])('OPTIONS %s gets 204 with Allow: %s, and is not journaled', async (path, allow) => {
    const mock = await start();
    const response = await send(mock.url, { method: 'OPTIONS', path });
    expect([response.status, response.headers.allow]).toEqual([204, allow]);
    expect(mock.requests()).toEqual([]);
  });

  test('a method a control path does not answer gets 405 with the same Allow', async () => {
    const mock = await start();
    const response = await send(mock.url, { method: 'PUT', path: '/__mock/reset' });
    expect([response.status, response.headers.allow]).toEqual([405, 'POST, OPTIONS']);
  });

  test('query names such as constructor and __proto__ are journaled as data', async () => {
    const mock = await start();
    await list(mock, alice, '/api/thumbnails?constructor=a&__proto__=d&toString=t&constructor=b');
    const [entry] = mock.requests();
    expect(Object.entries(entry!.query)).toEqual([
      ['constructor', ['a', 'b']],
      ['__proto__', 'd'],
      ['toString', 't'],
    ]);
    expect((await send(mock.url, { path: '/__mock/requests' })).body.toString()).toContain('"query":{"constructor":["a","b"],"__proto__":"d","toString":"t"}');
  });
});
