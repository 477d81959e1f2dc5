// Listening on the public host and port, with errors that say what to do, and closing without waiting on idle clients.
import type { Server } from 'node:http';

/** Listens on `host:port` and resolves with the port actually bound (useful with port 0). */
export function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => reject(new Error(explainListenError(error, host, port)));
    server.once('error', onError);
    server.listen(port, host, () => {
      server.removeListener('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address !== null ? address.port : port);
    });
  });
}

function explainListenError(error: NodeJS.ErrnoException, host: string, port: number): string {
  switch (error.code) {
    case 'EADDRINUSE':
      return `Port ${port} on ${host} is already in use. Stop what is using it, or choose another port (--port, or the port option; 0 picks a free one).`;
    case 'EACCES':
      return `Not allowed to listen on port ${port} of ${host}. Choose a port above 1023 (--port, or the port option).`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return `Cannot listen on ${host}: it is not an address of this machine. Use 127.0.0.1 (the default), or 0.0.0.0 for all interfaces.`;
    default:
      return `Cannot listen on ${host}:${port}: ${error.message}`;
  }
}

/** The URL clients use, with IPv6 hosts in brackets. */
export function urlOf(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** Stops accepting connections and drops the open ones, keep-alive included. */
export function closeServer(server: Server): Promise<void> {
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
