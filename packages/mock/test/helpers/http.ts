// Requests as any HTTP client may send them (HEAD, a GET with a body, exact header lines), read as raw bytes.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, request, type ServerResponse } from 'node:http';
import { type LoopbackServer, listenOnLoopback } from '@thumbnail-api/dev-tools/loopback-port';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The body parsed as JSON (throws when it is not). */
  json(): any;
}

export interface RawRequest {
  method?: string;
  path?: string;
  /** A list is sent as one header line per value. */
  headers?: Record<string, string | string[]>;
  body?: string | Buffer;
}

/** Sends one request on a fresh connection and reads the whole answer. */
export function send(base: string, init: RawRequest = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const headers: Record<string, string | number | string[]> = { ...init.headers };
    if (init.body !== undefined) headers['content-length'] = Buffer.byteLength(init.body);
    const outgoing = request(
      { host: url.hostname, port: url.port, method: init.method ?? 'GET', path: init.path ?? '/api/thumbnails', headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: response.statusCode!, headers: response.headers, body, json: () => JSON.parse(body.toString('utf8')) });
        });
        response.on('error', reject);
      },
    );
    // The server may answer (e.g. 401) before it has read a large body, and close: that is no failure here.
    outgoing.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    outgoing.end(init.body);
  });
}

/** A request a stand-in received, its body read whole. */
export interface ReceivedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/** A stand-in for the real service, with every request it received, oldest first. */
export interface StandIn extends LoopbackServer {
  readonly received: ReceivedRequest[];
}

/** A server on 127.0.0.1 that records each request and answers it once its whole body is read (stand-ins for the real service). */
export async function startBufferedServer(answer: (req: IncomingMessage, body: Buffer, res: ServerResponse) => void): Promise<StandIn> {
  const received: ReceivedRequest[] = [];
  const server = await listenOnLoopback(
    createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        answer(req, body, res);
      });
    }),
  );
  return { ...server, received };
}
