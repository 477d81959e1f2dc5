// runFuzz's own checks, each seen failing on its defect, against a real server on 127.0.0.1: a case still running when
// the budget ends (a server that stops answering) fails the run, and so does a run the budget stopped below half its
// plan (a server too slow for it); the same property against a server that answers at once passes.
import { createServer } from 'node:http';
import { type LoopbackServer, listenOnLoopback } from '@thumbnail-api/dev-tools/loopback-port';
import * as fc from 'fast-check';
import { afterEach, describe, expect, test } from 'vitest';
import { runFuzz } from '../../src/fuzz-run.js';

const servers: LoopbackServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A server that answers request `n` (from 1) after `delayMs(n)` ms, or never when that is `undefined`. */
async function server(delayMs: (n: number) => number | undefined): Promise<string> {
  let n = 0;
  const listening = await listenOnLoopback(
    createServer((_req, res) => {
      const delay = delayMs(++n);
      if (delay !== undefined) setTimeout(() => res.end('{}'), delay);
    }),
  );
  servers.push(listening);
  return listening.url;
}

/** One request per case, with no time limit of its own: only the run's limits can end a case that never gets its answer. */
const requesting = (url: string) =>
  fc.asyncProperty(fc.integer(), async () => {
    await (await fetch(url)).text();
  });

describe('runFuzz with a time budget', () => {
  test('fails when the case running as the budget ends never finishes (a server that stops answering after 3 requests)', async () => {
    const url = await server((n) => (n <= 3 ? 0 : undefined));
    await expect(runFuzz('planted hang', requesting(url), { numRuns: 20, seed: 1, timeLimitMs: 500 }, { caseLimitMs: 1_000 })).rejects.toThrow(
      /the case was still running 1000 ms after it started: a hang/,
    );
  });

  test('fails when the budget stopped it below half its plan (a server that takes 200 ms per answer, 20 cases in 1 s)', async () => {
    const url = await server(() => 200);
    await expect(runFuzz('planted slowness', requesting(url), { numRuns: 20, seed: 1, timeLimitMs: 1_000 }, { caseLimitMs: 5_000 })).rejects.toThrow(
      /only \d of 20 cases ran within the 1000 ms budget; at least half \(10\) must/,
    );
  });

  test('passes the same property against a server that answers at once, all its cases run', async () => {
    const url = await server(() => 0);
    const figures = await runFuzz('no defect', requesting(url), { numRuns: 20, seed: 1, timeLimitMs: 60_000 }, { caseLimitMs: 30_000 });
    expect([figures.numRuns, figures.interrupted]).toEqual([20, false]);
  });
});
