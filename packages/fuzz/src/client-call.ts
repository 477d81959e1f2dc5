// One call of the real client, as data: which method, with which options; and everything it produced.
import { type AuthMethod, type HttpMethod, ThumbnailClient } from '@thumbnail-api/client';

/** Which surface of the client is called. */
export type CallSurface = 'thumbnails.list' | 'thumbnails.create' | 'raw.GET' | 'raw.POST' | 'request';

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
}

/** What the call produced: its result or what it threw, and every debug line it logged. */
export interface CallOutcome {
  settled: 'resolved' | 'rejected' | 'hung';
  value: unknown;
  error: unknown;
  log: string[];
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

/** How long a call may take before it counts as hung: every attempt's time limit and wait, plus room for a loaded machine. */
export function hangDeadlineMs(call: ClientCall): number {
  return maxAttemptsOf(call) * (call.timeoutMs + call.maxRetryDelayMs) + 5_000;
}

/** Makes the call on a fresh client against `baseUrl`; never throws. */
export async function runCall(baseUrl: string, apiKey: string, call: ClientCall): Promise<CallOutcome> {
  const log: string[] = [];
  const client = new ThumbnailClient({
    apiKey,
    baseUrl,
    auth: call.auth,
    maxRetries: call.clientMaxRetries,
    retryDelayMs: call.retryDelayMs,
    maxRetryDelayMs: call.maxRetryDelayMs,
    timeoutMs: call.timeoutMs,
    logger: { debug: (line) => log.push(line) },
  });
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
  try {
    const value = await Promise.race([pending, hung]);
    if (value === 'hung') return { settled: 'hung', value: undefined, error: undefined, log };
    return { settled: 'resolved', value, error: undefined, log };
  } catch (error) {
    return { settled: 'rejected', value: undefined, error, log };
  } finally {
    clearTimeout(deadline);
    clearTimeout(abortTimer);
  }
}
