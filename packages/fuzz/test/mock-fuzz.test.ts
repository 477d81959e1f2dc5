// Hostile requests against the running mock (startMock: the compiled contract, and Prism in the same process for what
// it does not cover, e.g. Prefer: dynamic=true), with and without a key registry, in their CI size: 400 batches of 1-3
// requests, each followed by a conforming one (src/hostile-requests.ts).
import { createServer } from 'node:http';
import { type LoopbackServer, listenOnLoopback } from '@thumbnail-api/dev-tools/loopback-port';
import { afterAll, beforeAll, test } from 'vitest';
import { fuzzPlan } from '../src/fuzz-run.js';
import { type FuzzedMocks, startFuzzedMocks } from '../src/fuzzed-mocks.js';
import { runHostileRequests } from '../src/hostile-requests.js';

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

test('hostile requests: no crash, no hang, only documented answers, the registry as documented, and it keeps serving', async () => {
  await runHostileRequests({ plainUrl: mocks!.plain.url, registryUrl: mocks!.registry.url, canary: { url: canary!.url, hits: canaryHits } }, fuzzPlan(400));
});
