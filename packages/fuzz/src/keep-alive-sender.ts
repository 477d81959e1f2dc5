// Sends many requests to one server over a pool of keep-alive connections, as a test suite does: fast enough for
// tens of thousands of requests per run, and each answer read in full.
import { Agent } from 'node:http';
import { type HttpRequestPlan, type MockAnswer, sendOverHttp } from './mock-request.js';

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
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  let retried = 0;
  const send = async (plan: HttpRequestPlan): Promise<MockAnswer> => {
    const first = await sendOverHttp(baseUrl, plan, timeoutMs, { agent, lengthForEmptyBody: true });
    if (first.kind !== 'closed') return first;
    // A kept-alive connection the server closed just as it was reused fails at once (several may in a pool): what
    // node's documentation advises is to send again, on a fresh connection. The servers keep no state, so a second
    // POST changes nothing; a server that really drops the request drops it again.
    retried++;
    return sendOverHttp(baseUrl, plan, timeoutMs, { agent: false, lengthForEmptyBody: true });
  };
  return { url: baseUrl, send, retried: () => retried, close: () => agent.destroy() };
}
