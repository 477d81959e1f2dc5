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
  /** The body, or `undefined` when it is longer than `limit` (then drained). Reads once: later calls get the same. */
  readBody(limit: number): Promise<Buffer | undefined>;
}

/** What the adapter does with a request. The journal has its record already. */
export type Outcome =
  /** Send `answer` with the `cors` lines appended, after `delayMs`. */
  | { readonly kind: 'answer'; readonly answer: PreparedAnswer; readonly cors: readonly string[]; readonly delayMs: number }
  /** Send `answer`'s status and headers (its Content-Length announces the whole body), then `sentBytes` of its body, then drop the connection. */
  | { readonly kind: 'truncated'; readonly answer: PreparedAnswer; readonly cors: readonly string[]; readonly delayMs: number; readonly sentBytes: number }
  /** Destroy the connection (a TCP reset where the transport can), after `delayMs`. */
  | { readonly kind: 'reset'; readonly delayMs: number }
  /** Never answer: hold the request until the client gives up, the test ends it, or the mock stops. */
  | { readonly kind: 'hang' };
