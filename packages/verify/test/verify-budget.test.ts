// The POST budget holds under every failure: in runs with faults injected at random (pushback, errors, resets, answers
// that never come, a refused key), the stand-in never receives more POSTs than --allow-billing allows, receives every
// POST the report counts, and never the same POST twice. Counted at the stand-in, on real sockets.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PostBudget } from '../src/budget.js';
import { POST_PROBE_KINDS } from '../src/probe-plan.js';
import { runVerification } from '../src/run-verification.js';
import { faithful, KEY, type StandInAnswer, type StandInRequest, startVerifyStandIn, type VerifyStandIn } from './helpers/verify-stand-in.js';

const FAULTS = ['answer', 'pushback', 'pushback-too-long', 'server-error', 'reset', 'hang', 'not-json', 'refused'] as const;
type Fault = (typeof FAULTS)[number];

function answerWith(fault: Fault, request: StandInRequest): StandInAnswer {
  switch (fault) {
    case 'answer':
      return faithful(request);
    case 'pushback':
      return { status: 429, headers: { 'retry-after': '0' }, body: { success: false, error: 'Too Many Requests' } };
    case 'pushback-too-long':
      return { status: 429, headers: { 'retry-after': '120' }, body: { success: false, error: 'Too Many Requests' } };
    case 'server-error':
      return { status: 500, body: { success: false, error: 'Internal Server Error' } };
    case 'reset':
      return { fault: 'reset' };
    case 'hang':
      return { fault: 'hang' };
    case 'not-json':
      return { status: 200, text: '{"id":', headers: { 'content-type': 'application/json' } };
    case 'refused':
      return { status: 401, body: { success: false, error: 'Unauthorized' } };
  }
}

let service: VerifyStandIn;
/** The faults of the current run, by request number (a request past the end is answered faithfully). */
let faults: readonly Fault[] = [];
let firstOfRun = 0;
beforeAll(async () => {
  service = await startVerifyStandIn((request, index) => answerWith(faults[index - firstOfRun] ?? 'answer', request));
});
afterAll(() => service.close());

test('no run sends more POSTs than its budget, whatever the service does, and none twice', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.record({
        budget: fc.integer({ min: 0, max: 5 }),
        prompts: fc.integer({ min: 1, max: 3 }),
        kinds: fc.shuffledSubarray([...POST_PROBE_KINDS], { minLength: 1 }),
        faults: fc.array(fc.constantFrom(...FAULTS), { minLength: 16, maxLength: 16 }),
      }),
      async (run) => {
        faults = run.faults;
        firstOfRun = service.received.length;
        const report = await runVerification({
          baseUrl: new URL(service.url),
          apiKey: KEY,
          forbiddenKey: undefined,
          allowBilling: run.budget,
          prompts: Array.from({ length: run.prompts }, (_, index) => `prompt ${index + 1}`),
          postKinds: run.kinds,
          maxRps: 1000,
          requestTimeoutMs: 200,
          maxTimeMs: 30_000,
          maxWaitMs: 1000,
          specPath: undefined,
          observed: undefined,
        });
        const posts = service.received.slice(firstOfRun).filter((request) => request.method === 'POST');
        expect(posts.length).toBeLessThanOrEqual(run.budget);
        expect(report.budget.spent).toBe(posts.length);
        const sent = posts.map((request) => JSON.stringify([request.headers['content-type'], request.key, request.body.toString()]));
        expect(new Set(sent).size).toBe(sent.length);
      },
    ),
    { numRuns: 40 },
  );
});

test.each([
  [0, 0],
  [1, 1],
  [3, 3],
])('a budget of %i allows %i POSTs and refuses the next', (allowed, granted) => {
  const budget = new PostBudget(allowed);
  const taken = Array.from({ length: allowed + 2 }, () => budget.take()).filter(Boolean).length;
  expect(taken).toBe(granted);
  expect(budget.spent).toBe(granted);
});

test.each([-1, 1.5, Number.NaN])('a budget of %s is refused', (allowed) => {
  expect(() => new PostBudget(allowed)).toThrow(/A POST budget is a whole number of 0 or more/);
});
