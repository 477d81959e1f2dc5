// The two halves of the mock, started alone for the differential campaign and the benchmark
// (@thumbnail-api/mock/internal, not part of the public API): the compiled mock without Prism, and Prism alone.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { RunningServer } from '../src/index.js';
import { startCompiledMock, startPrismReference } from '../src/internal.js';
import { send } from './helpers/http.js';

let compiled: RunningServer;
let prism: RunningServer;
beforeAll(async () => {
  [compiled, prism] = await Promise.all([startCompiledMock({ port: 0 }), startPrismReference()]);
});
afterAll(async () => {
  await Promise.all([compiled?.stop(), prism?.stop()]);
});

test.each([
  ['the compiled mock', () => compiled],
  ['the Prism reference', () => prism],
])('%s serves the bundled contract on a free port', async (_, mock) => {
  expect(mock().url).toBe(`http://127.0.0.1:${mock().port}`);
  const response = await send(mock().url, { headers: { 'x-api-key': 'k' } });
  expect(response.status).toBe(200);
  expect(response.json()).toEqual({});
  expect((await send(mock().url)).json()).toEqual({ success: false, error: 'Unauthorized' });
});

test('the compiled mock alone answers what it would hand to Prism with its 501, naming why', async () => {
  const response = await send(compiled.url, { headers: { 'x-api-key': 'k', prefer: 'dynamic=true' } });
  expect(response.status).toBe(501);
  expect(response.headers['x-thumbnail-api-mock-error']).toBe('not-compiled');
  expect(response.json().detail).toBe('the request prefers a generated body (Prefer: dynamic=true)');
});

test('the Prism reference answers as Prism does (e.g. its 405 for HEAD, its CORS headers)', async () => {
  const head = await send(prism.url, { method: 'HEAD', headers: { 'x-api-key': 'k' } });
  expect(head.status).toBe(405);
  const response = await send(prism.url, { headers: { 'x-api-key': 'k' } });
  expect(response.headers['access-control-allow-origin']).toBe('*');
});
