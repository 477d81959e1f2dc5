// Sending a request on to another server and relaying what comes back, byte for byte.
import { type Agent, type IncomingHttpHeaders, type OutgoingHttpHeaders, request, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Readable } from 'node:stream';
import { HOP_BY_HOP } from '../http/headers.js';
import { readBodyUpTo } from './read-body.js';

/** A response read in full. */
export interface BufferedResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/** The message headers of `headers`, without the connection-level ones and without `omit`. */
export function messageHeaders(headers: IncomingHttpHeaders, omit: readonly string[] = []): OutgoingHttpHeaders {
  const result: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && !omit.includes(name)) result[name] = value;
  }
  return result;
}

/** Sends a request to `url` (whose path and query are used as they are) and reads the whole response. */
export function sendRequest(
  url: URL,
  init: { method: string; headers: OutgoingHttpHeaders; body: Buffer | Readable | undefined; agent?: Agent },
): Promise<BufferedResponse> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : request;
    // A buffered body goes with its length, as the client sent it, rather than chunked.
    const headers = Buffer.isBuffer(init.body) ? { ...init.headers, 'content-length': init.body.length } : init.headers;
    const outgoing = send(url, { method: init.method, headers, agent: init.agent }, (response) => {
      // A server that answered before reading the whole request may never read the rest (Prism refuses a body over
      // 10 MB with a 413, stops reading and keeps the connection open), so this connection must not carry another
      // request: the next one would wait behind the unread bytes until Prism resets it.
      if (!outgoing.writableFinished || response.statusCode === 413) outgoing.shouldKeepAlive = false;
      readBodyUpTo(response, Number.POSITIVE_INFINITY).then(
        (body) => resolve({ status: response.statusCode ?? 502, headers: response.headers, body: body! }),
        reject,
      );
    });
    outgoing.once('error', reject);
    if (init.body === undefined) {
      outgoing.end();
    } else if (Buffer.isBuffer(init.body)) {
      outgoing.end(init.body);
    } else {
      init.body.once('error', (error) => outgoing.destroy(error));
      init.body.pipe(outgoing);
    }
  });
}

/** Writes a complete response. */
export function reply(res: ServerResponse, status: number, headers: OutgoingHttpHeaders, body: Buffer): void {
  res.writeHead(status, { ...headers, 'content-length': body.length });
  res.end(body);
}
