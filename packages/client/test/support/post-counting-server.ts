// A server on 127.0.0.1 (port 0) for a browser page: it serves the page and the bundled client, and counts the POSTs
// that reach it, answering each as the test says. Over plain HTTP/1.1, over TLS with HTTP/1.1 only, or over TLS with
// HTTP/2 (a throwaway self-signed certificate: start the browser with certificate errors ignored).
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse, constants as http2Constants } from 'node:http2';
import { createServer as createHttpsServer } from 'node:https';
import type { Server, Socket } from 'node:net';
import { listenOnLoopback } from '@thumbnail-api/dev-tools/loopback-port';
import { selfSignedCertificate } from './self-signed-certificate.js';

/** `http/1.1` is plain http:, `https/1.1` TLS that offers HTTP/1.1 only, `h2` TLS that offers HTTP/2 (and 1.1). */
export type Protocol = 'http/1.1' | 'https/1.1' | 'h2';

/** How the server answers POST number `index` (0-based) of a run. */
export type PostAnswer =
  | { kind: 'status'; status: number }
  /** A TCP reset (RST) of the connection, before any answer. */
  | { kind: 'reset' }
  /** A reset for the first POST, 200 with a JSON object for any later one. */
  | { kind: 'reset, then 200' }
  /** HTTP/2 only: RST_STREAM with REFUSED_STREAM, which tells the client the request was not processed. */
  | { kind: 'refused stream' }
  /** No answer at all. */
  | { kind: 'silence' };

/** A running server. */
export interface PostCountingServer {
  url: string;
  /** What the next POSTs get. */
  answer: PostAnswer;
  /** Each POST that reached the server since the last `takePosts()`, as `<HTTP version> <body>`. */
  takePosts(): string[];
  /** Resolves once the server holds no connection, so the next request opens a fresh one. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

type Request = IncomingMessage | Http2ServerRequest;
type Response = ServerResponse | Http2ServerResponse;

/** Starts a server serving `/` (a page), `/client.js` (the bundle), `/warm` (a plain 200) and `POST /api/thumbnails`. */
export async function startPostCountingServer(protocol: Protocol, clientJs: string): Promise<PostCountingServer> {
  const connections = new Set<Socket>();
  let posts: string[] = [];
  const state = { answer: { kind: 'status', status: 200 } as PostAnswer };
  const resetConnectionOf = (request: Request) => {
    // Over TLS the request's socket is the TLS layer: the reset goes to the TCP socket underneath.
    const port = request.socket.remotePort;
    for (const socket of connections) if (socket.remotePort === port) socket.resetAndDestroy();
  };

  const handle = (request: Request, response: Response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/api/thumbnails') {
        posts.push(`${request.httpVersion} ${Buffer.concat(chunks).toString('utf8')}`);
        return answerPost(state.answer, posts.length - 1, request, response, resetConnectionOf);
      }
      serveAsset(request, response, clientJs);
    });
  };

  const server: Server =
    protocol === 'http/1.1'
      ? createHttpServer(handle)
      : protocol === 'https/1.1'
        ? createHttpsServer(selfSignedCertificate(), handle)
        : createSecureServer({ ...selfSignedCertificate(), allowHTTP1: true }, handle);
  server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
  });
  const listening = await listenOnLoopback(server);

  return {
    url: `${protocol === 'http/1.1' ? 'http' : 'https'}://127.0.0.1:${listening.port}`,
    get answer() {
      return state.answer;
    },
    set answer(answer) {
      state.answer = answer;
    },
    takePosts() {
      const taken = posts;
      posts = [];
      return taken;
    },
    async idle() {
      for (let waited = 0; connections.size > 0; waited += 10) {
        if (waited > 10_000) throw new Error(`${connections.size} connection(s) still open after 10 s`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close: () => {
      // An HTTP/2 server has no closeAllConnections(): its sessions end with their sockets.
      for (const socket of connections) socket.destroy();
      return listening.close();
    },
  };
}

function answerPost(answer: PostAnswer, index: number, request: Request, response: Response, resetConnectionOf: (request: Request) => void): void {
  if (answer.kind === 'silence') return;
  if (answer.kind === 'reset' || (answer.kind === 'reset, then 200' && index === 0)) {
    resetConnectionOf(request);
    return;
  }
  if (answer.kind === 'refused stream') {
    (request as Http2ServerRequest).stream.close(http2Constants.NGHTTP2_REFUSED_STREAM);
    return;
  }
  const status = answer.kind === 'status' ? answer.status : 200;
  const body = status === 200 ? '{}' : JSON.stringify({ success: false, error: 'Try again' });
  // The HTTP/2 compatibility response has the same writeHead and end.
  (response as ServerResponse).writeHead(status, { 'content-type': 'application/json' });
  (response as ServerResponse).end(body);
}

// The page and the bundle leave no connection behind (HTTP/1.1: Connection: close; HTTP/2: GOAWAY once sent), so that
// a test decides whether its POST goes on a fresh connection or on one a GET to /warm has just used.
function serveAsset(request: Request, response: Response, clientJs: string): void {
  const [status, type, body] =
    request.url === '/'
      ? [200, 'text/html', '<!doctype html><link rel="icon" href="data:,"><title>POST count</title>']
      : request.url === '/client.js'
        ? [200, 'text/javascript', clientJs]
        : request.url === '/warm'
          ? [200, 'text/plain', 'warm']
          : [404, 'text/plain', 'not found'];
  // (The session is taken now: a stream whose response has finished no longer has one.)
  const http2Session = 'stream' in request ? request.stream.session : undefined;
  const http1 = response as ServerResponse;
  if (request.url !== '/warm') {
    if (http2Session) http1.on('finish', () => http2Session.close());
    else http1.setHeader('connection', 'close');
  }
  http1.writeHead(status, { 'content-type': type });
  http1.end(body);
}
