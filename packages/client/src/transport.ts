// The `fetch` given to openapi-fetch: one place for timeouts, aborts, retries, redirects and debug logs,
// shared by `client.raw`, the resource methods and `client.request()`.
import { APIConnectionError, APITimeoutError, APIUserAbortError, type ThumbnailClientError } from './errors.js';
import type { FetchFunction, ThumbnailClientLogger } from './options.js';
import { isBrowser } from './browser-detection.js';
import { isIdempotentMethod, isRetryableStatus, retriesFor, retryDelayMs } from './retry-policy.js';
import { networkPermissionError } from './runtime-permissions.js';
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

/** Sends a request built by openapi-fetch; resolves with a response whose body is read under the same time limit, or throws a typed error. */
export type Transport = (request: Request, call?: CallSettings) => Promise<Response>;

// Statuses and methods whose responses carry no body.
const NULL_BODY_STATUSES = new Set([204, 205, 304]);
// Every Response method that reads the body (`bytes` only where the runtime has it).
const RESPONSE_READERS = ['arrayBuffer', 'blob', 'bytes', 'formData', 'json', 'text'] as const;
// The ones openapi-fetch reads bodies with.
const BODY_READERS = ['arrayBuffer', 'blob', 'json', 'text'] as const;

/** One attempt's time limit and abort wiring; `release()` ends both. */
interface Attempt {
  signal: AbortSignal;
  timedOut: boolean;
  release(): void;
  /** Releases the attempt and aborts its request, dropping whatever is still on its way. */
  end(): void;
  /** Lets the process exit while only an unread body holds the timer. */
  unref(): void;
}

/** Creates the transport for one client. */
export function createTransport(settings: TransportSettings): Transport {
  // Called unbound: a browser's fetch throws "Illegal invocation" when called as a method of another object.
  const { fetch, logger, redact } = settings;
  const log = logger ? (line: string) => logger.debug(`thumbnail-api: ${line}`) : undefined;

  return async function send(request, call) {
    // Resource calls bring their own options; client.raw calls carry the caller's signal on the Request.
    const userSignal = call ? call.signal : request.signal;
    const timeoutMs = call?.timeoutMs ?? settings.timeoutMs;
    const attempts = retriesFor(request.method, settings.maxRetries, call?.maxRetries) + 1;
    const target = `${request.method} ${redact(request.url)}`;
    // Read once, so every attempt sends the same bytes (a Request body can be read only once).
    const body = request.body === null ? undefined : await request.arrayBuffer();
    // The Fetch standard has fetch re-send a request answered 421 (Misdirected Request) once whenever its body can be
    // replayed: a second POST /api/thumbnails. A stream body cannot be, so POST and PATCH send theirs as one, with
    // the runtime's own fetch outside browsers (which stream request bodies over HTTP/2 only).
    const oneShot = body !== undefined && !isIdempotentMethod(request.method) && fetch === globalThis.fetch && !isBrowser();
    const headers = oneShot ? withLength(request.headers, body.byteLength) : request.headers;

    for (let attempt = 1; ; attempt++) {
      if (userSignal?.aborted) throw abortError(target, userSignal, redact);
      log?.(`${target} (attempt ${attempt} of ${attempts}) headers: ${describeHeaders(request.headers, redact)}`);
      const started = log ? Date.now() : 0;
      const retryLeft = attempt < attempts;
      const current = startAttempt(timeoutMs, userSignal);
      const failureError = (failure: unknown, phase: string): ThumbnailClientError => {
        if (userSignal?.aborted) return abortError(target, userSignal, redact);
        const of = attempts > 1 ? ` (attempt ${attempt} of ${attempts})` : '';
        if (current.timedOut) return new APITimeoutError(`${target} timed out after ${timeoutMs} ms (timeoutMs)${of}.`);
        const denied = networkPermissionError(failure, target, request.url, redact);
        if (denied) return denied;
        const reason = isUnexplainedFetchFailure(failure) ? `fetch gave no reason${of}. ${UNEXPLAINED_FAILURE}` : `${describeFailure(failure, redact)}${of}.`;
        return new APIConnectionError(`${target} failed ${phase}: ${reason}`, { cause: safeCause(failure, redact) });
      };

      let response: Response;
      let bytes: ArrayBuffer | undefined;
      let phase = 'before a response arrived';
      try {
        // redirect: 'manual' because fetch would forward x-api-key to wherever a redirect points.
        const init = { method: request.method, headers, body: oneShot ? streamOf(body) : body, signal: current.signal, redirect: 'manual' as const };
        response = await fetch(request.url, oneShot ? ({ ...init, duplex: 'half' } as RequestInit) : init);
        // While a retry is left, the body is read within the attempt: one that breaks off or stalls is a connection
        // failure or a timeout, which the retry rules retry. The last attempt streams it (guardBody).
        if (retryLeft && !isRetryableStatus(response.status) && response.status <= 599 && hasBody(response, request.method)) {
          phase = 'while reading the response';
          bytes = await untilAborted(response.arrayBuffer(), current.signal);
          current.release();
        }
      } catch (failure) {
        // Aborting drops what is left of the answer: Node 20's fetch fails on a 407 without reading its body, and a
        // body past 64 KB would hold the connection open for good.
        current.end();
        const error = failureError(failure, phase);
        // Only a failed connection may succeed on a retry: not an abort, nor a permission the runtime refused.
        if (!retryLeft || !(error instanceof APIConnectionError) || userSignal?.aborted) {
          log?.(error.message);
          throw error;
        }
        const delay = retryDelayMs(attempt, settings, null);
        log?.(`${error.message} Retrying in ${delay} ms.`);
        await sleep(delay, userSignal);
        continue;
      }

      const summary = log && `${target} answered ${response.status}${response.statusText ? ` ${redact(response.statusText)}` : ''} in ${Date.now() - started} ms`;
      if (retryLeft && isRetryableStatus(response.status)) {
        // Drain the body within the time limit, so the connection can be reused.
        await untilAborted(response.arrayBuffer(), current.signal).catch(() => undefined);
        current.release();
        const delay = retryDelayMs(attempt, settings, response.headers.get('retry-after'));
        log?.(`${summary}; retrying in ${delay} ms`);
        await sleep(delay, userSignal);
        continue;
      }
      if (summary) log?.(summary);
      if (bytes) return withBodyRead(response, bytes);
      return guardBody(response, request.method, current, (failure) => failureError(failure, 'while reading the response'));
    }
  };
}

function startAttempt(timeoutMs: number, userSignal: AbortSignal | undefined): Attempt {
  // A fresh signal per attempt: one that already fired would abort every later attempt at once.
  const controller = new AbortController();
  const onAbort = () => controller.abort(userSignal?.reason);
  userSignal?.addEventListener('abort', onAbort);
  const timer = setTimeout(() => {
    attempt.timedOut = true;
    controller.abort();
  }, timeoutMs);
  const attempt: Attempt = {
    signal: controller.signal,
    timedOut: false,
    release() {
      clearTimeout(timer);
      userSignal?.removeEventListener('abort', onAbort);
    },
    end() {
      attempt.release();
      controller.abort();
    },
    unref() {
      (timer as { unref?: () => void }).unref?.();
    },
  };
  return attempt;
}

/**
 * Keeps the time limit running until the body has been read, without copying it: the body readers of this
 * response end the attempt when done and turn stream failures into typed errors. A body read as a stream
 * stays under the time limit too.
 */
function guardBody(response: Response, method: string, attempt: Attempt, toError: (failure: unknown) => ThumbnailClientError): Response {
  if (!hasBody(response, method)) {
    if (response.body === null && announcesBody(response)) {
      attempt.end();
      return asBodyless(response);
    }
    attempt.release();
    return response;
  }
  const readers = response as unknown as Record<(typeof BODY_READERS)[number], () => Promise<unknown>>;
  for (const name of BODY_READERS) {
    const read = readers[name];
    readers[name] = async () => {
      // Reading a body twice is the caller's mistake, not a transport failure: fetch's own TypeError stands.
      if (response.bodyUsed) return read.call(response);
      try {
        return await untilAborted(read.call(response), attempt.signal);
      } catch (failure) {
        // A body that is not JSON is not a transport failure: openapi-fetch's own error stands.
        throw failure instanceof SyntaxError ? failure : toError(failure);
      } finally {
        attempt.release();
      }
    };
  }
  attempt.unref();
  return response;
}

/**
 * Settles with `read`, or rejects once the attempt's signal aborts: Node 20 and 22's fetch never settles the body of
 * a response that declares gzip but is not, even when aborted, and the time limit must end every call.
 */
function untilAborted<T>(read: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    read.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** A body fetch cannot replay (a new one per attempt). */
function streamOf(body: ArrayBuffer): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new Uint8Array(body));
      controller.close();
    },
  });
}

/** The headers with the body's length, so that a stream body still goes with a Content-Length, not chunked. */
function withLength(headers: Headers, length: number): Headers {
  const copy = new Headers(headers);
  copy.set('content-length', String(length));
  return copy;
}

function hasBody(response: Response, method: string): boolean {
  return !(response.body === null || method === 'HEAD' || NULL_BODY_STATUSES.has(response.status) || response.headers.get('content-length') === '0');
}

/**
 * Whether the headers announce a body that fetch does not give (a 204, 205 or 304, or the answer to HEAD): a server
 * that sends one anyway breaks HTTP, and Node 20's fetch then holds the connection open for good once the body
 * passes 64 KB. Such an attempt is ended (aborted) instead.
 */
function announcesBody(response: Response): boolean {
  const length = response.headers.get('content-length');
  return (length !== null && length.trim() !== '0') || response.headers.has('transfer-encoding');
}

/**
 * The response of an aborted attempt that had no body, readable as a body-less response is: fetch's own readers
 * would throw an AbortError once its request is aborted.
 */
function asBodyless(response: Response): Response {
  const readers = response as unknown as Record<string, () => unknown>;
  const empty = () => new Response(null, { headers: response.headers }) as unknown as Record<string, () => unknown>;
  for (const name of RESPONSE_READERS) if (name in response) readers[name] = () => empty()[name]!();
  const clone = response.clone.bind(response);
  readers.clone = () => asBodyless(clone());
  return response;
}

const utf8 = new TextDecoder();

/** A body read in full within its attempt. */
interface ReadBody {
  bytes: ArrayBuffer;
  used: boolean;
  /** A real Response over the bytes, made only when a stream, a clone or another reader is asked for. */
  copy?: Response;
}
const READ_BODY = Symbol('body read within the attempt');
type ResponseWithReadBody = Response & { [READ_BODY]: ReadBody };

function rebuilt(response: ResponseWithReadBody): Response {
  const body = response[READ_BODY];
  if (!body.copy) {
    body.copy = new Response(body.bytes, { status: response.status, headers: response.headers });
    // A body already read from memory stays read.
    if (body.used) void body.copy.arrayBuffer();
  }
  return body.copy;
}

function fromMemory(name: 'arrayBuffer' | 'json' | 'text', read: (bytes: ArrayBuffer) => unknown) {
  return async function (this: ResponseWithReadBody): Promise<unknown> {
    const body = this[READ_BODY];
    if (body.copy) return body.copy[name]();
    if (body.used) throw new TypeError('Body is unusable: Body has already been read');
    body.used = true;
    return read(body.bytes);
  };
}

// Shared by every such response (own closures and descriptors per call cost some 4 µs).
const MEMORY_READERS: Record<string, unknown> = {
  arrayBuffer: fromMemory('arrayBuffer', (bytes) => bytes),
  text: fromMemory('text', (bytes) => utf8.decode(bytes)),
  json: fromMemory('json', (bytes) => JSON.parse(utf8.decode(bytes))),
};
// The other readers, and clone, get a Response rebuilt from the bytes.
for (const name of [...RESPONSE_READERS, 'clone']) {
  if (!(name in MEMORY_READERS) && name in (globalThis.Response?.prototype ?? {})) {
    MEMORY_READERS[name] = function (this: ResponseWithReadBody) {
      return (rebuilt(this) as unknown as Record<string, () => unknown>)[name]!();
    };
  }
}
const MEMORY_BODY: PropertyDescriptorMap = {
  body: {
    get(this: ResponseWithReadBody) {
      return rebuilt(this).body;
    },
  },
  bodyUsed: {
    get(this: ResponseWithReadBody) {
      const body = this[READ_BODY];
      return body.copy ? body.copy.bodyUsed : body.used;
    },
  },
};

/**
 * The response whose body was read in full within the attempt, readable as if it were not: `text()`, `json()` and
 * `arrayBuffer()` (what openapi-fetch reads) serve the bytes from memory, once, as a Response would. A stream, a
 * clone or another reader gets a Response rebuilt from the bytes, made only then: building one for every call
 * cost some 10 µs. Status, reason phrase, headers and URL stay the ones fetch read.
 */
function withBodyRead(response: Response, bytes: ArrayBuffer): Response {
  Object.assign(response, MEMORY_READERS, { [READ_BODY]: { bytes, used: false } });
  return Object.defineProperties(response, MEMORY_BODY);
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

/**
 * Node's fetch (undici) turns a 407 Proxy Authentication Required answer into a network error with no message, as the
 * Fetch standard says for a request with no window: the client never sees that response. With `redirect: 'manual'`
 * nothing else makes it fail without a reason, so the error names the likely cause and the way out.
 */
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
  if (!(inner instanceof Error)) return redact(String(inner));
  const code = (inner as { code?: unknown }).code;
  const message = inner.message || inner.name;
  return redact(typeof code === 'string' && !message.includes(code) ? `${message} (${code})` : message);
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done);
  });
}
