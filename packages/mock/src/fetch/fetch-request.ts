// A Fetch `Request` (what MSW hands a handler, what the browser door is given) as the pipeline reads a request: the same
// view node:http requests get. Its body is read only when a step of the pass asks for it, and only up to the limit the
// step asks with, as the node:http adapter reads one: a 401 reads none of it, a body past the limit is cancelled.
import type { IncomingHttpHeaders } from 'node:http';
import type { EngineRequest } from '../pipeline/engine-request.js';
import type { Outcome } from '../pipeline/outcome.js';
import type { Pipeline } from '../pipeline/pipeline.js';

/** A Fetch request, read as the pipeline reads one. */
export class FetchEngineRequest implements EngineRequest {
  readonly method: string;
  readonly headers: IncomingHttpHeaders;
  readonly framed: boolean;

  /** `target` is the path and query the pipeline routes (under the handlers' base URL). */
  constructor(
    private readonly request: Request,
    readonly target: string,
  ) {
    this.method = request.method;
    // Headers joins repeated lines with ', ', as node does for the headers the engine reads.
    const headers: IncomingHttpHeaders = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    this.headers = headers;
    // A Request has a body stream or none; one that says `Content-Length: 0` frames none, as over HTTP.
    this.framed = request.body !== null && headers['content-length'] !== '0';
  }

  /** Reads the body up to `limit` (`undefined` past it: the rest is cancelled, never read); `failed` when the stream errs. */
  readBody(limit: number, done: (body: Buffer | undefined) => void, failed: (error: Error) => void): void {
    bodyUpTo(this.request, limit).then(done, failed);
  }

  /** The same as a promise, for the control routes. */
  bodyUpTo(limit: number): Promise<Buffer | undefined> {
    return bodyUpTo(this.request, limit);
  }
}

/** The pipeline's outcome for a request, as a promise (the Fetch adapter's resolvers are async anyway). */
export function outcomeFor(pipeline: Pipeline, request: FetchEngineRequest): Promise<Outcome> {
  return new Promise((done, failed) => pipeline.handle(request, { done, failed }));
}

/** The request's body up to `limit` bytes, chunk by chunk; `undefined` as soon as it passes the limit (the stream is cancelled). */
async function bodyUpTo(request: Request, limit: number): Promise<Buffer | undefined> {
  if (request.body === null) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Buffer[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks, size);
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
  }
}
