// The public HTTP server of the mock and of the proxy: claims the port first, answers through a handler that can
// be set once it is ready, and closes at once, idle keep-alive connections included. Where a request arrives from the
// network, so where a Host no browser page may use (DNS rebinding) is refused, on every path.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AllowedHosts, allowedHostsOf, hostNameOf, isAllowedHost } from '../http/allowed-hosts.js';
import { mockError } from '../http/mock-error.js';
import type { PreparedAnswer } from '../http/prepared-answer.js';
import { closeServer, listen, urlOf } from './http-listen.js';
import { sendAnswer } from './send-answer.js';

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

/**
 * Listens on `host:port`; rejects with a message that says what to do when the port is taken or not allowed. Answers
 * only requests whose Host is an IP address, localhost, a `.localhost` name or one of `allowedHosts`.
 */
export async function startFrontServer(host: string, port: number, allowedHosts: AllowedHosts = allowedHostsOf(undefined)): Promise<FrontServer> {
  let handler: RequestHandler | undefined;
  const hostAllowed = hostCheck(allowedHosts);
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const refusal = hostAllowed(req.headers.host);
    if (refusal !== undefined) sendAnswer(res, refusal, []);
    else if (handler) handler.handle(req, res);
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

/** The check of a request's Host: `undefined` when allowed, else the refusal. Verdicts are kept: a client sends one Host. */
function hostCheck(allowed: AllowedHosts): (header: string | undefined) => PreparedAnswer | undefined {
  const verdicts = new Map<string, PreparedAnswer | undefined>();
  return (header) => {
    if (header === undefined) return undefined;
    if (verdicts.has(header)) return verdicts.get(header);
    const verdict = isAllowedHost(allowed, header) ? undefined : hostRefusal(header, allowed);
    // Bounded: a client sending a new Host each time must not grow it.
    if (verdicts.size < 64) verdicts.set(header, verdict);
    return verdict;
  };
}

function hostRefusal(header: string, allowed: AllowedHosts): PreparedAnswer {
  const name = hostNameOf(header) ?? header;
  const shown = JSON.stringify(name.slice(0, 200));
  return mockError(
    'host-not-allowed',
    403,
    `the Host ${shown} is not one this server answers`,
    `A web page can reach a server on your machine through a name it controls (DNS rebinding), so only IP addresses, localhost, *.localhost and the names given with --allowed-host (the allowedHosts option) are answered. If ${shown} is your own name for this server (a CI service, a container), start it with --allowed-host ${hostNameOf(header) ?? '<name>'}.`,
    { allowedHosts: [...allowed.names, ...allowed.suffixes] },
  );
}
