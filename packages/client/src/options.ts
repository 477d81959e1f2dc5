// The public options: of the client, and of each call.

/** How the API key is sent: `x-api-key` (the service's preferred method) or `Authorization: Bearer`. */
export type AuthMethod = 'x-api-key' | 'bearer';

/** A WHATWG `fetch`; it must honour `init.signal`, which carries timeouts and aborts. */
export type FetchFunction = (url: string, init: RequestInit) => Promise<Response>;

/** Receives one line per attempt, response and retry; credential header values are masked. */
export interface ThumbnailClientLogger {
  /** Called with a human-readable line, e.g. `console.debug`. */
  debug(message: string): void;
}

/** Options of `new ThumbnailClient()`. All are optional; the key and base URL then come from the environment. */
export interface ThumbnailClientOptions {
  /** API key from the service dashboard; defaults to the `THUMBNAIL_API_KEY` environment variable. Server-side only. */
  apiKey?: string | undefined;
  /** Scheme and host of the service, e.g. `http://127.0.0.1:4010` for the local mock; defaults to `THUMBNAIL_API_BASE_URL`. */
  baseUrl?: string | undefined;
  /** How the key is sent: `'x-api-key'` (default, the service's preferred method) or `'bearer'`. */
  auth?: AuthMethod | undefined;
  /** The `fetch` to send requests with; defaults to `globalThis.fetch`. */
  fetch?: FetchFunction | undefined;
  /** Headers sent with every request (not `x-api-key` or `Authorization`: those come from `apiKey` and `auth`). */
  headers?: Record<string, string> | undefined;
  /** Time limit of each attempt in milliseconds, until the whole body has arrived; defaults to 60 000, at most 1 hour. */
  timeoutMs?: number | undefined;
  /** Time limit of a whole call in milliseconds, all attempts and the waits between them; none by default, at most 1 hour. */
  totalTimeoutMs?: number | undefined;
  /** Retries after a connection error, timeout, 408, 429 or >= 500; defaults to 2, `0` disables, at most 10. Never applied to POST or PATCH (see README). */
  maxRetries?: number | undefined;
  /** First backoff delay in milliseconds, doubled on each retry, with jitter; defaults to 500, at most 10 minutes. */
  retryDelayMs?: number | undefined;
  /** Longest wait before a retry in milliseconds, for backoff and for `Retry-After` alike; defaults to 30 000, at most 10 minutes. */
  maxRetryDelayMs?: number | undefined;
  /**
   * Most bytes of an answer's body the client reads, success or error, before it stops with a `ResponseTooLargeError`
   * and drops the connection; defaults to 10 MiB (10 485 760), at most 1 GiB.
   */
  maxResponseBytes?: number | undefined;
  /** Receives debug lines for each attempt (e.g. `console`); off by default, or as the `THUMBNAIL_API_LOG` variable says. */
  logger?: ThumbnailClientLogger | undefined;
  /** Lets the client run in a browser, where every visitor could read the key. Off by default: keys belong on servers. */
  dangerouslyAllowBrowser?: boolean | undefined;
  /** Lets the key travel over plain `http://` to hosts other than loopback. Off by default. */
  allowInsecureHttp?: boolean | undefined;
}

/** Options of one call; they override the client's for that call only. */
export interface RequestOptions {
  /** Time limit of each attempt of this call in milliseconds. */
  timeoutMs?: number | undefined;
  /** Time limit of this whole call in milliseconds, all attempts and the waits between them. */
  totalTimeoutMs?: number | undefined;
  /** Aborts the call (including a pending retry) when it fires; throws `APIUserAbortError`. */
  signal?: AbortSignal | undefined;
  /** Retries of this call. On a POST or PATCH this is the only way to get retries: pass it knowingly. */
  maxRetries?: number | undefined;
  /** Most bytes of this call's answer body the client reads. */
  maxResponseBytes?: number | undefined;
  /** Headers of this call, e.g. `{ Prefer: 'code=403' }` for the mock. */
  headers?: Record<string, string> | undefined;
}

/** Options of `client.request()`, the escape hatch for endpoints the contract does not describe yet. */
export interface RawRequestOptions extends RequestOptions {
  /** Query parameters, serialised by openapi-fetch (arrays exploded, objects as `deepObject`). */
  query?: Record<string, unknown> | undefined;
  /** JSON body. */
  body?: unknown;
}

/** HTTP methods accepted by `client.request()`. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';
