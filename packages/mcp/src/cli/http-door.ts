// Streamable HTTP on 127.0.0.1, for clients that connect over HTTP: one MCP session per client, all sharing the
// server's one budget. A port on loopback is open to every program and (through DNS rebinding) every web page on the
// machine, so each request must carry the token the user configured, name this host, and come from no web page.
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { ThumbnailMcpServer } from '../mcp-server.js';

/** The variable that holds the token every HTTP request must send as `Authorization: Bearer <token>`. */
export const HTTP_TOKEN_VARIABLE = 'THUMBNAIL_API_MCP_TOKEN';
/** Shorter tokens are guessable by a local program trying them. */
const MIN_TOKEN_LENGTH = 16;

export interface HttpDoor {
  /** The endpoint, e.g. `http://127.0.0.1:41234/mcp`. */
  readonly url: string;
  close(): Promise<void>;
}

/** Why the HTTP door cannot open with this token; undefined when it can. */
export function httpTokenProblem(token: string | undefined): string | undefined {
  if (token === undefined || token === '') {
    return `--http needs a token in ${HTTP_TOKEN_VARIABLE} (at least ${MIN_TOKEN_LENGTH} characters, e.g. from openssl rand -hex 32): every program on this machine can reach 127.0.0.1, and the token is what tells your MCP client apart from them.`;
  }
  if (token.length < MIN_TOKEN_LENGTH) return `${HTTP_TOKEN_VARIABLE} must be at least ${MIN_TOKEN_LENGTH} characters long; it is ${token.length}.`;
  return undefined;
}

export async function openHttpDoor(server: ThumbnailMcpServer, port: number, token: string): Promise<HttpDoor> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const expected = Buffer.from(`Bearer ${token}`);
  const http = createServer((request, response) => {
    void answer(request, response).catch((error: unknown) => {
      if (!response.headersSent) refuse(response, 500, `The server failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    const address = http.address() as AddressInfo;
    const hosts = [`127.0.0.1:${address.port}`, `localhost:${address.port}`];
    if (!hosts.includes(request.headers.host ?? '')) return refuse(response, 403, `Requests must be sent to ${hosts.join(' or ')}.`);
    if (request.headers.origin !== undefined) return refuse(response, 403, 'Requests from web pages are refused.');
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return refuse(response, 401, `Send Authorization: Bearer <the token in ${HTTP_TOKEN_VARIABLE}>.`);
    }
    if (new URL(request.url ?? '/', 'http://127.0.0.1').pathname !== '/mcp') return refuse(response, 404, 'The MCP endpoint is /mcp.');
    const id = request.headers['mcp-session-id'];
    const known = typeof id === 'string' ? sessions.get(id) : undefined;
    if (known) return known.handleRequest(request, response);
    if (id !== undefined) return refuse(response, 404, 'No such session: initialize a new one.');
    // A request without a session starts one; the transport itself refuses anything but an initialize.
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (sessionId) => void sessions.set(sessionId, transport),
      onsessionclosed: (sessionId) => void sessions.delete(sessionId),
    });
    await server.connect(transport);
    await transport.handleRequest(request, response);
  };
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: bound } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}/mcp`,
    async close() {
      await server.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

function refuse(response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: message }));
}
