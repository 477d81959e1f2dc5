// Sends many requests to one server over a pool of keep-alive connections, as a test suite does: fast enough for
// tens of thousands of requests per run, and each answer read in full.
import { Agent } from 'node:http';
import { describeCase } from './fuzz-run.js';
import { type HttpRequestPlan, type MockAnswer, sendOverHttp } from './mock-request.js';

/** A connection pool to one server. */
export interface KeepAliveSender {
  readonly url: string;
  send(plan: HttpRequestPlan): Promise<MockAnswer>;
  /** The requests sent again on a fresh connection after their kept-alive connection closed without an answer. */
  resent(): readonly string[];
  close(): void;
}

/** A pool of at most `connections` keep-alive connections to `baseUrl`; a request that takes `timeoutMs` is hung. */
export function keepAliveSender(baseUrl: string, connections: number, timeoutMs: number): KeepAliveSender {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const resent: string[] = [];
  const send = async (plan: HttpRequestPlan): Promise<MockAnswer> => {
    const first = await sendOverHttp(baseUrl, plan, timeoutMs, { agent, lengthForEmptyBody: true });
    // Only a request on a reused connection that failed before any answer began is sent again (node's documentation:
    // the server may have closed the idle connection just as it was reused). A connection dropped on a fresh
    // connection, or after the answer began, is the server's answer, and is judged. Each one sent again is named, and
    // the suite fails past its share (src/no-answer.ts): a server that drops requests now and then is not hidden.
    if (first.kind !== 'closed' || first.reused !== true) return first;
    resent.push(`${describeCase(plan)} (${first.reason})`);
    return sendOverHttp(baseUrl, plan, timeoutMs, { agent: false, lengthForEmptyBody: true });
  };
  return { url: baseUrl, send, resent: () => resent, close: () => agent.destroy() };
}
