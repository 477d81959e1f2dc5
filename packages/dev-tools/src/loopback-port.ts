// A server of a test on a free port of 127.0.0.1, and a free port for tools that cannot listen on port 0 and say
// which port they got (Prism's CLI): the one place tests ask the system for a port.
import { createServer, type Server } from 'node:net';

/** A server listening on 127.0.0.1. */
export interface LoopbackServer {
  readonly port: number;
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** Drops open connections (an HTTP server's keep-alive ones included) and resolves once the port is closed. */
  close(): Promise<void>;
}

export const LOOPBACK = '127.0.0.1';

/** Starts `server` (an `http.Server` or a `net.Server`) on a free port of 127.0.0.1; rejects if it cannot listen. */
export function listenOnLoopback(server: Server): Promise<LoopbackServer> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, LOOPBACK, () => {
      server.off('error', reject);
      const address = server.address();
      if (address === null || typeof address === 'string') {
        reject(new Error(`listenOnLoopback: the server reports ${JSON.stringify(address)} instead of a TCP address`));
        return;
      }
      resolve({
        port: address.port,
        url: `http://${LOOPBACK}:${address.port}`,
        close: () =>
          new Promise<void>((done) => {
            (server as Server & { closeAllConnections?: () => void }).closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}

/**
 * A port of 127.0.0.1 that was free a moment ago. Another process may take it before the caller listens: a caller
 * that can listen on port 0 should ({@link listenOnLoopback}); one that cannot should retry on `EADDRINUSE`.
 */
export async function freePort(): Promise<number> {
  const server = await listenOnLoopback(createServer());
  await server.close();
  return server.port;
}
