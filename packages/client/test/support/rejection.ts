// What a call that must fail failed with: the test fails instead when the call succeeds.
import { expect } from 'vitest';
import { ThumbnailApiError } from '../../src/index.js';

/** What `promise` rejected with; fails the test when it resolved. */
export function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => expect.fail('the call succeeded'),
    (caught: Error) => caught,
  );
}

/** What `promise` rejected with, which must be a ThumbnailApiError: the service answered, not with usable data. */
export async function apiErrorOf(promise: Promise<unknown>): Promise<ThumbnailApiError> {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(ThumbnailApiError);
  return error as ThumbnailApiError;
}
