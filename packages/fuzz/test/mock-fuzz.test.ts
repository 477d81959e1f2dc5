// Hostile requests against the running mock (startMock: the compiled contract, and Prism in the same process for what
// it does not cover, e.g. Prefer: dynamic=true), with and without a key registry, in their CI size: 400 batches of 1-3
// requests, each followed by a conforming one (src/hostile-requests.ts).
import { afterAll, beforeAll, test } from 'vitest';
import { fuzzPlan } from '../src/fuzz-run.js';
import { runHostileRequests, startHostileServers } from '../src/hostile-requests.js';

let servers: Awaited<ReturnType<typeof startHostileServers>> | undefined;
beforeAll(async () => {
  servers = await startHostileServers();
});
afterAll(() => servers?.stop());

test('hostile requests: no crash, no hang, only documented answers, the registry as documented, and it keeps serving', async () => {
  const { mocks, canary } = servers!;
  await runHostileRequests({ plainUrl: mocks.plain.url, registryUrl: mocks.registry.url, canary }, fuzzPlan(400));
});
