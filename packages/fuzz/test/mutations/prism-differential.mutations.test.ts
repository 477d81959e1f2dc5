// The differential against Prism (src/prism-differential.ts), seen failing on each defect it is for: an HTTP proxy in
// front of the real mocks leaves one request unanswered while Prism answers it (one silent side), or drops the
// connection of every tenth request (which the sender once sent again silently). Each stays within the 1% share of
// no-answers the suite allows (6 cases of 25 requests): only the rules it gained can see them. The same run through a
// proxy that plants nothing passes.
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FuzzPlan } from '../../src/fuzz-run.js';
import { runPrismDifferential, startDifferentialServers } from '../../src/prism-differential.js';
import { type Action, behindPlantedProxies, plantedHttpProxy } from './planted-servers.js';

const plan: FuzzPlan = { numRuns: 6, seed: 1_516_414_536, timeLimitMs: 120_000, endOnFailure: true };
// A held request costs 3 s and its second try 9 s; Prism answers far quicker even on a busy machine.
const sending = { batch: 25, connections: 4, requestTimeoutMs: 3_000 };

let servers: Awaited<ReturnType<typeof startDifferentialServers>> | undefined;
beforeAll(async () => {
  servers = await startDifferentialServers();
});
afterAll(() => servers?.stop());

/** Runs the differential with both mocks behind a proxy whose plant decides over each request (counted across both). */
function runBehind(plant: (request: IncomingMessage, n: number) => Action): Promise<void> {
  const { prism, mocks } = servers!;
  return behindPlantedProxies(plantedHttpProxy, [mocks.plain.url, mocks.registry.url], plant, ([plainUrl, registryUrl]) =>
    runPrismDifferential({ prism, plainUrl: plainUrl!, registryUrl: registryUrl! }, plan, sending),
  );
}

/** What a request is, whatever connection it came on: its second try has the same. */
const signature = (request: IncomingMessage) => JSON.stringify([request.method, request.url, request.rawHeaders.filter((_, index) => index % 2 === 1)]);

describe('the differential against Prism fails', () => {
  test('when the mock leaves one request unanswered, on both tries, that Prism answers', async () => {
    let held: string | undefined;
    let holds = 0;
    const plant = (request: IncomingMessage, n: number): Action => {
      // The fifth request and its second try; twice at most, so shrinking does not wait for it each time.
      if (holds < 2 && (n === 5 || signature(request) === held)) {
        held = signature(request);
        holds++;
        return 'hold';
      }
      return 'forward';
    };
    await expect(runBehind(plant)).rejects.toThrow(/no answer from the mock, even with a 3x longer limit, while the other side answered/);
  });

  test('when the mock drops the connection under every tenth request', async () => {
    await expect(runBehind((_, n) => (n % 10 === 0 ? 'drop' : 'forward'))).rejects.toThrow(
      /requests were sent again after their connection closed without an answer: more than 1%/,
    );
  });
});

test('the same run through a proxy that plants nothing passes', async () => {
  await runBehind(() => 'forward');
});
