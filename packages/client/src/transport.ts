// The `fetch` given to openapi-fetch: one place for time limits, aborts, retries, redirects and debug logs, shared by
// `client.raw`, the resource methods and `client.request()`. Each attempt reads the whole body; the answer goes on as
// a new Response over those bytes.

import { type Attempt, sleep, startAttempt, untilAborted } from './attempt.js';
import { abortError, attemptError, type FailedAttempt } from './attempt-failure.js';
import { explainStreamFailure, sendsBodyAsStream } from './browser-request-body.js';
import { BodyOverLimit, BufferedResponse, readBody } from './buffered-response.js';
import { APIConnectionError } from './errors.js';
import type { FetchFunction, RequestOptions } from './options.js';
import type { ResolvedConfig } from './resolve-config.js';
import { tooLargeError } from './response-error.js';
import { isIdempotentMethod, isRetryableStatus, retriesFor, retryDelayMs } from './retry-policy.js';
import { refusedBeforeStreaming } from './runtime-permissions.js';
import { safeLogger } from './safe-logger.js';
import { describeHeaders, type Redact, redactedAnswer } from './secret-redaction.js';

/** Client-wide settings of the transport; `fetch` undefined means the global one at the time of each call. */
export type TransportSettings = Pick<
  ResolvedConfig,
  'fetch' | 'timeoutMs' | 'totalTimeoutMs' | 'maxRetries' | 'retryDelayMs' | 'maxRetryDelayMs' | 'maxResponseBytes' | 'logger'
> & { redact: Redact };

/** Per-call overrides. */
export type CallSettings = Pick<RequestOptions, 'timeoutMs' | 'totalTimeoutMs' | 'maxRetries' | 'maxResponseBytes' | 'signal'>;

/** Sends a request built by openapi-fetch; resolves with its answer, read in full within the time limit, or throws a typed error. */
export type Transport = (request: Request, call?: CallSettings) => Promise<Response>;

/** Creates the transport for one client. */
export function createTransport(settings: TransportSettings): Transport {
  const { logger, redact } = settings;
  // Called unbound: a browser's fetch throws "Illegal invocation" when called as a method of another object.
  const fetch = settings.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const log = logger && safeLogger(logger, redact);

  return async function send(request, call) {
    // Resource calls bring their own options; client.raw calls carry the caller's signal on the Request.
    const userSignal = call ? call.signal : request.signal;
    const timeoutMs = call?.timeoutMs ?? settings.timeoutMs;
    const limit = call?.maxResponseBytes ?? settings.maxResponseBytes;
    const attempts = retriesFor(request.method, settings.maxRetries, call?.maxRetries) + 1;
    const totalTimeoutMs = call?.totalTimeoutMs ?? settings.totalTimeoutMs;
    const deadline = totalTimeoutMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + totalTimeoutMs;
    // A retry is made only if its wait ends within the call's time limit.
    const mayRetry = (attempt: number, delay: number) => attempt < attempts && Date.now() + delay < deadline;
    const target = `${request.method} ${redact(request.url)}`;
    const where = { target, url: request.url, attempts, timedOut: false, timeoutMs, userSignal, redact };
    // Read once, so every attempt sends the same bytes (a Request body can be read only once).
    const body = request.body === null ? undefined : await request.arrayBuffer();
    // The Fetch standard has fetch re-send a request answered 421 (Misdirected Request) whenever its body can be
    // replayed: a second POST /api/thumbnails. A stream body cannot be, nor sent twice by a fetch that retries on its
    // own, so POST and PATCH send theirs as one (in browsers, over https: only: see browser-request-body.ts).
    const oneShot = body !== undefined && !isIdempotentMethod(request.method) && sendsBodyAsStream(request.url);
    const headers = oneShot ? new Headers(request.headers) : request.headers;
    // A stream body still goes with its Content-Length, not chunked.
    if (oneShot) headers.set('content-length', String(body.byteLength));
    const refused = oneShot ? refusedBeforeStreaming(target, request.url, redact) : undefined;
    if (refused) throw refused;

    for (let attempt = 1; ; attempt++) {
      if (userSignal?.aborted) throw abortError(target, userSignal, redact);
      log?.(`${target} (attempt ${attempt} of ${attempts}) headers: ${describeHeaders(request.headers, redact)}`);
      const started = log ? Date.now() : 0;
      // The whole call's time limit shortens the attempt it ends in.
      const attemptMs = Math.max(1, Math.min(timeoutMs, deadline - Date.now()));
      const current = startAttempt(attemptMs, userSignal);
      const failed: FailedAttempt = {
        ...where,
        attempt,
        phase: 'before a response arrived',
        totalTimeoutMs: attemptMs < timeoutMs ? totalTimeoutMs : undefined,
      };
      let response: Response;
      let bytes: Uint8Array<ArrayBuffer> | null;
      try {
        // redirect: 'manual' because fetch would forward x-api-key to wherever a redirect points.
        const init = {
          method: request.method,
          headers,
          body: oneShot ? new Blob([body]).stream() : body,
          signal: current.signal,
          redirect: 'manual',
        } as RequestInit;
        if (oneShot) Object.assign(init, { duplex: 'half' });
        [response, bytes] = await untilAborted(exchange(fetch, request.url, init, limit, current, failed), current.signal);
      } catch (failure) {
        // Aborting drops what is left of the answer: Node 20's fetch fails on a 407 without reading its body.
        current.end();
        let error =
          failure instanceof BodyOverLimit
            ? tooLargeError({ method: request.method, path: redact(new URL(request.url).pathname), response: failure.response, redact }, failure.excerpt, limit)
            : attemptError(failure, { ...failed, timedOut: current.timedOut });
        if (oneShot) error = explainStreamFailure(error);
        const delay = retryDelayMs(attempt, settings, null);
        // Only a failed connection may succeed on a retry: not an abort, nor a permission the runtime refused.
        if (!mayRetry(attempt, delay) || !(error instanceof APIConnectionError) || userSignal?.aborted) {
          log?.(error.message);
          throw error;
        }
        log?.(`${error.message} Retrying in ${delay} ms.`);
        await sleep(delay, userSignal);
        continue;
      }
      // A body that fetch does not give (after a 204, 205 or 304) but that the headers announce would hold the connection.
      if (bytes === null && announcesBody(response)) current.end();
      else current.release();

      const summary =
        log && `${target} answered ${response.status}${response.statusText ? ` ${redact(response.statusText)}` : ''} in ${Date.now() - started} ms`;
      const retryable = isRetryableStatus(response.status);
      const delay = retryable ? retryDelayMs(attempt, settings, response.headers.get('retry-after')) : 0;
      if (retryable && mayRetry(attempt, delay)) {
        log?.(`${summary}; retrying in ${delay} ms`);
        await sleep(delay, userSignal);
        continue;
      }
      if (summary) log?.(summary);
      if (response.ok) return new BufferedResponse(response, bytes);
      const answer = redactedAnswer(response, bytes, redact);
      return new BufferedResponse(answer.head, answer.bytes);
    }
  };
}

/** Sends one attempt and reads its whole body, noting in `failed` how far it got. */
async function exchange(
  fetch: FetchFunction,
  url: string,
  init: RequestInit,
  limit: number,
  attempt: Attempt,
  failed: FailedAttempt,
): Promise<[Response, Uint8Array<ArrayBuffer> | null]> {
  const response = await fetch(url, init);
  // Duck-typed: a fetch from another copy of undici (a proxy agent's) answers with its own Response class.
  if (typeof response?.status !== 'number' || typeof response.headers?.get !== 'function')
    throw new TypeError(`the fetch function resolved with ${typeof response}, not a Response`);
  failed.phase = 'while reading the response';
  return [response, response.body && (await readBody(response, limit, attempt))];
}

function announcesBody(response: Response): boolean {
  const length = response.headers.get('content-length');
  return (length !== null && length.trim() !== '0') || response.headers.has('transfer-encoding');
}
