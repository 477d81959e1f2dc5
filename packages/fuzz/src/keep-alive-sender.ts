// Sends many requests to one server over a pool of keep-alive connections, as a test suite does: fast enough for
// tens of thousands of requests per run, and each answer read in full.
import { Agent } from 'node:http';
import { describeCase } from './fuzz-run.js';
import { type HttpRequestPlan, type MockAnswer, sendOverHttp } from './mock-request.js';

/** A connection pool to one server. */
export interface KeepAliveSender {
  readonly url: string;
  send(plan: HttpRequestPlan): Promise<MockAnswer>;
  /** The requests sent again on a fresh connection after their connection closed without an answer, and why it closed. */
  resent(): readonly string[];
  close(): void;
}

/** A pool of at most `connections` keep-alive connections to `baseUrl`; a request that takes `timeoutMs` is hung. */
export function keepAliveSender(baseUrl: string, connections: number, timeoutMs: number): KeepAliveSender {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const resent: string[] = [];
  const send = async (plan: HttpRequestPlan): Promise<MockAnswer> => {
    const first = await sendOverHttp(baseUrl, plan, timeoutMs, { agent, lengthForEmptyBody: true });
    if (first.kind !== 'closed') return first;
    // A kept-alive connection the server closed just as it was reused fails at once, and so does one a busy machine
    // kept from writing its request until the server gave up on it: what node's documentation advises is to send again,
    // on a fresh connection. Each one is named, and the suite fails past its share (src/no-answer.ts), so a server
    // that drops requests now and then is not hidden; one that drops a request drops it again, which is judged.
    resent.push(`${describeCase(plan)} (${first.reason})`);
    return sendOverHttp(baseUrl, plan, timeoutMs, { agent: false, lengthForEmptyBody: true });
  };
  return { url: baseUrl, send, resent: () => resent, close: () => agent.destroy() };
}
