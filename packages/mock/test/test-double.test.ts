// One suite for every implementation of the test-double interface: startMock()'s result, createHandlers()'s (through
// msw/node) and connectMock() over HTTP to the command-line mock in its own process, and their key views. A behaviour
// cannot exist in one and not the others: each case runs against all three, with `await` (in-process answers come at
// once). A new member of the interface is added to MEMBERS and given its case here.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { MockRuleError, type TestDouble } from '../src/index.js';
import { implementations as every, type Implementation } from './helpers/test-doubles.js';

/** A journal of 5 requests per key: enough for every case, few enough to see requests dropped. */
const implementations = every({ journalSize: 5 });
/** The members of the interface (test-double.ts), on the double and on each key view. */
const MEMBERS = ['clearRequests', 'clearRules', 'coverage', 'droppedRequests', 'endPending', 'nearMisses', 'requests', 'reset', 'rule', 'rules'];

const alice = 'key-of-alice-0001';
const bob = 'key-of-bob-000002';

describe.each(Object.keys(implementations))('%s', (name) => {
  let mock: Implementation;
  let double: TestDouble;
  beforeAll(async () => {
    mock = await implementations[name]!();
    double = mock.double;
  }, 60_000);
  afterAll(() => mock?.stop());
  afterEach(() => double.reset());

  const list = (key = alice, init: RequestInit = {}) => fetch(`${mock.baseUrl}/api/thumbnails`, { ...init, headers: { 'x-api-key': key } });
  const create = (prompt: string, key = alice) =>
    fetch(`${mock.baseUrl}/api/thumbnails`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt }),
    });

  test('has every member of the interface, and so has its key view', () => {
    const functions = (value: object) =>
      Object.keys(value)
        .filter((name) => typeof (value as Record<string, unknown>)[name] === 'function')
        .sort();
    expect(functions(double).filter((name) => name !== 'forKey' && name !== 'stop')).toEqual(MEMBERS);
    expect(functions(double.forKey(alice))).toEqual(MEMBERS);
  });

  test('counts the requests the journal no longer keeps, per key and in all; a clear starts the count again', async () => {
    for (let sent = 0; sent < 7; sent++) await list(bob);
    await list(alice);
    expect([await double.droppedRequests(), await double.forKey(bob).droppedRequests(), await double.forKey(alice).droppedRequests()]).toEqual([2, 2, 0]);
    expect(await double.forKey(bob).requests()).toHaveLength(5);
    await double.forKey(bob).clearRequests();
    expect(await double.droppedRequests()).toBe(0);
  });

  test('a rule answers the requests it matches, and the journal names it; removed, it answers no more', async () => {
    const rule = await double.rule({ operationId: 'listThumbnails', answer: { status: 503, headers: { 'retry-after': '2' } } });
    const refused = await list();
    expect([refused.status, refused.headers.get('retry-after')]).toEqual([503, '2']);
    await rule.remove();
    expect((await list()).status).toBe(200);
    const journal = await double.requests({ operationId: 'listThumbnails' });
    expect(journal.map((entry) => [entry.status, entry.rule])).toEqual([
      [503, rule.id],
      [200, null],
    ]);
    // Gone already: removing it again is no error.
    await rule.remove();
  });

  test('a rule matching by body answers only the requests with those fields, and is used up after `times`', async () => {
    await double.rule({ operationId: 'createThumbnail', body: { prompt: 'a cat' }, times: 1, answer: { status: 429 } });
    expect((await create('a dog')).status).toBe(200);
    expect((await create('a cat')).status).toBe(429);
    expect((await create('a cat')).status).toBe(200);
    const bodies = (await double.requests({ operationId: 'createThumbnail' })).map((entry) => [entry.body, entry.status]);
    expect(bodies).toEqual([
      [{ prompt: 'a dog' }, 200],
      [{ prompt: 'a cat' }, 429],
      [{ prompt: 'a cat' }, 200],
    ]);
  });

  test('a rule that breaks the contract is refused with a MockRuleError naming the field', async () => {
    const refused = double.rule({ operationId: 'listThumbnails', answer: { status: 503, body: { success: true } } });
    await expect(refused).rejects.toBeInstanceOf(MockRuleError);
    await expect(refused).rejects.toMatchObject({ field: 'answer.body', message: expect.stringContaining('breaks the schema of the 503 response') });
    // @ts-expect-error the types refuse an operationId the contract lacks, and the mock refuses it too (JavaScript, JSON)
    await expect(double.rule({ operationId: 'listThumbnail', answer: { status: 200 } })).rejects.toMatchObject({ field: 'operationId' });
  });

  test('a rule with a header Node cannot send is refused when added, naming the field, and the mock keeps answering', async () => {
    const refused = double.rule({ operationId: 'listThumbnails', answer: { status: 200, headers: { 'x-price': '5 €' } } });
    await expect(refused).rejects.toBeInstanceOf(MockRuleError);
    await expect(refused).rejects.toMatchObject({ field: 'answer.headers.x-price', message: expect.stringContaining('("€" at position 3)') });
    expect((await list()).status).toBe(200);
  });

  test('the journal filters by operation and by key, shows keys only by a hint, and clears', async () => {
    await list(alice);
    await create('a fox', bob);
    expect((await double.requests({ key: bob })).map((entry) => [entry.operationId, entry.keyHint, entry.headers['x-api-key']])).toEqual([
      ['createThumbnail', '…0002', '…0002'],
    ]);
    expect(await double.requests({ operationId: 'listThumbnails' })).toHaveLength(1);
    await double.clearRequests();
    expect(await double.requests()).toEqual([]);
  });

  test('a view for one key sees and changes only its own rules and requests', async () => {
    const mine = double.forKey(alice);
    await mine.rule({ operationId: 'listThumbnails', answer: { status: 500 } });
    expect((await list(alice)).status).toBe(500);
    expect((await list(bob)).status).toBe(200);
    expect((await mine.requests()).map((entry) => entry.keyHint)).toEqual(['…0001']);
    await mine.reset();
    expect((await list(alice)).status).toBe(200);
    expect((await double.requests()).map((entry) => entry.keyHint)).toEqual(['…0002', '…0001']);
    await expect(mine.rule({ operationId: 'listThumbnails', key: bob, answer: { status: 500 } })).rejects.toMatchObject({ field: 'key' });
    expect(() => double.forKey('')).toThrow(TypeError);
  });

  test('rules() lists the rules in force with their counts, keys shown by a hint; a key view lists its own', async () => {
    const everyone = await double.rule({ operationId: 'listThumbnails', times: 2, answer: { status: 503 } });
    const bobs = await double.forKey(bob).rule({ operationId: 'createThumbnail', body: { prompt: 'a cat' }, fault: 'reset' });
    await list(alice);
    expect(await double.rules()).toEqual([
      { id: everyone.id, calls: 1, rule: { operationId: 'listThumbnails', times: 2, answer: { status: 503 } } },
      { id: bobs.id, calls: 0, rule: { operationId: 'createThumbnail', body: { prompt: 'a cat' }, fault: 'reset', key: '…0002' } },
    ]);
    expect((await double.forKey(bob).rules()).map((rule) => rule.id)).toEqual([bobs.id]);
    expect(await double.forKey(alice).rules()).toEqual([]);
    // Used up: no longer in force.
    await list(alice);
    expect((await double.rules()).map((rule) => rule.id)).toEqual([bobs.id]);
  });

  test('clearRules() removes every rule, of every key', async () => {
    await double.rule({ operationId: 'listThumbnails', answer: { status: 500 } });
    await double.forKey(bob).rule({ operationId: 'listThumbnails', answer: { status: 502 } });
    await double.clearRules();
    expect([(await list(alice)).status, (await list(bob)).status]).toEqual([200, 200]);
  });

  test('a request the rules of its operation did not answer is a near miss: the nearest rule and the first difference', async () => {
    const rule = await double.rule({ operationId: 'createThumbnail', body: { prompt: 'a cat' }, answer: { status: 429 } });
    expect((await create('a dog')).status).toBe(200);
    expect((await list()).status).toBe(200);
    const [missed, ...others] = await double.nearMisses();
    expect(others).toEqual([]);
    expect(missed).toMatchObject({
      method: 'POST',
      path: '/api/thumbnails',
      operationId: 'createThumbnail',
      status: 200,
      keyHint: '…0001',
      rule: rule.id,
      difference: 'body.prompt: expected "a cat", got "a dog"',
    });
    const [entry] = await double.requests({ operationId: 'createThumbnail' });
    expect(entry!.nearMiss).toEqual({ rule: rule.id, difference: missed!.difference, differences: [missed!.difference] });
    expect((await double.requests({ operationId: 'listThumbnails' }))[0]!.nearMiss).toBeNull();
  });

  test('a near miss says when the rule is for another key, or its times are used up; newest first, per key', async () => {
    const forAlice = await double.forKey(alice).rule({ operationId: 'listThumbnails', answer: { status: 503 } });
    await list(bob);
    const once = await double.rule({ operationId: 'createThumbnail', times: 1, answer: { status: 500 } });
    expect((await create('a cat')).status).toBe(500);
    expect((await create('a cat')).status).toBe(200);
    expect((await double.nearMisses()).map((missed) => [missed.rule, missed.difference])).toEqual([
      [once.id, 'times: used up after 1'],
      [forAlice.id, 'key: rule is for …0001, the request sent …0002'],
    ]);
    expect((await double.forKey(bob).nearMisses()).map((missed) => missed.rule)).toEqual([forAlice.id]);
    expect(await double.nearMisses({ operationId: 'listThumbnails', key: alice })).toEqual([]);
    await double.reset();
    await create('a cat');
    expect(await double.nearMisses()).toEqual([]);
  });

  test("coverage counts each outcome a key's requests saw: documented ones by key form, refusals, simulated ones", async () => {
    const key = `coverage-key-${name.length}-0003`;
    const mine = double.forKey(key);
    await list(key);
    await fetch(`${mock.baseUrl}/api/thumbnails`, { headers: { authorization: `Bearer ${key}`, prefer: 'code=403' } });
    await fetch(`${mock.baseUrl}/api/thumbnails`, { headers: { 'x-api-key': key, prefer: 'code=401' } });
    await fetch(`${mock.baseUrl}/api/thumbnails`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: '{}' });
    await mine.rule({ operationId: 'listThumbnails', times: 1, delayMs: 1, answer: { status: 503 } });
    expect((await list(key)).status).toBe(503);
    await mine.reset();
    const report = await mine.coverage();
    const outcomes = (operationId: string) =>
      Object.fromEntries(report.operations.find((operation) => operation.operationId === operationId)!.outcomes.map((seen) => [seen.outcome, seen.requests]));
    expect(outcomes('listThumbnails')).toEqual({
      '200': 1,
      '401 without a key': 0,
      '401 with x-api-key': 1,
      '401 with Authorization: Bearer': 0,
      '403 with x-api-key': 0,
      '403 with Authorization: Bearer': 1,
      'status=503 (not documented by the service)': 1,
      'delayMs (a rule delayed the answer)': 1,
    });
    expect(outcomes('createThumbnail')).toMatchObject({ '200': 0, '422 (body breaks the schema)': 1, '415 (body of another media type)': 0 });
    expect(report.notSeen).toContain('createThumbnail → 403 with x-api-key');
    expect(report.notSeen).not.toContain('listThumbnails → 200');
    expect((await double.coverage()).notSeen).not.toContain('listThumbnails → 403 with Authorization: Bearer');
  });

  test('coverage reports identical POSTs sent with one key within a second: each a billed generation on the service', async () => {
    const key = `repeat-key-${name.length}-0004`;
    await create('a fox', key);
    await create('a fox', key);
    await create('a hen', key);
    expect((await double.forKey(key).coverage()).repeatedPosts).toEqual([
      { operationId: 'createThumbnail', keyHint: '…0004', repeats: 1, last: expect.stringMatching(/^\d{4}-/) },
    ]);
  });

  test('endPending() ends a request a hang holds, as a network error, and says how many it ended', async () => {
    await double.rule({ operationId: 'listThumbnails', fault: 'hang' });
    const held = fateOf(list());
    await until(async () => (await double.requests()).length === 1);
    expect(await double.endPending()).toBe(1);
    expect(await held()).toBe('network error');
    expect(await double.endPending()).toBe(0);
  });

  test("reset() of one key ends that key's held requests and leaves the others held", async () => {
    await double.rule({ operationId: 'listThumbnails', fault: 'hang' });
    const alices = fateOf(list(alice));
    const bobs = fateOf(list(bob));
    await until(async () => (await double.requests()).length === 2);
    await double.forKey(alice).reset();
    expect(await alices()).toBe('network error');
    expect(await double.forKey(bob).endPending()).toBe(1);
    expect(await bobs()).toBe('network error');
  });
});

/**
 * What becomes of a request: `fate()` resolves with `network error` (fetch rejected with a TypeError), `answered <status>`,
 * or `still held` when neither happened within 5 s of asking. The outcome is watched from the start: over HTTP the
 * request may end before the call that ends it resolves.
 */
function fateOf(request: Promise<Response>): () => Promise<string> {
  const settled = request.then(
    (response) => `answered ${response.status}`,
    (error: unknown) => (error instanceof TypeError ? 'network error' : `failed: ${String(error)}`),
  );
  return () => Promise.race([settled, new Promise<string>((resolve) => setTimeout(() => resolve('still held'), 5_000))]);
}

/** Waits until `condition` holds (a request has reached the mock), checking every 20 ms for up to 10 s. */
async function until(condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('The condition never held within 10 s.');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
