// The retry policy as pure functions: exact delays for given headers, clocks and random draws.
import { describe, expect, test } from 'vitest';
import { isRetryableStatus, parseRetryAfter, retriesFor, retryDelayMs } from '../src/retry-policy.js';

const now = Date.parse('Wed, 21 Oct 2026 07:28:00 GMT');
const delays = { retryDelayMs: 500, maxRetryDelayMs: 30_000 };

describe('parseRetryAfter', () => {
  test.each<[string | null, number | undefined]>([
    ['0', 0],
    ['2', 2_000],
    [' 120 ', 120_000],
    ['Wed, 21 Oct 2026 07:28:03 GMT', 3_000],
    ['Wednesday, 21-Oct-26 07:28:03 GMT', 3_000],
    ['Wed Oct 21 07:28:03 2026', 3_000],
    ['Wed, 21 Oct 2026 07:27:00 GMT', 0],
    [null, undefined],
    ['', undefined],
    ['-1', undefined],
    ['1.5', undefined],
    ['soon', undefined],
  ])('%j is %j ms', (header, expected) => {
    expect(parseRetryAfter(header, now)).toBe(expected);
  });
});

describe('retryDelayMs', () => {
  test('doubles per retry, between half and all of the step', () => {
    expect([1, 2, 3, 4].map((retry) => retryDelayMs(retry, delays, null, now, 0))).toEqual([250, 500, 1_000, 2_000]);
    expect([1, 2, 3, 4].map((retry) => retryDelayMs(retry, delays, null, now, 1))).toEqual([500, 1_000, 2_000, 4_000]);
  });

  test('never exceeds maxRetryDelayMs', () => {
    expect(retryDelayMs(30, delays, null, now, 1)).toBe(30_000);
  });

  test('takes Retry-After instead of backoff, capped', () => {
    expect(retryDelayMs(1, delays, '7', now, 0)).toBe(7_000);
    expect(retryDelayMs(1, delays, '3600', now, 0)).toBe(30_000);
  });

  test('falls back to backoff when Retry-After is invalid', () => {
    expect(retryDelayMs(2, delays, 'later', now, 1)).toBe(1_000);
  });
});

describe('retriesFor', () => {
  test.each(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'])('%s gets the client default', (method) => {
    expect(retriesFor(method, 2, undefined)).toBe(2);
  });

  test.each(['POST', 'PATCH'])('%s gets none unless the call asks', (method) => {
    expect(retriesFor(method, 2, undefined)).toBe(0);
    expect(retriesFor(method, 2, 3)).toBe(3);
  });
});

test.each([
  [408, true],
  [429, true],
  [500, true],
  [599, true],
  [400, false],
  [404, false],
  [409, false],
])('status %i is retryable: %s', (status, expected) => {
  expect(isRetryableStatus(status)).toBe(expected);
});
