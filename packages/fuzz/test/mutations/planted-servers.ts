// Servers with a planted defect, put in front of a real mock: each forwards what it gets, except where its plant says
// to hold a request (never answer, connection left open), drop the connection, or change the answer. The mutation
// tests run a suite against one and check that the suite fails, naming the defect; and against one that plants nothing
// (every request forwarded), that the same run passes: so the failure comes from the defect, not from the proxy.
import { createServer as createHttpServer, request as httpRequest, type IncomingMessage } from 'node:http';
import { connect, createServer as createNetServer, type Socket } from 'node:net';
import { listenOnLoopback } from '@thumbnail-api/dev-tools/loopback-port';

/** What to do with a request: forward it, hold it (no answer, the connection left open), or drop its connection. */
export type Action = 'forward' | 'hold' | 'drop';

/** A server with a defect. */
export interface PlantedServer {
  readonly url: string;
  /** Closes the port and every connection, held ones included. */
  close(): Promise<void>;
}

/** What the HTTP proxy may also do: change the answer (a header added), or send the request to the mock twice. */
export type HttpAction = Action | 'mark' | 'twice';

/**
 * An HTTP proxy to `upstream` (requests and answers passed on with their raw headers) that asks `plant` what to do with
 * each request it gets: `mark` adds a header to its answer, a difference any comparison must see;
 * `twice` sends it to the mock a second time (the answer to the first goes back), an entry too many in its journal.
 */
export async function plantedHttpProxy(upstream: string, plant: (request: IncomingMessage) => HttpAction): Promise<PlantedServer> {
  const target = new URL(upstream);
  const forward = (incoming: IncomingMessage, body: Buffer) =>
    httpRequest({ host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: incoming.rawHeaders, agent: false }).end(
      body,
    );
  const server = createHttpServer(async (incoming, outgoing) => {
    const action = plant(incoming);
    if (action === 'hold') return;
    if (action === 'drop') {
      incoming.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const forwarded = forward(incoming, body);
    forwarded.once('response', (answer) => {
      const headers = action === 'mark' ? [...answer.rawHeaders, 'x-planted-defect', 'changed answer'] : answer.rawHeaders;
      outgoing.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
      answer.pipe(outgoing);
      // An answer that breaks off upstream breaks off here too.
      answer.once('aborted', () => incoming.socket.destroy());
      answer.once('error', () => incoming.socket.destroy());
    });
    // A reset or malformed answer upstream is a failed connection here too.
    forwarded.once('error', () => incoming.socket.destroy());
    if (action === 'twice')
      forward(incoming, body)
        .on('response', (answer) => answer.resume())
        .on('error', () => {});
  });
  // Its close() ends every connection, held ones included.
  const listening = await listenOnLoopback(server);
  return { url: listening.url, close: listening.close };
}

/**
 * A TCP proxy to `upstream`, byte for byte, for requests HTTP cannot parse: each connection's first bytes are shown to
 * `plant`, which decides for the whole connection.
 */
export async function plantedTcpProxy(upstream: string, plant: (firstBytes: string) => Action): Promise<PlantedServer> {
  const target = new URL(upstream);
  // A net.Server has no closeAllConnections(): its connections, and those it opens to the mock, are ended here.
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = createNetServer({ allowHalfOpen: true }, (client) => {
    track(client);
    client.once('data', (first: Buffer) => {
      const action = plant(first.toString('latin1'));
      if (action === 'hold') {
        // Read and ignore the rest, so the sender is never blocked writing it.
        client.on('data', () => {});
        return;
      }
      if (action === 'drop') {
        client.destroy();
        return;
      }
      const upstreamSocket = connect({ host: target.hostname, port: Number(target.port), allowHalfOpen: true });
      track(upstreamSocket);
      upstreamSocket.write(first);
      client.pipe(upstreamSocket);
      upstreamSocket.pipe(client);
      client.once('close', () => upstreamSocket.destroy());
      // What arrived is passed on before the close, even when the mock reset the connection (it answers a request
      // whose body it will not read, then closes while the body still arrives): as the sender would have seen it.
      upstreamSocket.once('close', () => client.end());
    });
  });
  const listening = await listenOnLoopback(server);
  return {
    url: listening.url,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await listening.close();
    },
  };
}

/**
 * Puts a proxy started by `start` in front of each server of `upstreams`, all asking one `plant` (which counts what
 * they see together, from 1), runs `use` with the proxies' URLs in the same order, and closes the proxies.
 */
export async function behindPlantedProxies<Seen, A>(
  start: (upstream: string, plant: (seen: Seen) => A) => Promise<PlantedServer>,
  upstreams: readonly string[],
  plant: (seen: Seen, n: number) => A,
  use: (urls: string[]) => Promise<void>,
): Promise<void> {
  let n = 0;
  const decide = (seen: Seen) => plant(seen, ++n);
  const proxies = await Promise.all(upstreams.map((upstream) => start(upstream, decide)));
  try {
    await use(proxies.map((proxy) => proxy.url));
  } finally {
    await Promise.all(proxies.map((proxy) => proxy.close()));
  }
}
