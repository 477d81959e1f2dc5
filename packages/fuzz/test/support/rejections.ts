// What a call that must fail threw, for tests that check the error: the test fails, naming why, when the call
// resolves or (with a limit) has not settled in time. The failure is thrown, never returned as if the call threw it.
import { expect } from 'vitest';

/** What `promise` rejected with; the test fails when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  const outcome = await promise.then(
    () => ({ rejected: false as const }),
    (error: unknown) => ({ rejected: true as const, error }),
  );
  if (!outcome.rejected) return expect.fail('the call resolved');
  return outcome.error as Error;
}

/** What `promise` rejected with; the test fails when it resolves, or has not settled after `ms`. */
export async function rejectionWithin(promise: Promise<unknown>, ms: number): Promise<Error> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<{ rejected: false; why: string }>((resolve) => {
    timer = setTimeout(() => resolve({ rejected: false, why: `the call had not settled after ${ms} ms` }), ms);
  });
  const outcome = await Promise.race([
    promise.then(
      () => ({ rejected: false as const, why: 'the call resolved' }),
      (error: unknown) => ({ rejected: true as const, error }),
    ),
    hang,
  ]).finally(() => clearTimeout(timer));
  if (!outcome.rejected) return expect.fail(outcome.why);
  return outcome.error as Error;
}
