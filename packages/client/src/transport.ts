// The `fetch` given to openapi-fetch: one place for timeouts, aborts, retries, redirects and debug logs,
// shared by `client.raw`, the resource methods and `client.request()`.
import { APIConnectionError, APITimeoutError, APIUserAbortError, type ThumbnailClientError } from './errors.js';
import type { FetchFunction, ThumbnailClientLogger } from './options.js';
import { isRetryableStatus, retriesFor, retryDelayMs } from './retry-policy.js';
import { describeHeaders, type Redact, safeCause } from './secret-redaction.js';

/** Client-wide settings of the transport. */
export interface TransportSettings {
  fetch: FetchFunction;
  timeoutMs: number;
  maxRetries: number;
  retryDelayMs: number;
  maxRetryDelayMs: number;
  logger: ThumbnailClientLogger | undefined;
  redact: Redact;
}

/** Per-call overrides. */
export interface CallSettings {
  timeoutMs?: number | undefined;
  maxRetries?: number | undefined;
  signal?: AbortSignal | undefined;
}

/** Sends a request built by openapi-fetch; resolves with a fully read response or throws a typed error. */
export type Transport = (request: Request, call?: CallSettings) => Promise<Response>;

type Attempt = { response: Response } | { failure: unknown; timedOut: boolean };

// Statuses whose responses cannot carry a body (the Response constructor refuses one).
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/** Creates the transport for one client. */
export function createTransport(settings: TransportSettings): Transport {
  const { logger, redact } = settings;
  const log = logger ? (line: string) => logger.debug(`thumbnail-api: ${line}`) : undefined;

  return async function send(request, call = {}) {
    const userSignal = call.signal ?? request.signal;
    const timeoutMs = call.timeoutMs ?? settings.timeoutMs;
    const attempts = retriesFor(request.method, settings.maxRetries, call.maxRetries) + 1;
    const target = `${request.method} ${redact(request.url)}`;
    // Read once, so every attempt sends the same bytes (a Request body can be read only once).
    const body = request.body === null ? undefined : await request.arrayBuffer();

    for (let attempt = 1; ; attempt++) {
      if (userSignal.aborted) throw abortError(target, userSignal, redact);
      log?.(`${target} (attempt ${attempt} of ${attempts}) headers: ${describeHeaders(request.headers, redact)}`);
      const started = log ? Date.now() : 0;
      const result = await attemptOnce(settings.fetch, request, body, timeoutMs, userSignal);
      const retryLeft = attempt < attempts;

      if ('response' in result) {
        const { response } = result;
        const summary = `${target} answered ${response.status}${response.statusText ? ` ${redact(response.statusText)}` : ''}`;
        if (!retryLeft || !isRetryableStatus(response.status)) {
          log?.(`${summary} in ${Date.now() - started} ms`);
          return response;
        }
        const delay = retryDelayMs(attempt, settings, response.headers.get('retry-after'));
        log?.(`${summary} in ${Date.now() - started} ms; retrying in ${delay} ms`);
        await sleep(delay, userSignal);
        continue;
      }

      if (userSignal.aborted) throw abortError(target, userSignal, redact);
      const error = result.timedOut
        ? new APITimeoutError(`${target} timed out after ${timeoutMs} ms (timeoutMs)${ofAttempts(attempt, attempts)}.`)
        : new APIConnectionError(`${target} failed before a response arrived: ${describeFailure(result.failure, redact)}${ofAttempts(attempt, attempts)}.`, {
            cause: safeCause(result.failure, redact),
          });
      if (!retryLeft) {
        log?.(error.message);
        throw error;
      }
      const delay = retryDelayMs(attempt, settings, null);
      log?.(`${error.message} Retrying in ${delay} ms.`);
      await sleep(delay, userSignal);
    }
  };
}

async function attemptOnce(fetch: FetchFunction, request: Request, body: ArrayBuffer | undefined, timeoutMs: number, userSignal: AbortSignal): Promise<Attempt> {
  // A fresh signal per attempt: one that already fired would abort every later attempt at once.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort(userSignal.reason);
  userSignal.addEventListener('abort', onAbort);
  try {
    // redirect: 'manual' because fetch would forward x-api-key to wherever a redirect points.
    const response = await fetch(request.url, { method: request.method, headers: request.headers, body, signal: controller.signal, redirect: 'manual' });
    if (response.status < 200 || response.status > 599) return { response }; // a browser's opaque redirect
    // The body is read inside the time limit, so a server that stalls mid-body times out too.
    const noBody = NULL_BODY_STATUSES.has(response.status) || request.method === 'HEAD';
    const buffered = new Response(noBody ? null : await response.arrayBuffer(), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    Object.defineProperty(buffered, 'url', { value: response.url });
    return { response: buffered };
  } catch (failure) {
    return { failure, timedOut };
  } finally {
    clearTimeout(timer);
    userSignal.removeEventListener('abort', onAbort);
  }
}

function abortError(target: string, signal: AbortSignal, redact: Redact): ThumbnailClientError {
  const reason: unknown = signal.reason;
  const cause = safeCause(reason, redact);
  // AbortSignal.timeout() aborts with a DOMException named TimeoutError: that is a timeout, not a cancel.
  if ((reason as { name?: unknown } | null)?.name === 'TimeoutError') {
    return new APITimeoutError(`${target} timed out: the caller's signal (AbortSignal.timeout) fired.`, { cause });
  }
  return new APIUserAbortError(`${target} was aborted by the caller's signal.`, { cause });
}

// The innermost cause says what happened (undici wraps it as "fetch failed").
function describeFailure(failure: unknown, redact: Redact): string {
  let inner: unknown = failure;
  for (let depth = 0; depth < 5 && inner instanceof Error && inner.cause instanceof Error; depth++) inner = inner.cause;
  if (!(inner instanceof Error)) return redact(String(inner));
  const code = (inner as { code?: unknown }).code;
  const message = inner.message || inner.name;
  return redact(typeof code === 'string' && !message.includes(code) ? `${message} (${code})` : message);
}

function ofAttempts(attempt: number, attempts: number): string {
  return attempts > 1 ? ` (attempt ${attempt} of ${attempts})` : '';
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}
