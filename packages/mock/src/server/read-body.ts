// Reading a request body with a limit, without ever leaving the connection stuck on unread bytes.
import type { IncomingMessage } from 'node:http';

/** The largest request body the mock reads, as Prism (10 MB); a larger one is answered 413. */
export const BODY_LIMIT = 10 * 1024 * 1024;

/** Whether the request frames a body (a non-zero Content-Length, or chunked), which may still turn out empty. */
export function hasBodyFraming(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * The whole body, or `undefined` as soon as it passes `limit`; the rest is then read and dropped, so the
 * connection stays usable. Rejects when the client breaks off.
 */
export function readBodyUpTo(req: IncomingMessage, limit = BODY_LIMIT): Promise<Buffer | undefined> {
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
