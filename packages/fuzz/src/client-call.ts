// One call of the real client, as data: which method, with which options; and everything it produced.
import { type AuthMethod, type FetchFunction, type HttpMethod, ThumbnailClient, type ThumbnailClientLogger } from '@thumbnail-api/client';

/** Which surface of the client is called. */
export type CallSurface = 'thumbnails.list' | 'thumbnails.create' | 'raw.GET' | 'raw.POST' | 'request';

/**
 * Which fetch sends the requests: the global one; a tracing wrapper as the `fetch` option, or installed over the
 * global one after the client was made; a wrapper that tries again by itself on a retryable status; one that ignores
 * the signal (the client must still end each attempt at its time limit).
 */
export type FetchKind = 'global' | 'option' | 'installed-later' | 'retrying' | 'ignores-signal';

/** What the logger does with each line (it always records it first): nothing more, throw, or return a promise that rejects or never settles. */
export type LoggerKind = 'recording' | 'throwing' | 'rejecting' | 'never-settling';

/** The client's default maxResponseBytes (README "Configuration"). */
export const DEFAULT_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

/** A generated call. */
export interface ClientCall {
  surface: CallSurface;
  /** Method of a `request()` call. */
  method: HttpMethod;
  auth: AuthMethod;
  /** The client's `maxRetries`. */
  clientMaxRetries: number;
  /** The call's own `maxRetries` (not for `raw` calls). */
  callMaxRetries: number | undefined;
  retryDelayMs: number;
  maxRetryDelayMs: number;
  timeoutMs: number;
  /** Abort the call through an AbortSignal after this many milliseconds. */
  abortAfterMs: number | undefined;
  fetchKind: FetchKind;
  loggerKind: LoggerKind;
  /** The client's `maxResponseBytes`; `undefined` leaves the default. */
  maxResponseBytes: number | undefined;
}

/** What the call produced: its result or what it threw, every debug line it logged, and what the process saw meanwhile. */
export interface CallOutcome {
  settled: 'resolved' | 'rejected' | 'hung';
  value: unknown;
  error: unknown;
  log: string[];
  /** Process warnings emitted during the call (and a moment after). */
  warnings: Error[];
  /** Promise rejections nobody handled during the call (and a moment after). */
  unhandled: unknown[];
}

const PATH = '/api/thumbnails';

/** The HTTP method a call sends. */
export function methodOf(call: ClientCall): HttpMethod {
  if (call.surface === 'request') return call.method;
  return call.surface === 'thumbnails.list' || call.surface === 'raw.GET' ? 'GET' : 'POST';
}

/**
 * The most attempts the client's documented rules allow: `maxRetries + 1` for idempotent methods, one for POST
 * and PATCH (POST /api/thumbnails above all) unless the call itself asks for retries.
 */
export function maxAttemptsOf(call: ClientCall): number {
  const method = methodOf(call);
  const own = call.surface.startsWith('raw.') ? undefined : call.callMaxRetries;
  if (own !== undefined) return own + 1;
  return method === 'POST' || method === 'PATCH' ? 1 : call.clientMaxRetries + 1;
}

/** How many requests one attempt of the client may put on the wire: a fetch that retries by itself sends up to three. */
export function requestsPerAttempt(call: ClientCall): number {
  const method = methodOf(call);
  return call.fetchKind === 'retrying' && method !== 'POST' && method !== 'PATCH' ? 3 : 1;
}

/** The size limit the call runs with. */
export function limitOf(call: ClientCall): number {
  return call.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
}

/** How long a call may take before it counts as hung: every attempt's time limit and wait, plus room for a loaded machine. */
export function hangDeadlineMs(call: ClientCall): number {
  return maxAttemptsOf(call) * (call.timeoutMs + call.maxRetryDelayMs) + 5_000;
}

/** Makes the call on a fresh client against `baseUrl`; never throws. */
export async function runCall(baseUrl: string, apiKey: string, call: ClientCall): Promise<CallOutcome> {
  const log: string[] = [];
  const warnings: Error[] = [];
  const unhandled: unknown[] = [];
  const onWarning = (warning: Error) => warnings.push(warning);
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('warning', onWarning);
  process.on('unhandledRejection', onUnhandled);
  const runtimeFetch = globalThis.fetch;
  const fetch = fetchOf(call.fetchKind, runtimeFetch);
  const client = new ThumbnailClient({
    apiKey,
    baseUrl,
    auth: call.auth,
    maxRetries: call.clientMaxRetries,
    retryDelayMs: call.retryDelayMs,
    maxRetryDelayMs: call.maxRetryDelayMs,
    timeoutMs: call.timeoutMs,
    maxResponseBytes: call.maxResponseBytes,
    logger: loggerOf(call.loggerKind, log),
    fetch: call.fetchKind === 'global' || call.fetchKind === 'installed-later' ? undefined : fetch,
  });
  if (call.fetchKind === 'installed-later') globalThis.fetch = fetch as typeof globalThis.fetch;
  const controller = new AbortController();
  const abortTimer = call.abortAfterMs === undefined ? undefined : setTimeout(() => controller.abort(), call.abortAfterMs);
  const signal = call.abortAfterMs === undefined ? undefined : controller.signal;
  const options = { maxRetries: call.callMaxRetries, signal };
  const body = { prompt: 'A red fox at dawn' };

  const pending = (async (): Promise<unknown> => {
    switch (call.surface) {
      case 'thumbnails.list':
        return client.thumbnails.list(options);
      case 'thumbnails.create':
        return client.thumbnails.create(body, options);
      case 'raw.GET':
        return client.raw.GET(PATH, signal ? { signal } : {});
      case 'raw.POST':
        return client.raw.POST(PATH, signal ? { body, signal } : { body });
      case 'request':
        return client.request(call.method, PATH, { ...options, body: ['POST', 'PUT', 'PATCH'].includes(call.method) ? body : undefined });
    }
  })();

  let deadline: NodeJS.Timeout | undefined;
  const hung = new Promise<'hung'>((resolve) => {
    deadline = setTimeout(() => resolve('hung'), hangDeadlineMs(call));
  });
  const seen = { log, warnings, unhandled };
  try {
    const value = await Promise.race([pending, hung]);
    if (value === 'hung') return { settled: 'hung', value: undefined, error: undefined, ...seen };
    return { settled: 'resolved', value, error: undefined, ...seen };
  } catch (error) {
    return { settled: 'rejected', value: undefined, error, ...seen };
  } finally {
    clearTimeout(deadline);
    clearTimeout(abortTimer);
    globalThis.fetch = runtimeFetch;
    // A rejected logger promise is seen a moment later, and warnings are emitted on the next tick.
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('warning', onWarning);
    process.off('unhandledRejection', onUnhandled);
  }
}

function fetchOf(kind: FetchKind, runtimeFetch: typeof globalThis.fetch): FetchFunction {
  switch (kind) {
    case 'global':
    case 'option':
    case 'installed-later':
      return (url, init) => runtimeFetch(url, init);
    case 'ignores-signal':
      return (url, init) => runtimeFetch(url, { ...init, signal: null });
    case 'retrying':
      return async (url, init) => {
        for (let tries = 1; ; tries++) {
          const response = await runtimeFetch(url, init);
          if (tries === 3 || !(response.status === 408 || response.status === 429 || response.status >= 500)) return response;
          await response.body?.cancel();
        }
      };
  }
}

function loggerOf(kind: LoggerKind, log: string[]): ThumbnailClientLogger {
  return {
    debug(line) {
      log.push(line);
      if (kind === 'throwing') throw new Error(`the log sink is down (${line.slice(0, 40)})`);
      if (kind === 'rejecting') return Promise.reject(new Error('the async log sink is down')) as never;
      if (kind === 'never-settling') return new Promise(() => undefined) as never;
    },
  };
}
