// Says what went wrong in an attempt that got no answer: a time limit, the caller's signal, or a connection failure; never with the key.
import { APIConnectionError, APITimeoutError, APIUserAbortError, ResponseTooLargeError, type ThumbnailClientError } from './errors.js';
import { networkPermissionError } from './runtime-permissions.js';
import { type Redact, safeCause } from './secret-redaction.js';

/** The typed error for a failed attempt: `target` is `METHOD url`, redacted; `of` e.g. ` (attempt 2 of 3)`; `timeout` the limit that ran out, if one did. */
export function attemptError(
  failure: unknown,
  at: { target: string; url: string; phase: string; of: string; timeout: string | undefined; userSignal: AbortSignal | undefined; redact: Redact },
): ThumbnailClientError {
  // (a body past maxResponseBytes: the attempt failed with an answer, whose error says so)
  if (failure instanceof ResponseTooLargeError) return failure;
  if (at.userSignal?.aborted) return abortError(at.target, at.userSignal, at.redact);
  if (at.timeout) return new APITimeoutError(`${at.target} timed out${at.timeout}${at.of}.`);
  const denied = networkPermissionError(failure, at.target, at.url, at.redact);
  if (denied) return denied;
  const reason = isUnexplainedFetchFailure(failure)
    ? `fetch gave no reason${at.of}. ${UNEXPLAINED_FAILURE}`
    : `${describeFailure(failure, at.redact)}${at.of}.`;
  return new APIConnectionError(`${at.target} failed ${at.phase}: ${reason}`, { cause: safeCause(failure, at.redact) });
}

/** The error for a call stopped by the caller's signal: a timeout for `AbortSignal.timeout()`, else an abort. */
export function abortError(target: string, signal: AbortSignal, redact: Redact): ThumbnailClientError {
  const reason: unknown = signal.reason;
  const cause = safeCause(reason, redact);
  if ((reason as { name?: unknown } | null)?.name === 'TimeoutError') {
    return new APITimeoutError(`${target} timed out: the caller's signal (AbortSignal.timeout) fired.`, { cause });
  }
  return new APIUserAbortError(`${target} was aborted by the caller's signal.`, { cause });
}

// Node's fetch turns a 407 answer into a network error with no message (the Fetch standard's rule for a request with no
// window); with `redirect: 'manual'` nothing else fails without a reason, so the error names the likely cause and way out.
const UNEXPLAINED_FAILURE =
  "Node's fetch fails this way when the answer is 407 Proxy Authentication Required, which it does not pass on: " +
  'a proxy between you and the service (or the server itself) asks for proxy credentials. ' +
  "Let the service's host through the proxy without them, or pass a `fetch` option that authenticates to the proxy.";

function isUnexplainedFetchFailure(failure: unknown): boolean {
  const cause: unknown = failure instanceof TypeError ? failure.cause : undefined;
  return cause instanceof Error && cause.message === '' && cause.cause === undefined && (cause as { code?: unknown }).code === undefined;
}

// The innermost cause says what happened (undici wraps it as "fetch failed").
function describeFailure(failure: unknown, redact: Redact): string {
  let inner: unknown = failure;
  for (let depth = 0; depth < 5 && inner instanceof Error && inner.cause instanceof Error; depth++) inner = inner.cause;
  // A custom fetch may throw anything: a string is shown, another value (whose text may throw) only named.
  if (!(inner instanceof Error)) return redact(typeof inner === 'string' ? inner.slice(0, 500) : `fetch failed with a thrown ${typeof inner}, not an Error`);
  const code = (inner as { code?: unknown }).code;
  const message = inner.message || inner.name;
  return redact(typeof code === 'string' && !message.includes(code) ? `${message} (${code})` : message);
}
