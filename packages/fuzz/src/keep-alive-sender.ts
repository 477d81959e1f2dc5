// Sends many requests to one server over a pool of keep-alive connections, as a test suite does: fast enough for
// tens of thousands of requests per run, and each answer read in full.
import { Agent, request as httpRequest } from 'node:http';
import { bodyBytes, type HttpRequestPlan, type MockAnswer } from './mock-request.js';

// The methods node sends without any body framing when no body is given.
const BODILESS_BY_DEFAULT = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT']);

/** A connection pool to one server. */
export interface KeepAliveSender {
  readonly url: string;
  send(plan: HttpRequestPlan): Promise<MockAnswer>;
  /** How many requests were sent again on a fresh connection after their first connection closed without an answer. */
  retried(): number;
  close(): void;
}

/** A pool of at most `connections` keep-alive connections to `baseUrl`; a request that takes `timeoutMs` is hung. */
export function keepAliveSender(baseUrl: string, connections: number, timeoutMs: number): KeepAliveSender {
  const url = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  let retried = 0;
  const send = async (plan: HttpRequestPlan): Promise<MockAnswer> => {
    const first = await sendOnce(plan);
    if (first.kind !== 'closed') return first;
    // A kept-alive connection the server closed just as it was reused fails at once (several may in a pool): what
    // node's documentation advises is to send again, on a fresh connection. The servers keep no state, so a second
    // POST changes nothing; a server that really drops the request drops it again.
    retried++;
    const { reused: _, ...second } = await sendOnce(plan, false);
    return second;
  };
  const sendOnce = (plan: HttpRequestPlan, pool: Agent | false = agent) =>
    new Promise<MockAnswer & { reused?: boolean }>((resolve) => {
      // A raw header list keeps names as generated (case, order); node then adds no Host of its own.
      const headers = [['host', url.host] as const, ...plan.headers].flat();
      const body = bodyBytes(plan.body);
      if (body) {
        if (plan.body.kind === 'bytes' && plan.body.chunked) headers.push('transfer-encoding', 'chunked');
        else headers.push('content-length', String(body.length));
      } else if (!BODILESS_BY_DEFAULT.has(plan.method)) {
        // As fetch sends a POST without a body; node would otherwise send an empty chunked body.
        headers.push('content-length', '0');
      }
      let settled = false;
      const finish = (answer: MockAnswer & { reused?: boolean }) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (answer.kind !== 'response') outgoing.destroy();
        resolve(answer);
      };
      const outgoing = httpRequest({ host: url.hostname, port: url.port, method: plan.method, path: plan.target, headers, agent: pool }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('end', () => finish({ kind: 'response', status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.once('error', (error) => finish({ kind: 'closed', reason: error.message }));
      });
      const timer = setTimeout(() => finish({ kind: 'hung' }), timeoutMs);
      outgoing.once('error', (error: NodeJS.ErrnoException) => {
        const stale = outgoing.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
        finish({ kind: 'closed', reason: error.message, reused: stale });
      });
      outgoing.end(body);
    });
  return { url: baseUrl, send, retried: () => retried, close: () => agent.destroy() };
}
