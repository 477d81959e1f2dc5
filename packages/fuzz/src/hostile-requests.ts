// Hostile requests against a running mock, with and without a key registry: it never crashes or hangs, every answer to
// a documented operation is one the contract documents, the registry answers as its README says, nothing reaches
// another host, and it keeps serving. A request that gets no answer in time is sent again once with a longer limit.
// The conforming request sent after each batch tells a busy machine from a broken mock: when the mock answers it, a
// request of the batch it left unanswered twice is a hang; when it does not answer it either, the mock has stopped
// answering. Both fail. The mocks are given by URL, so a mutation test can put a broken one in their place.
import { createServer } from 'node:http';
import { listenOnLoopback } from '@thumbnail-api/dev-tools/loopback-port';
import * as fc from 'fast-check';
import { documentedOperation, undocumentedAnswer } from './contract-responses.js';
import { describeCase, type FuzzPlan, runFuzz } from './fuzz-run.js';
import { type FuzzedMocks, startFuzzedMocks } from './fuzzed-mocks.js';
import { type MockAnswer, type MockRequest, sendToMock } from './mock-request.js';
import { mockProblems } from './mock-verdict.js';
import { NoAnswers, PATIENCE, withSecondTry } from './no-answer.js';
import { mockRequest } from './request-arbitraries.js';

/** Where the requests go, and the server a request must never reach. */
export interface HostileTargets {
  /** The mock without a key registry. */
  plainUrl: string;
  /** The mock with the keys of REGISTRY. */
  registryUrl: string;
  /** A server on another port, and the requests it received (cleared before each batch). */
  canary: { url: string; hits: string[] };
}

/** The two mocks (src/fuzzed-mocks.ts) and a canary server on another port that records what reaches it. */
export async function startHostileServers(): Promise<{ mocks: FuzzedMocks; canary: HostileTargets['canary']; stop(): Promise<void> }> {
  const hits: string[] = [];
  const canary = await listenOnLoopback(
    createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"reached":"the canary"}');
    }),
  );
  const mocks = await startFuzzedMocks().catch(async (error: unknown) => {
    await canary.close();
    throw error;
  });
  return {
    mocks,
    canary: { url: canary.url, hits },
    stop: async () => {
      await Promise.all([mocks.stop(), canary.close()]);
    },
  };
}

/** How the requests are sent. */
export interface HostileSending {
  /** The first limit of each request; its second try waits PATIENCE times as long. */
  requestTimeoutMs: number;
  /** The largest body generated. */
  maxBodyBytes: number;
}

/** What CI sends: bodies up to 12 MB, each request within 30 s first (a 12 MB body on a loaded 2-core machine). */
export const CI_HOSTILE_SENDING: HostileSending = { requestTimeoutMs: 30_000, maxBodyBytes: 12 * 1024 * 1024 };

// What a user's first call looks like: it must still work after whatever came before.
const conforming: MockRequest = { kind: 'http', method: 'GET', target: '/api/thumbnails', headers: [['x-api-key', 'fuzz-key-ok']], body: { kind: 'none' } };

/** Runs the suite; throws on the first batch the mock breaks a promise in, or below its floor. */
export async function runHostileRequests(targets: HostileTargets, plan: FuzzPlan, sending: HostileSending = CI_HOSTILE_SENDING): Promise<void> {
  const { requestTimeoutMs, maxBodyBytes } = sending;
  const space = { canary: targets.canary.url, maxBodyBytes };
  let requests = 0;
  let firstFailure: string | undefined;
  const tally = new NoAnswers();
  /** Sends a request; with no answer in time, once more with a longer limit. */
  const answerOf = (url: string, request: MockRequest): Promise<MockAnswer> => {
    requests += 1;
    return withSecondTry(
      (patience) => sendToMock(url, request, requestTimeoutMs * patience),
      (sent) => sent.kind === 'hung',
      tally,
    );
  };
  const property = fc.asyncProperty(fc.boolean(), fc.array(mockRequest(space), { minLength: 1, maxLength: 3 }), async (withRegistry, batch) => {
    const url = withRegistry ? targets.registryUrl : targets.plainUrl;
    targets.canary.hits.length = 0;
    // Sent at once: the mock serves concurrent requests.
    const answers = await Promise.all(batch.map((request) => answerOf(url, request)));
    const after = await answerOf(url, conforming);
    const problems =
      after.kind === 'hung'
        ? [
            `the mock stopped answering: the conforming request after this batch got no answer within ${requestTimeoutMs} ms, nor within ${PATIENCE * requestTimeoutMs} ms`,
          ]
        : [...batch.flatMap((request, index) => mockProblems({ request, answer: answers[index]!, withRegistry })), ...conformingProblems(after)];
    if (targets.canary.hits.length > 0) problems.push(`the mock sent requests to another host: ${targets.canary.hits.join(', ')}`);
    if (problems.length > 0) {
      // The mock keeps state (Prism's connections, Prism itself): the first failing batch is the one to read, since
      // shrinking then runs against a mock that may already be broken.
      if (firstFailure === undefined) {
        firstFailure = describeCase(batch);
        console.log(`fuzz mock: first failing batch (registry: ${withRegistry}): ${firstFailure}`);
      }
      const seen = answers.map((answer) => (answer.kind === 'response' ? `${answer.status} ${answer.body.toString('utf8', 0, 160)}` : answer.kind));
      throw new Error(`The mock broke its promises:\n- ${problems.join('\n- ')}\nAnswers: ${describeCase(seen)}`);
    }
  });
  try {
    // The longest case: the batch and the conforming request after it, each with its second try.
    await runFuzz('mock (hostile requests)', property, plan, { caseLimitMs: 2 * (1 + PATIENCE) * requestTimeoutMs + 10_000 });
  } finally {
    console.log(
      `fuzz mock (hostile requests): ${requests} requests sent, conforming checks included; sent again with a ${PATIENCE}x longer limit: ${tally.resentCount}`,
    );
  }
}

/** What is wrong with the answer to the conforming request sent after a batch: it must be the documented list. */
function conformingProblems(after: MockAnswer): string[] {
  if (after.kind !== 'response' || after.status !== 200) {
    return [`a conforming request afterwards got ${after.kind === 'response' ? `${after.status} ${after.body.toString('utf8', 0, 200)}` : after.kind}`];
  }
  const operation = documentedOperation('GET', '/api/thumbnails')!;
  return undocumentedAnswer(operation, after.status, after.headers['content-type'], after.body).map((p) => `a conforming request afterwards: ${p}`);
}
