// A Fetch `Request` (what MSW hands a handler) as the pipeline reads a request: the same view node:http requests get.
import type { IncomingHttpHeaders } from 'node:http';
import type { EngineRequest, Outcome } from '../pipeline/engine-request.js';
import type { Pipeline } from '../pipeline/pipeline.js';

/** A request MSW intercepted, read as the pipeline reads one; its body is read once, whoever asks first. */
export class FetchEngineRequest implements EngineRequest {
  readonly method: string;
  readonly headers: IncomingHttpHeaders;
  readonly framed: boolean;
  private readonly bytes: Buffer | undefined;

  /** `target` is the path and query under the handlers' base URL; `body` the request's bytes, read beforehand. */
  constructor(
    request: Request,
    readonly target: string,
    body: Buffer | undefined,
  ) {
    this.method = request.method;
    // Headers joins repeated lines with ', ', as node does for the headers the engine reads.
    const headers: IncomingHttpHeaders = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    this.headers = headers;
    this.bytes = body;
    // Over HTTP an empty body is sent with Content-Length: 0, which frames none; a Request cannot tell the two apart.
    this.framed = body !== undefined && body.length > 0;
  }

  /** The bytes read beforehand, at once. */
  readBody(limit: number, done: (body: Buffer | undefined) => void): void {
    done(this.bytes === undefined || this.bytes.length <= limit ? (this.bytes ?? Buffer.alloc(0)) : undefined);
  }

  /** The same as a promise, for the control routes. */
  bodyUpTo(limit: number): Promise<Buffer | undefined> {
    return new Promise((resolve) => this.readBody(limit, resolve));
  }
}

/** The pipeline's outcome for a request, as a promise (the Fetch adapter's resolvers are async anyway). */
export function outcomeFor(pipeline: Pipeline, request: FetchEngineRequest): Promise<Outcome> {
  return new Promise((done, failed) => pipeline.handle(request, { done, failed }));
}

/** The request's body bytes; `undefined` when it has none (a GET, or a Request made without one). */
export async function bodyOf(request: Request): Promise<Buffer | undefined> {
  if (request.body === null) return undefined;
  return Buffer.from(await request.arrayBuffer());
}
