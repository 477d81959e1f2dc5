// Sends every request of the client: time limits, aborts, retries, redirects, the size limit and the log.
// Each attempt (attempt.ts) reads the whole body within maxResponseBytes, unless the caller asked for the body unread.

import { Attempt, guardedBody, pause, readBody } from './attempt.js';
import { abortError, attemptError } from './attempt-failure.js';
import { explainStreamFailure, sendsBodyAsStream } from './browser-request-body.js';
import { APIConnectionError, type ThumbnailClientError } from './errors.js';
import { HEADER_VALUE } from './http-syntax.js';
import type { Log } from './log.js';
import type { RequestOptions } from './options.js';
import { parseErrorBody } from './parse-body.js';
import type { ResolvedConfig } from './resolve-config.js';
import { responseError, tooLargeError } from './response-error.js';
import { isIdempotentMethod, isRetryableStatus, retriesFor, retryDelayMs } from './retry-policy.js';
import { refusedBeforeStreaming } from './runtime-permissions.js';
import { describeHeaders, type Redact } from './secret-redaction.js';

/** The client's settings, less what the transport does not use; `fetch` undefined means the global one at each call. */
export type TransportSettings = Omit<ResolvedConfig, 'apiKey' | 'baseUrl' | 'auth' | 'headers' | 'allowInsecureHttp' | 'logger' | 'logLevel'> & {
  redact: Redact;
  log: Log | undefined;
};

/** A request as the client sends it: headers with the key, the body already serialised. */
export interface Outgoing {
  method: string;
  url: string;
  headers: Record<string, string> | Headers;
  body?: Uint8Array<ArrayBuffer> | undefined;
}

/** What came back: the final attempt's answer (status 100-599), with its body read (`bytes`) or, when asked, unread (`response.body`). */
export interface Answer {
  response: Response;
  bytes: Uint8Array<ArrayBuffer> | null;
}

/** Set by `.asResponse()` while the call runs: a 2xx answer's body is then handed on unread, still under the attempt's limits. */
export interface BodyMode {
  unread: boolean;
}

/** Sends a request (with a call's own options), resolves with its final answer or throws a typed error. */
export type Transport = (request: Outgoing, call: RequestOptions, mode?: BodyMode) => Promise<Answer>;

export function createTransport(settings: TransportSettings): Transport {
  const { log, redact } = settings;
  // Called unbound: a browser's fetch throws "Illegal invocation" when called as a method of another object.
  const fetch = settings.fetch ?? ((url, init) => globalThis.fetch(url, init));

  return async function send({ method, url, headers, body }, call, mode) {
    const userSignal = call.signal;
    const timeoutMs = call.timeoutMs ?? settings.timeoutMs;
    const limit = call.maxResponseBytes ?? settings.maxResponseBytes;
    const attempts = retriesFor(method, settings.maxRetries, call.maxRetries) + 1;
    const totalTimeoutMs = call.totalTimeoutMs ?? settings.totalTimeoutMs;
    const deadline = Date.now() + (totalTimeoutMs ?? Number.POSITIVE_INFINITY);
    // Redacted when first said: a call that succeeds without a log says nothing.
    let named: string | undefined;
    const target = () => (named ??= `${method} ${redact(url)}`);
    const answer = (response: Response, body?: unknown) => ({ method, path: redact(new URL(url).pathname), response, body, redact });
    // fetch re-sends a request answered 421 when it can replay its body, and a fetch may retry by itself: a stream body
    // cannot be sent twice, so POST and PATCH send theirs as one (in browsers, over https: only: see browser-request-body.ts).
    const oneShot = body !== undefined && !isIdempotentMethod(method) && sendsBodyAsStream(url);
    const refused = oneShot && refusedBeforeStreaming(target(), url, redact);
    if (refused) throw refused;
    // A stream body still goes with its Content-Length, not chunked.
    const sent = oneShot ? new Headers(headers) : headers;
    if (oneShot) (sent as Headers).set('content-length', String(body.byteLength));
    // redirect: 'manual' because fetch would forward x-api-key to wherever a redirect points.
    const init = { method, headers: sent, redirect: 'manual', ...(oneShot && { duplex: 'half' }) } as RequestInit;

    for (let attempt = 1; ; attempt++) {
      if (userSignal?.aborted) throw abortError(target(), userSignal, redact);
      log?.('debug', `${target()} (attempt ${attempt} of ${attempts}) headers: ${describeHeaders(new Headers(headers), redact)}`);
      const started = Date.now();
      // The whole call's time limit shortens the attempt it ends in.
      const attemptMs = Math.max(1, Math.min(timeoutMs, deadline - started));
      const current = new Attempt(attemptMs, userSignal);
      let response: Response | undefined;
      let bytes: Uint8Array<ArrayBuffer> | null = null;
      let unread = false;
      let error: ThumbnailClientError | undefined;
      const failed = (failure: unknown) => {
        const limitText = attemptMs < timeoutMs ? `: its ${totalTimeoutMs} ms in all (totalTimeoutMs) ran out` : ` after ${timeoutMs} ms (timeoutMs)`;
        const phase = response ? 'while reading the response' : 'before a response arrived';
        const of = attempts > 1 ? ` (attempt ${attempt} of ${attempts})` : '';
        const described = attemptError(failure, { target: target(), url, phase, of, timeout: current.timedOut ? limitText : undefined, userSignal, redact });
        return oneShot ? explainStreamFailure(described) : described;
      };
      // Goes on after the attempt ends (a fetch may ignore the signal), so that a late answer's body is cancelled unread.
      const exchange = async () => {
        const answered = await fetch(url, { ...init, body: oneShot ? new Blob([body]).stream() : body, signal: current.signal });
        // Duck-typed: a fetch from another copy of undici (a proxy agent's) answers with its own Response class.
        if (typeof answered?.status !== 'number' || typeof answered.headers?.get !== 'function')
          throw new TypeError(`the fetch function resolved with ${typeof answered}, not a Response`);
        response = answered;
        // A 2xx is never retried, so it is the final answer: asked for unread, its body is left to the caller.
        unread = mode?.unread === true && answered.ok && answered.body !== null;
        if (unread || !answered.body) return null;
        return readBody(answered, limit, current, (excerpt) => tooLargeError(answer(answered), excerpt, limit));
      };
      try {
        bytes = await current.settle(exchange());
        // A body that fetch does not give (to HEAD, after a 204, 205 or 304) but the headers announce would hold the connection.
        const { headers } = response!;
        if (!unread) current.finish(bytes === null && (Number(headers.get('content-length')) > 0 || headers.has('transfer-encoding')));
      } catch (failure) {
        // Dropped: Node 20's fetch fails on a 407 without reading its body.
        current.finish(true);
        error = failed(failure);
      }
      // Only a failed connection may succeed on a retry: not an abort, nor a permission the runtime refused.
      const retryable = error ? error instanceof APIConnectionError && !userSignal?.aborted : isRetryableStatus(response!.status);
      const delay = retryable ? retryDelayMs(attempt, settings, error ? null : response!.headers.get('retry-after')) : 0;
      const reason = log && response?.statusText ? ` ${redact(response.statusText)}` : '';
      const said = !log ? '' : error ? error.message : `${target()} answered ${response!.status}${reason} in ${Date.now() - started} ms`;
      if (retryable && attempt < attempts && Date.now() + delay < deadline) {
        log?.('warn', error ? `${said} Retrying in ${delay} ms.` : `${said}; retrying in ${delay} ms`);
        // The wait ends at its delay, or at once when the caller aborts, as an attempt does.
        await pause(delay, userSignal);
        continue;
      }
      log?.(error || !response!.ok ? 'error' : 'info', said);
      if (error) throw error;
      const status = response!.status;
      // Response refuses other statuses (a browser's opaque redirect is 0; fetch reads any status up to 999): the body is read
      // as openapi-fetch reads an error's, JSON else text.
      if (status < 200 || status > 599) throw responseError(answer(response!, parseErrorBody(bytes)));
      if (!unread) return { response: response!, bytes };
      const guarded = guardedBody(response!, limit, current, failed, (excerpt) => tooLargeError(answer(response!), excerpt, limit));
      return { response: answerOver(guarded, response!), bytes: null };
    }
  };
}

/**
 * A new Response over `body` with the status, reason phrase and headers of `answer` (`headers` instead, when given): a
 * reason phrase Response refuses (past Latin-1, from bytes that are not UTF-8) is dropped. The body's type is Response's
 * own: `BodyInit` is a DOM lib name that users' Node-only tsconfigs (`types: ["node"]`, no `dom`) do not have.
 */
export function answerOver(
  body: ConstructorParameters<typeof Response>[0],
  answer: Response,
  statusText = answer.statusText,
  headers = answer.headers,
): Response {
  return new Response(body, { status: answer.status, statusText: HEADER_VALUE.test(statusText) ? statusText : '', headers });
}
