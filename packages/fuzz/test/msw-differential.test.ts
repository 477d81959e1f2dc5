// The MSW handlers against the HTTP mock (issue 21, item 7) in their CI size: 48 cases of 50 requests under generated
// rules, to startCompiledMock() over HTTP and through msw/node's setupServer to createHandlers(), with and without a
// key registry, one base URL with a path (src/msw-differential.ts).
import type { RunningMock } from '@thumbnail-api/mock';
import { startCompiledMock } from '@thumbnail-api/mock/internal';
import { createHandlers, type ThumbnailApiHandlers } from '@thumbnail-api/mock/msw';
import { type SetupServerApi, setupServer } from 'msw/node';
import { afterAll, beforeAll, test } from 'vitest';
import { fuzzPlan } from '../src/fuzz-run.js';
import { runMswDifferential } from '../src/msw-differential.js';
import { REGISTRY } from '../src/request-arbitraries.js';

// 48 cases of 50 requests, a few of them left out (TRACE): about 2,400 requests.
const CI_CASES = 48;
const MSW_PLAIN = 'https://plain.thumbnails.test';
const MSW_REGISTRY = 'https://registry.thumbnails.test/v1';

let mocks: RunningMock[] = [];
let handlers: ThumbnailApiHandlers[] = [];
let server: SetupServerApi | undefined;
// The real fetch, kept before MSW patches the global one: the HTTP mock is called over the network.
const networkFetch = globalThis.fetch;

beforeAll(async () => {
  const [httpPlain, httpRegistry, mswPlain, mswRegistry] = await Promise.all([
    startCompiledMock({ port: 0 }),
    startCompiledMock({ port: 0, keys: { ...REGISTRY } }),
    createHandlers({ baseUrl: MSW_PLAIN }),
    createHandlers({ baseUrl: MSW_REGISTRY, keys: { ...REGISTRY } }),
  ]);
  [mocks, handlers] = [
    [httpPlain, httpRegistry],
    [mswPlain, mswRegistry],
  ];
  server = setupServer(...mswPlain.handlers, ...mswRegistry.handlers);
  server.listen({ onUnhandledRequest: 'error' });
});

afterAll(async () => {
  server?.close();
  await Promise.all(mocks.map((mock) => mock.stop()));
});

test('the MSW handlers answer every generated request as the HTTP mock does, under the same rules', async () => {
  const [httpPlain, httpRegistry] = mocks as [RunningMock, RunningMock];
  const [mswPlain, mswRegistry] = handlers as [ThumbnailApiHandlers, ThumbnailApiHandlers];
  await runMswDifferential(
    { plain: { http: httpPlain, url: httpPlain.url, msw: mswPlain }, registry: { http: httpRegistry, url: httpRegistry.url, msw: mswRegistry } },
    fuzzPlan(CI_CASES),
    { batch: 50, timeoutMs: 20_000, networkFetch },
  );
});
