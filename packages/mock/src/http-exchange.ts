// Sending a request on to another server and relaying what comes back, byte for byte.
import { type Agent, type IncomingHttpHeaders, type OutgoingHttpHeaders, request, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Readable } from 'node:stream';

/** A response read in full. */
export interface BufferedResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/** Headers that describe one connection, not the message: never relayed. */
const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-length',
]);

/** The message headers of `headers`, without the connection-level ones and without `omit`. */
export function messageHeaders(headers: IncomingHttpHeaders, omit: readonly string[] = []): OutgoingHttpHeaders {
  const result: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !hopByHop.has(name) && !omit.includes(name)) result[name] = value;
  }
  return result;
}

/**
 * The origin form (`/path?query`) of a request target. A target in absolute form (`http://host/path`) keeps only
 * its path and query: the host it names is never contacted.
 */
export function originForm(requestTarget: string | undefined): string {
  const target = requestTarget ?? '/';
  if (target.startsWith('/')) return target;
  try {
    const url = new URL(target);
    return `${url.pathname}${url.search}`;
  } catch {
    return `/${target}`;
  }
}

/**
 * The URL of a request target on `base`'s host. Never `new URL(target, base)`: a target in absolute form, or one
 * starting with `//` or `/\`, would resolve to another host, and the request (key included) would go there.
 * The path keeps one leading slash: Prism reads `//x/api/thumbnails` as host `x` and path `/api/thumbnails`,
 * which the mock's router (and so its key registry) would not see as the same operation.
 */
export function targetOn(base: URL, requestTarget: string | undefined): URL {
  return new URL(`${base.origin}${originForm(requestTarget).replace(/^[/\\]+/, '/')}`);
}

/** The largest request body Prism reads (it answers a larger one 413); the mock holds bodies it reads to the same. */
export const PRISM_BODY_LIMIT = 10 * 1024 * 1024;

/** Reads a stream to the end, refusing more than `limit` bytes. */
export function readBody(stream: Readable, limit = PRISM_BODY_LIMIT): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        stream.destroy();
        reject(new Error(`The body is larger than ${limit} bytes.`));
        return;
      }
      chunks.push(chunk);
    });
    stream.once('end', () => resolve(Buffer.concat(chunks)));
    stream.once('error', reject);
  });
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
      readBody(response, Number.POSITIVE_INFINITY).then(
        (body) => resolve({ status: response.statusCode ?? 502, headers: response.headers, body }),
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
