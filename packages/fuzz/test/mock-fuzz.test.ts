// Hostile requests against the running mock (startMock: the compiled contract, and Prism in the same process for
// what it does not cover, e.g. Prefer: dynamic=true), with and
// without a key registry: it never crashes or hangs, every answer to a documented operation is one the contract
// documents, the registry answers as its README says, nothing reaches another host, and it keeps serving. A request
// that gets no answer in time is sent again once with a longer limit; one that still gets none is counted apart, and
// fails the run only past a small share of its requests (src/no-answer.ts).
import { createServer } from 'node:http';
import { type LoopbackServer, listenOnLoopback } from '@thumbnail-api/dev-tools/loopback-port';
import * as fc from 'fast-check';
import { afterAll, beforeAll, test } from 'vitest';
import { documentedOperation, undocumentedAnswer } from '../src/contract-responses.js';
import { describeCase, fuzzPlan, runFuzz } from '../src/fuzz-run.js';
import { type FuzzedMocks, startFuzzedMocks } from '../src/fuzzed-mocks.js';
import { type MockAnswer, type MockRequest, sendToMock } from '../src/mock-request.js';
import { mockProblems } from '../src/mock-verdict.js';
import { NoAnswers, withSecondTry } from '../src/no-answer.js';
import { mockRequest } from '../src/request-arbitraries.js';

// Generous: a 12 MB body through Prism on a loaded 2-core machine. A hang is a connection that never answers.
const REQUEST_TIMEOUT_MS = 30_000;

let mocks: FuzzedMocks | undefined;
let canary: LoopbackServer | undefined;
const canaryHits: string[] = [];

beforeAll(async () => {
  canary = await listenOnLoopback(
    createServer((req, res) => {
      canaryHits.push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"reached":"the canary"}');
    }),
  );
  mocks = await startFuzzedMocks();
});

afterAll(async () => {
  await mocks?.stop();
  await canary?.close();
});

// What a user's first call looks like: it must still work after whatever came before.
const conforming: MockRequest = { kind: 'http', method: 'GET', target: '/api/thumbnails', headers: [['x-api-key', 'fuzz-key-ok']], body: { kind: 'none' } };

test('hostile requests: no crash, no hang, only documented answers, the registry as documented, and it keeps serving', async () => {
  const space = { canary: canary!.url, maxBodyBytes: 12 * 1024 * 1024 };
  let requests = 0;
  let firstFailure: string | undefined;
  const noAnswers = new NoAnswers();
  /** Sends a request; with no answer in time, once more with a longer limit; `undefined` when that got none either. */
  const answerOf = async (url: string, request: MockRequest): Promise<MockAnswer | undefined> => {
    requests += 1;
    const answer = await withSecondTry(
      (patience) => sendToMock(url, request, REQUEST_TIMEOUT_MS * patience),
      (sent) => sent.kind === 'hung',
      noAnswers,
    );
    if (answer.kind !== 'hung') return answer;
    noAnswers.unanswered(describeCase(request));
    return undefined;
  };
  const property = fc.asyncProperty(fc.boolean(), fc.array(mockRequest(space), { minLength: 1, maxLength: 3 }), async (withRegistry, batch) => {
    const mock = withRegistry ? mocks!.registry : mocks!.plain;
    canaryHits.length = 0;
    // Sent at once: the mock serves concurrent requests.
    const answers = await Promise.all(batch.map((request) => answerOf(mock.url, request)));
    const problems = batch.flatMap((request, index) => {
      const answer = answers[index];
      return answer ? mockProblems({ request, answer, withRegistry }) : [];
    });
    if (canaryHits.length > 0) problems.push(`the mock sent requests to another host: ${canaryHits.join(', ')}`);

    // No answer even on the second try is counted among the no-answers.
    const after = await answerOf(mock.url, conforming);
    if (after) problems.push(...conformingProblems(after));
    if (problems.length > 0) {
      // The mock keeps state (Prism's connections, Prism itself): the first failing batch is the one to read, since
      // shrinking then runs against a mock that may already be broken.
      if (firstFailure === undefined) {
        firstFailure = describeCase(batch);
        console.log(`fuzz mock: first failing batch (registry: ${withRegistry}): ${firstFailure}`);
      }
      const seen = answers.map((answer) =>
        answer === undefined ? 'no answer' : answer.kind === 'response' ? `${answer.status} ${answer.body.toString('utf8', 0, 160)}` : answer.kind,
      );
      throw new Error(`The mock broke its promises:\n- ${problems.join('\n- ')}\nAnswers: ${describeCase(seen)}`);
    }
  });
  try {
    await runFuzz('mock (hostile requests)', property, fuzzPlan(400));
  } finally {
    console.log(`fuzz mock (hostile requests): ${requests} requests sent, conforming checks included; ${noAnswers.summary(requests)}`);
  }
  const excess = noAnswers.excess(requests);
  if (excess) throw new Error(`fuzz mock (hostile requests): ${excess}`);
});

/** What is wrong with the answer to the conforming request sent after a batch: it must be the documented list. */
function conformingProblems(after: MockAnswer): string[] {
  if (after.kind !== 'response' || after.status !== 200) {
    return [`a conforming request afterwards got ${after.kind === 'response' ? `${after.status} ${after.body.toString('utf8', 0, 200)}` : after.kind}`];
  }
  const operation = documentedOperation('GET', '/api/thumbnails')!;
  return undocumentedAnswer(operation, after.status, after.headers['content-type'], after.body).map((p) => `a conforming request afterwards: ${p}`);
}
