// The differential campaign (issue 15) in its CI size: 200 cases of 50 requests, each sent to the mock (startMock(),
// with and without a key registry) and to the Prism CLI serving the same contract (src/prism-differential.ts).
import type { PrismCli } from '@thumbnail-api/dev-tools/prism-cli';
import { afterAll, beforeAll, test } from 'vitest';
import { fuzzPlan } from '../src/fuzz-run.js';
import { type FuzzedMocks, startFuzzedMocks } from '../src/fuzzed-mocks.js';
import { runPrismDifferential, startReferencePrism } from '../src/prism-differential.js';

const CI_CASES = 200;

let prism: PrismCli | undefined;
let mocks: FuzzedMocks | undefined;

beforeAll(async () => {
  [prism, mocks] = await Promise.all([startReferencePrism(), startFuzzedMocks()]);
});

afterAll(async () => {
  await Promise.all([prism?.stop(), mocks?.stop()]);
});

test('the mock answers every generated request as Prism does on the same contract, or the improved way listed', async () => {
  await runPrismDifferential({ prism: prism!, plainUrl: mocks!.plain.url, registryUrl: mocks!.registry.url }, fuzzPlan(CI_CASES));
});
