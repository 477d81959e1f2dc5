// The one body reader: a request's (mock, proxy) or a response's (Prism, the upstream), with a limit, without ever
// leaving the connection stuck on unread bytes.
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { BODY_LIMIT } from '../contract/request-body.js';

export { BODY_LIMIT };

/** Whether a request frames a body (a non-zero Content-Length, or chunked), which may still turn out empty. */
export function hasBodyFraming(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Reads the whole body and calls `done` with it, or with `undefined` as soon as it passes `limit` (the rest is then
 * read and dropped, so the connection stays usable); calls `fail` instead when the client breaks off. Calls one of
 * them once.
 */
export function readBody(req: Readable, limit: number, done: (body: Buffer | undefined) => void, fail: (error: Error) => void): void {
  let first: Buffer | undefined;
  let chunks: Buffer[] | undefined;
  let size = 0;
  let settled = false;
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size <= limit) {
      // Most bodies come in one chunk: no array, no copy.
      if (first === undefined) first = chunk;
      else if (chunks === undefined) chunks = [first, chunk];
      else chunks.push(chunk);
      return;
    }
    first = undefined;
    chunks = undefined;
    req.removeListener('data', onData);
    req.resume();
    settled = true;
    done(undefined);
  };
  req.on('data', onData);
  req.on('end', () => {
    if (settled) return;
    settled = true;
    done(chunks !== undefined ? Buffer.concat(chunks) : (first ?? Buffer.alloc(0)));
  });
  // A message cut short (the client breaks off its request, the upstream its answer) ends in 'error' (`aborted`,
  // ECONNRESET) on every Node this package supports, after the deprecated 'aborted' event: one listener is enough,
  // and each listener costs the POST hot path.
  req.on('error', (error: Error) => {
    if (settled) return;
    settled = true;
    fail(error);
  });
}

/** {@link readBody} as a promise: the body, or `undefined` past `limit`; rejects when the client breaks off. */
export function readBodyUpTo(req: Readable, limit = BODY_LIMIT): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => readBody(req, limit, resolve, reject));
}
