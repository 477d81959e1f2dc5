// The regression tests' rejectionOf and rejectionWithin (test/support/rejections.ts) fail the test, naming why, for a
// call that resolves or never settles, instead of handing their own failure back as if the call had thrown it.
import { describe, expect, test } from 'vitest';
import { rejectionOf, rejectionWithin } from '../support/rejections.js';

const never = new Promise<never>(() => {});

describe('a call that does not reject fails the test', () => {
  test.each([
    ['rejectionOf, for a call that resolves', () => rejectionOf(Promise.resolve('data')), 'the call resolved'],
    ['rejectionWithin, for a call that resolves', () => rejectionWithin(Promise.resolve('data'), 1_000), 'the call resolved'],
    ['rejectionWithin, for a call that never settles', () => rejectionWithin(never, 50), 'the call had not settled after 50 ms'],
  ])('%s', async (_, check, why) => {
    await expect(check()).rejects.toThrow(why);
  });
});

test('the error of a call that rejects is handed back as it was thrown', async () => {
  const thrown = new TypeError('fetch failed');
  expect(await rejectionWithin(Promise.reject(thrown), 1_000)).toBe(thrown);
  expect(await rejectionOf(Promise.reject(thrown))).toBe(thrown);
});
