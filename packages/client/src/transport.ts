// The `fetch` given to openapi-fetch for every call: time limits, aborts, retries, redirects, the size limit and debug logs.
// Each attempt (attempt.ts) reads the whole body within maxResponseBytes; the answer goes on as a new Response over those bytes.

import { readBody, startAttempt } from './attempt.js';
import { abortError, attemptError } from './attempt-failure.js';
import { explainStreamFailure, sendsBodyAsStream } from './browser-request-body.js';
import { APIConnectionError, type ThumbnailClientError } from './errors.js';
import type { RequestOptions } from './options.js';
import { HEADER_VALUE, type ResolvedConfig } from './resolve-config.js';
import { responseError, tooLargeError } from './response-error.js';
import { isIdempotentMethod, isRetryableStatus, retriesFor, retryDelayMs } from './retry-policy.js';
import { refusedBeforeStreaming } from './runtime-permissions.js';
import { safeLogger } from './safe-logger.js';
import { describeHeaders, type Redact, redactedAnswer } from './secret-redaction.js';

/** The client's settings, less what the transport does not use; `fetch` undefined means the global one at each call. */
export type TransportSettings = Omit<ResolvedConfig, 'apiKey' | 'baseUrl' | 'auth' | 'headers' | 'allowInsecureHttp'> & { redact: Redact };

/** Sends a request built by openapi-fetch (with a call's own options); resolves with its answer, read in full, or throws a typed error. */
export type Transport = (request: Request, call?: RequestOptions) => Promise<Response>;

export function createTransport(settings: TransportSettings): Transport {
  const { logger, redact } = settings;
  // Called unbound: a browser's fetch throws "Illegal invocation" when called as a method of another object.
  const fetch = settings.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const log = logger && safeLogger(logger, redact);

  return async function send(request, call) {
    const { method, url } = request;
    // Resource calls bring their own options; client.raw calls carry the caller's signal on the Request.
    const userSignal = call ? call.signal : request.signal;
    const timeoutMs = call?.timeoutMs ?? settings.timeoutMs;
    const limit = call?.maxResponseBytes ?? settings.maxResponseBytes;
    const attempts = retriesFor(method, settings.maxRetries, call?.maxRetries) + 1;
    const totalTimeoutMs = call?.totalTimeoutMs ?? settings.totalTimeoutMs;
    const deadline = Date.now() + (totalTimeoutMs ?? Number.POSITIVE_INFINITY);
    const target = `${method} ${redact(url)}`;
    const answer = (response: Response, body?: unknown) => ({ method, path: redact(new URL(url).pathname), response, body, redact });
    // Read once, so every attempt sends the same bytes (a Request body can be read only once).
    const body = request.body === null ? undefined : await request.arrayBuffer();
    // fetch re-sends a request answered 421 when it can replay its body, and a fetch may retry by itself: a stream body
    // cannot be sent twice, so POST and PATCH send theirs as one (in browsers, over https: only: see browser-request-body.ts).
    const oneShot = body !== undefined && !isIdempotentMethod(method) && sendsBodyAsStream(url);
    const refused = oneShot && refusedBeforeStreaming(target, url, redact);
    if (refused) throw refused;
    // A stream body still goes with its Content-Length, not chunked.
    const headers = oneShot ? new Headers(request.headers) : request.headers;
    if (oneShot) headers.set('content-length', String(body.byteLength));
    // redirect: 'manual' because fetch would forward x-api-key to wherever a redirect points.
    const init = { method, headers, redirect: 'manual', ...(oneShot && { duplex: 'half' }) } as RequestInit;

    for (let attempt = 1; ; attempt++) {
      if (userSignal?.aborted) throw abortError(target, userSignal, redact);
      log?.(`${target} (attempt ${attempt} of ${attempts}) headers: ${describeHeaders(request.headers, redact)}`);
      const started = Date.now();
      // The whole call's time limit shortens the attempt it ends in.
      const attemptMs = Math.max(1, Math.min(timeoutMs, deadline - started));
      const current = startAttempt(attemptMs, userSignal);
      let response: Response | undefined;
      let bytes: Uint8Array<ArrayBuffer> | null = null;
      let error: ThumbnailClientError | undefined;
      // Goes on after the attempt ends (a fetch may ignore the signal), so that a late answer's body is cancelled unread.
      const exchange = async () => {
        const answered = await fetch(url, { ...init, body: oneShot ? new Blob([body]).stream() : body, signal: current.signal });
        // Duck-typed: a fetch from another copy of undici (a proxy agent's) answers with its own Response class.
        if (typeof answered?.status !== 'number' || typeof answered.headers?.get !== 'function')
          throw new TypeError(`the fetch function resolved with ${typeof answered}, not a Response`);
        response = answered;
        return answered.body && readBody(answered, limit, current, (excerpt) => tooLargeError(answer(answered), excerpt, limit));
      };
      try {
        bytes = await Promise.race([exchange(), current.stopped]);
        // A body that fetch does not give (to HEAD, after a 204, 205 or 304) but the headers announce would hold the connection.
        const { headers } = response!;
        current.finish(bytes === null && (Number(headers.get('content-length')) > 0 || headers.has('transfer-encoding')));
      } catch (failure) {
        // Dropped: Node 20's fetch fails on a 407 without reading its body.
        current.finish(true);
        const limitText = attemptMs < timeoutMs ? `: its ${totalTimeoutMs} ms in all (totalTimeoutMs) ran out` : ` after ${timeoutMs} ms (timeoutMs)`;
        const phase = response ? 'while reading the response' : 'before a response arrived';
        const of = attempts > 1 ? ` (attempt ${attempt} of ${attempts})` : '';
        error = attemptError(failure, { target, url, phase, of, timeout: current.timedOut ? limitText : undefined, userSignal, redact });
        if (oneShot) error = explainStreamFailure(error);
      }
      // Only a failed connection may succeed on a retry: not an abort, nor a permission the runtime refused.
      const retryable = error ? error instanceof APIConnectionError && !userSignal?.aborted : isRetryableStatus(response!.status);
      const delay = retryable ? retryDelayMs(attempt, settings, error ? null : response!.headers.get('retry-after')) : 0;
      const reason = log && response?.statusText ? ` ${redact(response.statusText)}` : '';
      const said = !log ? '' : error ? error.message : `${target} answered ${response!.status}${reason} in ${Date.now() - started} ms`;
      if (retryable && attempt < attempts && Date.now() + delay < deadline) {
        log?.(error ? `${said} Retrying in ${delay} ms.` : `${said}; retrying in ${delay} ms`);
        // The wait ends at its delay, or at once when the caller aborts, as an attempt does.
        const wait = startAttempt(delay, userSignal);
        await wait.stopped.catch(() => wait.finish(false));
        continue;
      }
      log?.(said);
      if (error) throw error;
      const { status, ok } = response!;
      // Response refuses other statuses (a browser's opaque redirect is 0; fetch reads any status up to 999): the body is read
      // as openapi-fetch reads an error's, JSON else text.
      if (status < 200 || status > 599) {
        const text = bytes ? new TextDecoder().decode(bytes) : '';
        throw responseError(answer(response!, await new Response(text).json().catch(() => text)));
      }
      // The key is redacted from an error answer; a reason phrase Response refuses (past Latin-1, from bytes that are not UTF-8) is dropped.
      const handed = ok ? { statusText: response!.statusText, headers: response!.headers, body: bytes } : redactedAnswer(response!, bytes, redact);
      const statusText = HEADER_VALUE.test(handed.statusText) ? handed.statusText : '';
      return new Response(handed.body, { status, statusText, headers: handed.headers });
    }
  };
}
