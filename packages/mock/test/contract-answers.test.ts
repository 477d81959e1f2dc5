// Every answer to a documented operation stays inside the contract, even Prism's own errors.
import { openapi } from '@thumbnail-api/spec';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type RunningMock, startMock } from '../src/index.js';

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ port: 0 });
});
afterAll(async () => {
  await mock?.stop();
});

/** The contract's example for errors it does not detail (the `default` response). */
function defaultErrorBody(): unknown {
  const components = openapi.components as Record<string, Record<string, any>>;
  const media = components.responses!.UnexpectedError.content['application/json'];
  const ref: string = Object.values<{ $ref: string }>(media.examples)[0]!.$ref;
  return components.examples![ref.split('/').at(-1)!].value;
}

const key = { 'x-api-key': 'test-key' };
const json = { ...key, 'content-type': 'application/json' };

test.each([
  ['malformed JSON', 400, 'POST', json, '{bad'],
  ['a body that breaks the schema', 422, 'POST', json, '{"prompt":5}'],
  ['a body that is not JSON', 422, 'POST', { ...key, 'content-type': 'text/plain' }, 'hello'],
  ['an Accept the contract cannot serve', 406, 'GET', { ...key, accept: 'text/html' }, undefined],
  ['a Prefer example the contract does not have', 404, 'GET', { ...key, prefer: 'example=nope' }, undefined],
  ['a Prefer status the contract only covers by default', 500, 'GET', { ...key, prefer: 'code=500' }, undefined],
] as const)("%s → %i with the contract's error body", async (_, status, method, headers, body) => {
  const response = await fetch(`${mock.url}/api/thumbnails`, { method, headers, body });
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await response.json()).toEqual(defaultErrorBody());
});

test("a replaced answer says what Prism had answered, in a header", async () => {
  const response = await fetch(`${mock.url}/api/thumbnails`, { method: 'POST', headers: json, body: '{bad' });
  expect(response.headers.get('x-thumbnail-api-mock-note')).toBe('Prism answered 400 outside the contract: Invalid JSON');
});

test('documented answers pass through unchanged', async () => {
  const response = await fetch(`${mock.url}/api/thumbnails`, { method: 'POST', headers: json, body: '{"prompt":"A red fox"}' });
  expect(response.status).toBe(200);
  expect(await response.text()).toBe('{}');
  expect(response.headers.get('x-thumbnail-api-mock-note')).toBeNull();
});

test('an undocumented method keeps Prism\'s answer, which names the cause', async () => {
  const response = await fetch(`${mock.url}/api/thumbnails`, { method: 'DELETE', headers: key });
  expect(response.status).toBe(405);
  expect(await response.json()).toMatchObject({ title: 'Route resolved, but no method matched' });
});
