// Start-up and shutdown shared by the mock and the proxy: our front server on the public port, Prism behind it.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, listen, urlOf } from './http-listen.js';
import { type PrismOptions, type PrismProcess, startPrism } from './prism-process.js';

/** What the front server does with requests once Prism is up. */
export interface FrontHandler {
  handle(req: IncomingMessage, res: ServerResponse): void;
  close(): void;
}

/** A front server with its Prism, answering on `url`. */
export interface Launched {
  readonly url: string;
  readonly host: string;
  readonly port: number;
  readonly prism: PrismProcess;
  stop(): Promise<void>;
}

/**
 * Claims the public port first (so a port in use fails before anything is spawned), then starts Prism, then
 * resolves once Prism answers (and, with `probe`, a request through the front server is answered too).
 * On any failure, everything started is stopped.
 */
export async function launch(options: {
  host: string;
  port: number;
  prism: PrismOptions;
  createHandler(prismUrl: string): FrontHandler;
  /** Send one request through the front server before resolving; off for the proxy, where it would reach the real service. */
  probe: boolean;
}): Promise<Launched> {
  let handler: FrontHandler | undefined;
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    if (handler) {
      handler.handle(req, res);
    } else {
      res.writeHead(503, { 'content-type': 'text/plain', 'retry-after': '1' }).end('The mock is starting.');
    }
  };
  const server = createServer(onRequest);
  // Without a listener node answers an Expect other than 100-continue with a bare 417 of its own; the handler
  // answers instead, so that an answer to a documented operation stays one the contract documents.
  server.on('checkExpectation', onRequest);
  const port = await listen(server, options.host, options.port);
  const url = urlOf(options.host, port);

  let prism: PrismProcess | undefined;
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      await closeServer(server);
      handler?.close();
      await prism?.stop();
    })();
    return stopping;
  };
  try {
    prism = await startPrism(options.prism);
    handler = options.createHandler(prism.url);
    if (options.probe) {
      const response = await fetch(`${url}/`, { signal: AbortSignal.timeout(options.prism.startTimeoutMs) });
      await response.arrayBuffer();
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, host: options.host, port, prism, stop };
}
