// The MSW handlers against the HTTP mock (issue 21, item 7) in their CI size: 48 cases of 50 requests under generated
// rules, to startCompiledMock() over HTTP and through msw/node's setupServer to createHandlers(), with and without a
// key registry, one base URL with a path (src/msw-differential.ts).
import { afterAll, beforeAll, test } from 'vitest';
import { fuzzPlan } from '../src/fuzz-run.js';
import { runMswDifferential } from '../src/msw-differential.js';
import { type MswSides, startMswSides } from '../src/msw-sides.js';

// 48 cases of 50 requests, a few of them left out (TRACE): about 2,400 requests.
const CI_CASES = 48;

let sides: MswSides | undefined;
beforeAll(async () => {
  sides = await startMswSides();
});
afterAll(() => sides?.stop());

test('the MSW handlers answer every generated request as the HTTP mock does, under the same rules', async () => {
  const { http, msw, networkFetch } = sides!;
  await runMswDifferential(
    { plain: { http: http.plain, url: http.plain.url, msw: msw.plain }, registry: { http: http.registry, url: http.registry.url, msw: msw.registry } },
    fuzzPlan(CI_CASES),
    { batch: 50, timeoutMs: 20_000, networkFetch },
  );
});
