// The differential campaign (issue 15) in its CI size: 200 cases of 50 requests, each sent to the mock (startMock(),
// with and without a key registry) and to the Prism CLI serving the same contract (src/prism-differential.ts).
import { afterAll, beforeAll, test } from 'vitest';
import { fuzzPlan } from '../src/fuzz-run.js';
import { runPrismDifferential, startDifferentialServers } from '../src/prism-differential.js';

const CI_CASES = 200;

let servers: Awaited<ReturnType<typeof startDifferentialServers>> | undefined;
beforeAll(async () => {
  servers = await startDifferentialServers();
});
afterAll(() => servers?.stop());

test('the mock answers every generated request as Prism does on the same contract, or the improved way listed', async () => {
  const { prism, mocks } = servers!;
  await runPrismDifferential({ prism, plainUrl: mocks.plain.url, registryUrl: mocks.registry.url }, fuzzPlan(CI_CASES));
});
