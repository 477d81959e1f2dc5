// What keeps a shared mock's test files apart and says why an answer came, against every implementation of the
// test-double interface (startMock(), createHandlers() through msw/node, connectMock() to the command line): a key
// registry whose refusals carry a note, rules that could never match refused when added, `requireKey`, and the id of
// the rule on every answer it made.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { MockKeyRequiredError, MockRuleError, type TestDouble } from '../src/index.js';
import { scratchDir } from './helpers/scratch-dir.js';
import { type Implementation, implementations } from './helpers/test-doubles.js';

const alice = 'key-of-alice-0001';
const bob = 'key-of-bob-000002';
const revoked = 'key-revoked-00003';
const noAccess = 'key-no-access-004';
const unlisted = 'key-not-listed-05';
const keys = { [alice]: 'ok', [bob]: 'ok', [revoked]: 'unauthorized', [noAccess]: 'forbidden' } as const;
const shared = implementations({ keys, requireKey: true }, scratchDir('test-double-scope-'));

describe.each(Object.keys(shared))('%s, with a key registry and requireKey', (name) => {
  let mock: Implementation;
  let double: TestDouble;
  beforeAll(async () => {
    mock = await shared[name]!();
    double = mock.double;
  }, 60_000);
  afterAll(() => mock?.stop());
  afterEach(async () => {
    await double.forKey(alice).reset();
    await double.forKey(bob).reset();
  });

  const list = (key?: string) => fetch(`${mock.baseUrl}/api/thumbnails`, { headers: key === undefined ? {} : { 'x-api-key': key } });

  test.each([
    ['a key the registry does not list', unlisted, 401, 'key not in the registry'],
    ['a key listed as unauthorized', revoked, 401, 'key listed as "unauthorized" in the registry'],
    ['a key listed as forbidden', noAccess, 403, 'key listed as "forbidden" in the registry'],
    ['no key', undefined, 401, 'no API key sent (x-api-key, or Authorization: Bearer <key>)'],
  ])('%s gets its %i with a note saying why, in the answer and the journal', async (_, key, status, note) => {
    const response = await list(key);
    expect([response.status, response.headers.get('x-thumbnail-api-mock-note')]).toEqual([status, note]);
    const entries = await double.requests();
    expect(entries.at(-1)).toMatchObject({ status, note });
  });

  test('an ok key gets no note', async () => {
    const response = await list(alice);
    expect([response.status, response.headers.get('x-thumbnail-api-mock-note')]).toEqual([200, null]);
  });

  test.each([
    ['not listed', unlisted, 'key not in the registry'],
    ['listed as unauthorized', revoked, 'key listed as "unauthorized" in the registry'],
    ['listed as forbidden', noAccess, 'key listed as "forbidden" in the registry'],
  ])('a rule for a key %s is refused: the registry answers first, so it could never match', async (_, key, why) => {
    const refused = double.forKey(key).rule({ operationId: 'listThumbnails', answer: { status: 503 } });
    await expect(refused).rejects.toBeInstanceOf(MockRuleError);
    await expect(refused).rejects.toMatchObject({ field: 'key', message: expect.stringContaining(`(${why}), so the rule could never match`) });
    expect(await double.rules()).toEqual([]);
  });

  test.each([
    [
      'a body matcher on an operation that takes no body',
      { operationId: 'listThumbnails', body: { prompt: 'a cat' }, answer: { status: 503 } },
      'body',
      'listThumbnails takes no request body, so a "body" matcher could never match',
    ],
    [
      'a body field the request schema does not name',
      { operationId: 'createThumbnail', body: { promt: 'a cat' }, answer: { status: 503 } },
      'body.promt',
      `createThumbnail's request body has no field "promt" (did you mean "prompt"?)`,
    ],
    [
      'a value the schema refuses for the field',
      { operationId: 'createThumbnail', body: { prompt: 42 }, answer: { status: 503 } },
      'body.prompt',
      `"body.prompt" could never match: 42 is not a value createThumbnail's request schema allows there: must be string (schema rule "type")`,
    ],
  ])('a rule that could never match is refused, naming the field: %s', async (_, rule, field, message) => {
    // @ts-expect-error the types refuse these too; JavaScript, JSON and rules files reach the run-time check
    const refused = double.forKey(alice).rule(rule);
    await expect(refused).rejects.toMatchObject({ name: 'MockRuleError', field, message: expect.stringContaining(message) });
  });

  test('requireKey: a rule without a key is refused, naming "key"; one scoped to a key is taken', async () => {
    const refused = double.rule({ operationId: 'listThumbnails', answer: { status: 503 } });
    await expect(refused).rejects.toMatchObject({ name: 'MockRuleError', field: 'key', message: expect.stringContaining('--require-key') });
    const scoped = await double.forKey(alice).rule({ operationId: 'listThumbnails', answer: { status: 503 } });
    expect((await double.rules()).map((rule) => rule.id)).toEqual([scoped.id]);
  });

  test.each(['reset', 'clearRules', 'clearRequests', 'endPending'] as const)(
    'requireKey: %s() of every key is refused with a MockKeyRequiredError; of one key it works',
    async (control) => {
      const everyone = Promise.resolve().then(() => double[control]());
      await expect(everyone).rejects.toBeInstanceOf(MockKeyRequiredError);
      await expect(everyone).rejects.toThrow(`This mock requires a key (--require-key, requireKey): ${control}() without one`);
      await double.forKey(alice)[control]();
    },
  );

  test("every answer a rule made names the rule; a simulated status's error text says it is simulated", async () => {
    const rule = await double.forKey(alice).rule({ operationId: 'listThumbnails', times: 1, answer: { status: 503 } });
    const simulated = await list(alice);
    expect([simulated.status, simulated.headers.get('x-thumbnail-api-mock-rule'), simulated.headers.get('x-thumbnail-api-mock-simulated')]).toEqual([
      503,
      rule.id,
      'status=503 (not documented by the service)',
    ]);
    expect(await simulated.json()).toEqual({ success: false, error: 'Simulated 503 (not documented by the service)' });
    const delayed = await double.forKey(alice).rule({ operationId: 'listThumbnails', times: 1, delayMs: 1 });
    expect((await list(alice)).headers.get('x-thumbnail-api-mock-rule')).toBe(delayed.id);
    expect((await list(alice)).headers.get('x-thumbnail-api-mock-rule')).toBeNull();
  });

  test('a documented status keeps its documented body', async () => {
    await double.forKey(alice).rule({ operationId: 'listThumbnails', times: 1, answer: { status: 403 } });
    expect(await (await list(alice)).json()).toEqual({ success: false, error: 'Forbidden' });
  });
});
