// The one body reader: a request's (mock, proxy) or a response's (Prism, the upstream), with a limit, without ever
// leaving the connection stuck on unread bytes.
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { BODY_LIMIT } from '../engine/request-body.js';

export { BODY_LIMIT };

/** Whether a request frames a body (a non-zero Content-Length, or chunked), which may still turn out empty. */
export function hasBodyFraming(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * The whole body, or `undefined` as soon as it passes `limit`; the rest is then read and dropped, so the
 * connection stays usable. Rejects when the client breaks off.
 */
export function readBodyUpTo(req: Readable, limit = BODY_LIMIT): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      chunks.length = 0;
      req.removeListener('data', onData);
      req.resume();
      resolve(undefined);
    };
    req.on('data', onData);
    req.once('end', () => resolve(size <= limit ? (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)) : undefined));
    req.once('error', reject);
    req.once('aborted', () => reject(new Error('The client broke off the request.')));
  });
}
