// fast-check generators of client calls and sentinel keys.
import * as fc from 'fast-check';
import type { ClientCall, FetchKind, LoggerKind } from './client-call.js';

const KEY_CHARS = "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * Sentinel API keys: a recognisable prefix and characters that a header name or value can carry, including
 * ones that URL-encoding changes (`%`, `&`, `+`), so an echo in any form can be spotted.
 */
export const sentinelKey: fc.Arbitrary<string> = fc
  .string({ unit: fc.constantFrom(...KEY_CHARS), minLength: 12, maxLength: 24 })
  .map((tail) => `sk_fuzz_${tail}`);

/** Time limits of a call. */
export interface CallTiming {
  timeoutMs: { min: number; max: number };
  /** Whether some calls are aborted through an AbortSignal. */
  aborts: boolean;
}

/** A call of any surface of the client, with small retry delays so that a case takes milliseconds. */
export function clientCall(timing: CallTiming): fc.Arbitrary<ClientCall> {
  return fc.record({
    surface: fc.constantFrom<ClientCall['surface']>(
      'thumbnails.list',
      'thumbnails.list',
      'thumbnails.create',
      'thumbnails.create',
      'raw.GET',
      'raw.POST',
      'request',
    ),
    method: fc.constantFrom<ClientCall['method']>('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
    auth: fc.constantFrom<ClientCall['auth']>('x-api-key', 'bearer'),
    clientMaxRetries: fc.integer({ min: 0, max: 3 }),
    callMaxRetries: fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined, freq: 3 }),
    retryDelayMs: fc.integer({ min: 0, max: 5 }),
    maxRetryDelayMs: fc.integer({ min: 0, max: 20 }),
    timeoutMs: fc.integer(timing.timeoutMs),
    abortAfterMs: timing.aborts ? fc.option(fc.integer({ min: 0, max: 400 }), { nil: undefined, freq: 3 }) : fc.constant(undefined),
    fetchKind: fc.constantFrom<FetchKind>('global', 'global', 'global', 'option', 'installed-later', 'retrying', 'ignores-signal'),
    loggerKind: fc.constantFrom<LoggerKind>('recording', 'recording', 'recording', 'recording', 'throwing', 'rejecting', 'never-settling'),
    // Small enough that generated bodies pass it; without one, the default 10 MiB (which endless bodies pass).
    maxResponseBytes: fc.option(fc.integer({ min: 1024, max: 256 * 1024 }), { nil: undefined, freq: 2 }),
  });
}
