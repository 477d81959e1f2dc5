// Which rule a near miss names when two or three rules of the operation could have answered the request (README, "Near
// misses"): a rule for the request's key before one for another key, then the fewest differences, then
// the newest. Through the public API only: startMock() serves, connectMock() adds the rules and reads the near misses.
// test/mutations.test.ts runs this file against copies of the built mock with that order planted wrong
// (MOCK_MODULE_UNDER_TEST names such a copy's entry point), and sees it fail.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type ConnectedMock, connectMock, type MockRule, type RunningMock } from '../src/index.js';
import { mockUnderTest } from './helpers/mock-under-test.js';

const { startMock } = mockUnderTest;

// The request's key, and another: their hints in the near misses are …0001 and …0002.
const [key, otherKey] = ['near-miss-key-0001', 'near-miss-key-0002'];

let served: RunningMock;
let mock: ConnectedMock;
beforeAll(async () => {
  served = await startMock({ port: 0 });
  mock = connectMock(served.url);
});
afterAll(() => served?.stop());

/** A rule for POST /api/thumbnails answering 429 to a body with `prompt` (and the key `forKey`, when given). */
const rule = (prompt: string, forKey?: string): MockRule => ({
  operationId: 'createThumbnail',
  body: { prompt },
  ...(forKey === undefined ? {} : { key: forKey }),
  answer: { status: 429 },
});

/** The same, once: the test sends it one matching request, so it is used up (a `times` difference) when the request comes. */
const usedUp = (prompt: string, forKey?: string): MockRule => ({ ...rule(prompt, forKey), times: 1 });

/** POST /api/thumbnails with `prompt` and `sentKey`. */
const create = (prompt: string, sentKey = key) =>
  fetch(`${mock.url}/api/thumbnails`, {
    method: 'POST',
    headers: { 'x-api-key': sentKey, 'content-type': 'application/json' },
    body: JSON.stringify({ prompt }),
  });

// Each case: the rules, oldest first; the request is `{"prompt":"a dog"}` with `key`; which rule its near miss names,
// and where it differs. The rules differ from the request in the key (another key), the prompt, and `times` (used up).
const cases: [string, MockRule[], number, string][] = [
  [
    'a rule for the request’s key before one for another key, though that one is newer and differs in less',
    [usedUp('a cow', key), rule('a dog', otherKey)],
    0,
    'times: used up after 1',
  ],
  ['the fewest differences before the newest rule', [rule('a dog', otherKey), rule('a cat', otherKey)], 0, `key: rule is for …0002, the request sent …0001`],
  ['of rules as near, the newest', [rule('a cat'), rule('a cow')], 1, 'body.prompt: expected "a cow", got "a dog"'],
  [
    'of three: the newest of the two for the request’s key, not the newest of all, for another key',
    [rule('a cat', key), rule('a cow', key), rule('a dog', otherKey)],
    1,
    'body.prompt: expected "a cow", got "a dog"',
  ],
  [
    'of three for another key: the one with the fewest differences, though it is the oldest',
    [rule('a dog', otherKey), rule('a cat', otherKey), rule('a cow', otherKey)],
    0,
    'key: rule is for …0002, the request sent …0001',
  ],
];

describe('a request no rule answered names, of the rules of its operation,', () => {
  test.each(cases)('%s', async (_, rules, nearest, difference) => {
    await mock.reset();
    const ids: string[] = [];
    for (const added of rules) {
      ids.push((await mock.rule(added)).id);
      if (added.times === 1) expect((await create((added.body as { prompt: string }).prompt, added.key)).status).toBe(429);
    }
    await mock.clearRequests();
    expect((await create('a dog')).status).toBe(200);
    const misses = await mock.nearMisses();
    expect(misses.map((missed) => [missed.rule, missed.difference])).toEqual([[ids[nearest], difference]]);
  });
});
