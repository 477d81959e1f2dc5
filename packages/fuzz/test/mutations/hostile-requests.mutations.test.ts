// The hostile-requests suite (src/hostile-requests.ts), seen failing on each defect it is for: a TCP proxy in front of
// the real mocks holds one request, drops connections of valid requests, or leaves one conforming request unanswered.
// Each defect is rare enough to stay within the 1% share of no-answers the suite once allowed (60 batches, about 180
// requests): only the verdicts this suite gained can see it. The same run through a proxy that plants nothing passes.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FuzzPlan } from '../../src/fuzz-run.js';
import { runHostileRequests, startHostileServers } from '../../src/hostile-requests.js';
import { type Action, behindPlantedProxies, plantedTcpProxy } from './planted-servers.js';

const plan: FuzzPlan = { numRuns: 60, seed: 1_516_414_536, timeLimitMs: 120_000, endOnFailure: true };
// Short limits, with room for a busy machine: a held request costs 1 s and its second try 3 s. Bodies stay small.
const sending = { requestTimeoutMs: 1_000, maxBodyBytes: 256 * 1024 };

let servers: Awaited<ReturnType<typeof startHostileServers>> | undefined;
beforeAll(async () => {
  servers = await startHostileServers();
});
afterAll(() => servers?.stop());

/** The conforming request the suite sends after each batch, as it goes on the wire (node adds `Connection: close`). */
const isConforming = (bytes: string) => /^GET \/api\/thumbnails HTTP\/1\.1\r\nhost: [^\r]+\r\nx-api-key: fuzz-key-ok\r\nConnection: close\r\n\r\n$/.test(bytes);

/** Runs the suite with both mocks behind a proxy whose plant decides over each connection (counted across both). */
function runBehind(plant: (bytes: string, n: number) => Action): Promise<void> {
  const { mocks, canary } = servers!;
  return behindPlantedProxies(plantedTcpProxy, [mocks.plain.url, mocks.registry.url], plant, ([plainUrl, registryUrl]) =>
    runHostileRequests({ plainUrl: plainUrl!, registryUrl: registryUrl!, canary }, plan, sending),
  );
}

/** A plant that holds the `which`th connection its test picks and its second try (the same bytes); forwards the rest. */
function holdOne(picks: (bytes: string) => boolean, which: number): (bytes: string) => Action {
  let picked = 0;
  let held: string | undefined;
  let holds = 0;
  return (bytes) => {
    // Twice at most: shrinking sends the request again, and must not wait for it each time.
    if (holds < 2 && (bytes === held || (picks(bytes) && ++picked === which))) {
      held = bytes;
      holds++;
      return 'hold';
    }
    return 'forward';
  };
}

describe('the hostile-requests suite fails', () => {
  test('when the mock holds one hostile request open without an answer while it answers the rest', async () => {
    await expect(runBehind(holdOne((bytes) => !isConforming(bytes) && /^[A-Z]+ \/api\/thumbnails/.test(bytes), 7))).rejects.toThrow(
      /: no answer, and the connection stayed open/,
    );
  });

  test('when the mock drops the connection of a request HTTP can carry', async () => {
    // Every request but the conforming ones: raw bytes may be dropped, well-formed requests may not.
    await expect(runBehind((bytes) => (isConforming(bytes) ? 'forward' : 'drop'))).rejects.toThrow(/: the connection closed without an answer/);
  });

  test('when the mock leaves a conforming request after a batch unanswered, even once (both its tries)', async () => {
    let conforming = 0;
    const third = (bytes: string): Action => (isConforming(bytes) && [3, 4].includes(++conforming) ? 'hold' : 'forward');
    await expect(runBehind(third)).rejects.toThrow(/the mock stopped answering: the conforming request after this batch got no answer/);
  });
});

test('the same run through a proxy that plants nothing passes', async () => {
  await runBehind(() => 'forward');
});
