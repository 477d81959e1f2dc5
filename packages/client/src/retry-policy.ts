// When to retry and how long to wait. Our policy: the service documents no rate limits, idempotency or
// retry guidance, so this follows common practice (openai-node, stripe-node) and is documented as ours.

// Methods that may be repeated without repeating an effect. POST and PATCH are retried only on request:
// no idempotency mechanism is documented, and a repeated POST /api/thumbnails could generate (and bill) twice.
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** Whether a method may be repeated without repeating an effect. */
export function isIdempotentMethod(method: string): boolean {
  return IDEMPOTENT_METHODS.has(method);
}

/** How many retries a call gets: its own `maxRetries` if given, else the client's for idempotent methods, else none. */
export function retriesFor(method: string, clientMaxRetries: number, callMaxRetries: number | undefined): number {
  if (callMaxRetries !== undefined) return callMaxRetries;
  return isIdempotentMethod(method) ? clientMaxRetries : 0;
}

/** Whether a response status is worth retrying: 408, 429 and >= 500. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** Delay settings of {@link retryDelayMs}. */
export interface RetryDelays {
  retryDelayMs: number;
  maxRetryDelayMs: number;
}

/**
 * The wait before retry number `retry` (1-based): `Retry-After` when the response has a valid one, else
 * exponential backoff with jitter (between half and all of `retryDelayMs * 2^(retry-1)`); capped either way.
 */
export function retryDelayMs(retry: number, delays: RetryDelays, retryAfter: string | null, now = Date.now(), random = Math.random()): number {
  const fromHeader = parseRetryAfter(retryAfter, now);
  if (fromHeader !== undefined) return Math.min(fromHeader, delays.maxRetryDelayMs);
  const backoff = Math.min(delays.retryDelayMs * 2 ** (retry - 1), delays.maxRetryDelayMs);
  return Math.round(backoff * (0.5 + random / 2));
}

/** `Retry-After` in milliseconds from now: delay-seconds or an HTTP date; `undefined` when absent or invalid. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Every HTTP-date form starts with a day name; Date.parse alone accepts far too much.
  if (!/^[A-Za-z]{3}/.test(text)) return undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
