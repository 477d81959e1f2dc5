// A real node:http server on 127.0.0.1 that answers each attempt as a script says (any status, any headers,
// broken bodies, dropped connections) and counts the attempts it received.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { listenOnLoopback } from '@thumbnail-api/dev-tools/loopback-port';
import { answerFor, type HttpAnswer, hasBody, type ServerAnswer } from './server-answer.js';

/** One request as the server received it. */
export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** When it arrived, in milliseconds after the server started. */
  atMs: number;
  /** The request body as received (complete once the server answers). */
  body: string;
}

/** A running hostile server. */
export interface HostileServer {
  readonly url: string;
  /** Requests received so far, one per attempt of the client. */
  readonly received: readonly ReceivedRequest[];
  /** Answers the server could not write (node refused them): a fault of the generator, never of the client. */
  readonly faults: readonly string[];
  /** Drops every connection and stops listening. */
  close(): Promise<void>;
}

const EARLY_HINTS = { link: '</thumbnail.css>; rel=preload; as=style' };

/** Starts a server that answers attempt `n` with `answerFor(script, n)`. */
export async function startHostileServer(script: readonly ServerAnswer[]): Promise<HostileServer> {
  const received: ReceivedRequest[] = [];
  const faults: string[] = [];
  const started = Date.now();
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };

  // The answer in progress on each connection. A client may send its next request as soon as it has read a body
  // whose length was announced, before the server has ended that response; node's server then writes an interim
  // response of the next answer (writeEarlyHints) after that answer's own headers, inside its body. Playing each
  // answer once the one before it on the connection has closed keeps what is on the wire what the script says.
  const inProgress = new WeakMap<Socket, Promise<void>>();

  const server = createServer((req, res) => {
    const request: ReceivedRequest = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, atMs: Date.now() - started, body: '' };
    received.push(request);
    const answer = answerFor(script, received.length);
    const before = inProgress.get(req.socket);
    inProgress.set(req.socket, new Promise((resolve) => res.once('close', resolve)));
    // Answer once the request body is in, as a server would; a client that gave up meanwhile is fine.
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      request.body += chunk;
    });
    req.once('end', () => {
      const answerNow = () => {
        try {
          play(answer, req, res, later);
        } catch (error) {
          faults.push((error as Error).message);
          req.socket.destroy();
        }
      };
      if (before) void before.then(answerNow);
      else answerNow();
    });
    req.once('error', () => undefined);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    // A client that aborts mid-answer resets the connection: expected here, not a server failure.
    socket.on('error', () => undefined);
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  const { url } = await listenOnLoopback(server);

  return {
    url,
    received,
    faults,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function play(answer: ServerAnswer, req: IncomingMessage, res: ServerResponse, later: (ms: number, run: () => void) => void): void {
  const socket = req.socket;
  switch (answer.kind) {
    case 'silence':
      return;
    case 'drop':
      if (answer.how === 'reset') socket.resetAndDestroy();
      else socket.destroy();
      return;
    case 'raw':
      // Bypasses node's checks: what a broken or foreign server might put on the wire.
      socket.write(answer.text, 'latin1', () => {
        if (!answer.keepOpen) socket.end();
      });
      return;
    case 'response':
      playResponse(answer, res, socket, later);
  }
}

function playResponse(answer: HttpAnswer, res: ServerResponse, socket: Socket, later: (ms: number, run: () => void) => void): void {
  for (const interim of answer.interim) {
    if (interim === 'continue') res.writeContinue();
    else if (interim === 'processing') res.writeProcessing();
    else res.writeEarlyHints(EARLY_HINTS);
  }
  const headers: string[] = answer.headers.flat();
  // A response complete without a body, after which the server closes, says so: else the client may send its next
  // attempt on the closing connection, where the server never sees it, and the attempts it counts would fall short.
  // (Not for a body cut short: with Connection: close, fetch takes the close as the end of a chunked body.)
  if ((answer.delivery.kind === 'cut' || answer.length === 'overstated') && !hasBody(answer)) headers.push('connection', 'close');
  if (answer.length === 'exact') headers.push('content-length', String(answer.body.length));
  if (answer.length === 'overstated') headers.push('content-length', String(answer.body.length + 100));
  if (answer.statusText === undefined) res.writeHead(answer.status, headers);
  else res.writeHead(answer.status, answer.statusText, headers);

  const body = Buffer.from(answer.body);
  const delivery = answer.delivery;
  switch (delivery.kind) {
    case 'whole':
      if (answer.length === 'overstated') {
        res.flushHeaders();
        res.write(body);
        closeWhenSent(socket, 'end');
      } else {
        res.end(body);
      }
      return;
    case 'trickle': {
      const pieces: Buffer[] = [];
      // At most 20 pieces, so a large body trickles in a bounded time.
      const size = Math.max(delivery.chunkSize, Math.ceil(body.length / 20));
      for (let at = 0; at < body.length; at += size) pieces.push(body.subarray(at, at + size));
      const next = () => {
        const piece = pieces.shift();
        if (piece === undefined) {
          if (answer.length === 'overstated') closeWhenSent(socket, 'end');
          else res.end();
          return;
        }
        res.write(piece, () => later(delivery.delayMs, next));
      };
      res.flushHeaders();
      later(delivery.delayMs, next);
      return;
    }
    case 'cut': {
      const prefix = body.subarray(0, Math.floor(body.length * delivery.fraction));
      res.flushHeaders();
      res.write(prefix);
      closeWhenSent(socket, delivery.how);
      return;
    }
    case 'stall':
      res.flushHeaders();
      res.write(body.subarray(0, Math.floor(body.length * delivery.fraction)));
      return;
    case 'endless': {
      // Each write waits for the one before it to leave, so the pace is the client's; it ends when the client hangs up.
      // In pieces of 64 KB or more, so that a few MB take a few hundred writes.
      const piece = body.length > 0 ? Buffer.concat(Array(Math.ceil(65_536 / body.length)).fill(body)) : Buffer.alloc(65_536, 0x20);
      const next = () => {
        if (!res.destroyed) res.write(piece, () => later(0, next));
      };
      res.flushHeaders();
      next();
    }
  }
}

/** Closes (FIN) or resets (RST) the connection once everything written so far has left. */
function closeWhenSent(socket: Socket, how: 'end' | 'reset'): void {
  // Write callbacks run in order, so this one runs once the headers and body bytes before it are sent.
  socket.write('', () => setImmediate(() => (how === 'reset' ? socket.resetAndDestroy() : socket.destroy())));
}
