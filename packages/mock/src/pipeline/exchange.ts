// What an adapter (node:http in src/node/, MSW in src/msw/) hands the pipeline, and what it gets back to act on.
import type { IncomingHttpHeaders } from 'node:http';
import type { PreparedAnswer } from '../http/prepared-answer.js';

/** A request as the pipeline reads it, whatever carried it (node:http, MSW's Request). */
export interface EngineRequest {
  /** Upper case, as sent. */
  readonly method: string;
  /** The path and query as sent (origin form; an absolute form is read as its path and query). */
  readonly target: string;
  /** Lower-case names; repeated headers as node joins them (`IncomingHttpHeaders`). */
  readonly headers: IncomingHttpHeaders;
  /** Whether the request frames a body (a Content-Length above 0, or chunked); it may still turn out empty. */
  readonly framed: boolean;
  /**
   * Reads the body (the pipeline asks once) and calls `done` with it, or with `undefined` when it is longer than `limit`
   * (then drained); `failed` when the client breaks off. Callbacks, not a promise: see Pipeline.handle.
   */
  readBody(limit: number, done: (body: Buffer | undefined) => void, failed: (error: Error) => void): void;
}

/**
 * What the adapter does with a request. The journal has its record already. `key` is the request's API key, as the
 * pipeline read it: a request held (a hang, a delay) is held under it, so that a reset of that key ends it.
 */
export type Outcome =
  /** Send `answer` with the `cors` lines appended, after `delayMs`. */
  | { readonly kind: 'answer'; readonly answer: PreparedAnswer; readonly cors: readonly string[]; readonly delayMs: number; readonly key: string | undefined }
  /** Send `answer`'s status and headers (its Content-Length announces the whole body), then `sentBytes` of its body, then drop the connection. */
  | {
      readonly kind: 'truncated';
      readonly answer: PreparedAnswer;
      readonly cors: readonly string[];
      readonly delayMs: number;
      readonly key: string | undefined;
      readonly sentBytes: number;
    }
  /** Destroy the connection (a TCP reset where the transport can), after `delayMs`. */
  | { readonly kind: 'reset'; readonly delayMs: number; readonly key: string | undefined }
  /** Never answer: hold the request until the client gives up, the test ends it, or the mock stops. */
  | { readonly kind: 'hang'; readonly key: string | undefined };
