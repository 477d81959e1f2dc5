// What an adapter (node:http in src/node/, Fetch in src/fetch/) hands the pipeline: a request as it reads one. What it
// gets back to act on is an Outcome (outcome.ts).
import type { IncomingHttpHeaders } from 'node:http';

/** A request as the pipeline reads it, whatever carried it (node:http, a Fetch Request). */
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
