// The public HTTP server of the mock and of the proxy: claims the port first, answers through a handler that can
// be set once it is ready, and closes at once, idle keep-alive connections included.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, listen, urlOf } from './http-listen.js';

/** What answers the requests; `close` runs after the server has stopped accepting them. */
export interface RequestHandler {
  handle(req: IncomingMessage, res: ServerResponse): void;
  close(): Promise<void>;
}

export interface FrontServer {
  readonly url: string;
  readonly host: string;
  readonly port: number;
  /** Starts answering with `handler` (until then, 503 with Retry-After). */
  use(handler: RequestHandler): void;
  /** Stops the server and its handler; the same promise for every call. */
  stop(): Promise<void>;
}

/** Listens on `host:port`; rejects with a message that says what to do when the port is taken or not allowed. */
export async function startFrontServer(host: string, port: number): Promise<FrontServer> {
  let handler: RequestHandler | undefined;
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    if (handler) handler.handle(req, res);
    else res.writeHead(503, { 'content-type': 'text/plain', 'retry-after': '1' }).end('The mock is starting.');
  };
  const server = createServer(onRequest);
  // Without a listener node answers an Expect other than 100-continue with a bare 417 of its own; the handler
  // answers instead, so that an answer to a documented operation stays one the contract documents.
  server.on('checkExpectation', onRequest);
  const bound = await listen(server, host, port);
  let stopping: Promise<void> | undefined;
  return {
    url: urlOf(host, bound),
    host,
    port: bound,
    use(next) {
      handler = next;
    },
    stop() {
      stopping ??= (async () => {
        await closeServer(server);
        await handler?.close();
      })();
      return stopping;
    },
  };
}
