// A real HTTP server on 127.0.0.1 (port 0) that records what the client sent and answers as each test says.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from '@thumbnail-api/dev-tools/loopback-port';
import { afterEach } from 'vitest';

/** What the server received. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Answers request number `index` (0-based); may also leave it unanswered or reset the connection. */
export type Responder = (request: RecordedRequest, response: ServerResponse, index: number, raw: IncomingMessage) => void;

/** A running server. */
export interface LocalServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** Starts a server; `close()` also drops connections left open by tests that never answer. */
export async function startLocalServer(respond: Responder): Promise<LocalServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((raw, response) => {
    const chunks: Buffer[] = [];
    raw.on('data', (chunk: Buffer) => chunks.push(chunk));
    raw.on('end', () => {
      const recorded = { method: raw.method ?? '', url: raw.url ?? '', headers: raw.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(recorded);
      respond(recorded, response, requests.length - 1, raw);
    });
  });
  const { url, close } = await listenOnLoopback(server);
  return { url, requests, close };
}

/** Sends a JSON body. */
export function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/** Sends a body as is. */
export function text(response: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, headers);
  response.end(body);
}

/** Resets the TCP connection (RST) without answering: the client sees ECONNRESET. */
export function reset(raw: IncomingMessage): void {
  raw.socket.resetAndDestroy();
}

/** Registers an afterEach that closes every server started through the returned function, even when a test fails. */
export function useLocalServers(): (respond: Responder) => Promise<LocalServer> {
  const servers: LocalServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  return async (respond) => {
    const server = await startLocalServer(respond);
    servers.push(server);
    return server;
  };
}
