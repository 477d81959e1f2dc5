// Sends many requests to one server over a pool of keep-alive connections, as a test suite does: fast enough for
// tens of thousands of requests per run, and each answer read in full.
import { Agent, request as httpRequest } from 'node:http';
import { bodyBytes, type HttpRequestPlan, type MockAnswer } from './mock-request.js';

/** A connection pool to one server. */
export interface KeepAliveSender {
  readonly url: string;
  send(plan: HttpRequestPlan): Promise<MockAnswer>;
  close(): void;
}

/** A pool of at most `connections` keep-alive connections to `baseUrl`; a request that takes `timeoutMs` is hung. */
export function keepAliveSender(baseUrl: string, connections: number, timeoutMs: number): KeepAliveSender {
  const url = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const send = async (plan: HttpRequestPlan): Promise<MockAnswer> => {
    const first = await sendOnce(plan);
    // A kept-alive connection the server closed just as it was reused fails at once: what node's documentation
    // advises is to send again, on a fresh connection (the mocks keep no state, so a second POST changes nothing).
    return first.kind === 'closed' && first.reused ? sendOnce(plan) : first;
  };
  const sendOnce = (plan: HttpRequestPlan) =>
    new Promise<MockAnswer & { reused?: boolean }>((resolve) => {
      // A raw header list keeps names as generated (case, order); node then adds no Host of its own.
      const headers = [['host', url.host] as const, ...plan.headers].flat();
      const body = bodyBytes(plan.body);
      if (body) {
        if (plan.body.kind === 'bytes' && plan.body.chunked) headers.push('transfer-encoding', 'chunked');
        else headers.push('content-length', String(body.length));
      }
      let settled = false;
      const finish = (answer: MockAnswer & { reused?: boolean }) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (answer.kind !== 'response') outgoing.destroy();
        resolve(answer);
      };
      const outgoing = httpRequest({ host: url.hostname, port: url.port, method: plan.method, path: plan.target, headers, agent }, (response) => {
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
  return { url: baseUrl, send, close: () => agent.destroy() };
}
