// The key registry against a real mock: keys that succeed, keys answered 401, keys answered 403.
import { openapi } from '@thumbnail-api/spec';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type RunningMock, startMock } from '../src/index.js';

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({
    port: 0,
    keys: { 'test-ok': 'ok', 'test-revoked': 'unauthorized', 'test-no-access': 'forbidden' },
  });
});
afterAll(async () => {
  await mock?.stop();
});

/** The example of a component response, read from the bundled contract: the bodies come from there. */
function documentedBody(name: 'Unauthorized' | 'Forbidden'): unknown {
  const components = openapi.components as Record<string, Record<string, any>>;
  const media = components.responses![name].content['application/json'];
  const ref: string = Object.values<{ $ref: string }>(media.examples)[0]!.$ref;
  return components.examples![ref.split('/').at(-1)!].value;
}
const unauthorized = documentedBody('Unauthorized');
const forbidden = documentedBody('Forbidden');

const operations = [
  { name: 'listThumbnails', method: 'GET', body: undefined },
  { name: 'createThumbnail', method: 'POST', body: JSON.stringify({ prompt: 'A red fox at dawn' }) },
];

describe.each(operations)('$name', ({ method, body }) => {
  const call = (headers: Record<string, string>) =>
    fetch(`${mock.url}/api/thumbnails`, {
      method,
      body,
      headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
    });

  test.each([
    ['an ok key in x-api-key', { 'x-api-key': 'test-ok' }, 200, {}],
    ['an ok key as Bearer', { authorization: 'Bearer test-ok' }, 200, {}],
    ['a revoked key in x-api-key', { 'x-api-key': 'test-revoked' }, 401, unauthorized],
    ['a revoked key as Bearer', { authorization: 'Bearer test-revoked' }, 401, unauthorized],
    ['a key not in the registry', { 'x-api-key': 'someone-elses-key' }, 401, unauthorized],
    ['no key at all', {}, 401, unauthorized],
    ['an ok key with a lowercase bearer scheme', { authorization: 'bearer test-ok' }, 401, unauthorized],
    ['a key without access in x-api-key', { 'x-api-key': 'test-no-access' }, 403, forbidden],
    ['a key without access as Bearer', { authorization: 'Bearer test-no-access' }, 403, forbidden],
    ['x-api-key and Bearer: x-api-key counts (no access)', { 'x-api-key': 'test-no-access', authorization: 'Bearer test-ok' }, 403, forbidden],
    ['x-api-key and Bearer: x-api-key counts (ok)', { 'x-api-key': 'test-ok', authorization: 'Bearer test-revoked' }, 200, {}],
    ['a revoked key asking for a 200 with Prefer', { 'x-api-key': 'test-revoked', prefer: 'code=200' }, 401, unauthorized],
    ['an ok key asking for the 403 with Prefer', { 'x-api-key': 'test-ok', prefer: 'code=403' }, 403, forbidden],
  ])('%s → %i with the documented body', async (_, headers, status, expected) => {
    const response = await call(headers);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual(expected);
  });
});

test('the documented bodies are the ones the interface shows', () => {
  expect(unauthorized).toEqual({ success: false, error: 'Unauthorized' });
  expect(forbidden).toEqual({ success: false, error: 'Forbidden' });
});

test("paths the contract does not describe get the mock's own 404, key or not", async () => {
  const response = await fetch(`${mock.url}/api/persons`, { headers: { 'x-api-key': 'test-revoked' } });
  expect(response.status).toBe(404);
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  expect(response.headers.get('x-thumbnail-api-mock-error')).toBe('unknown-path');
});

test('without a registry any non-empty key succeeds, as in Prism', async () => {
  const open = await startMock({ port: 0 });
  try {
    const response = await fetch(`${open.url}/api/thumbnails`, { headers: { 'x-api-key': 'test-revoked' } });
    expect(response.status).toBe(200);
  } finally {
    await open.stop();
  }
});
