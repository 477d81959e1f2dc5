// Every answer to a documented operation is one the contract documents: the documented responses, and for a
// request the mock refuses, the contract's error answer with a note saying why.
import { request } from 'node:http';
import { openapi } from '@thumbnail-api/spec';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type RunningMock, startMock } from '../src/index.js';
import { send } from './helpers/http.js';

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
  ['malformed JSON', 400, 'POST', json, '{bad', /^The request body is not valid JSON: /],
  ['a body that breaks the schema', 422, 'POST', json, '{"prompt":5}', "The request body does not match the contract's schema: body/prompt must be string."],
  ['no body where one is required', 422, 'POST', json, undefined, 'This operation requires a request body, and none was sent.'],
  ['a JSON null body', 422, 'POST', json, 'null', 'This operation requires a request body, and the body is null.'],
  [
    'a body that is not JSON',
    415,
    'POST',
    { ...key, 'content-type': 'text/plain' },
    'hello',
    'The request body was sent with Content-Type "text/plain"; the contract documents application/json.',
  ],
  ['a form body', 415, 'POST', { ...key, 'content-type': 'application/x-www-form-urlencoded' }, 'prompt=a', /the contract documents application\/json\.$/],
  [
    'a body without a Content-Type',
    415,
    'POST',
    key,
    '{"prompt":"a"}',
    'The request body was sent with no Content-Type; the contract documents application/json.',
  ],
  ['a body on an operation that takes none', 415, 'GET', json, '{"prompt":"a"}', 'This operation takes no request body, and one was sent.'],
  [
    'an Accept the contract cannot serve',
    406,
    'GET',
    { ...key, accept: 'text/html' },
    undefined,
    'The contract documents this answer as application/json, which Accept: text/html excludes.',
  ],
  ['an Accept that refuses JSON with q=0', 406, 'GET', { ...key, accept: 'application/json;q=0' }, undefined, /which Accept: application\/json;q=0 excludes/],
] as const)("%s → %i with the contract's error body and a note saying why", async (_, status, method, headers, body, note) => {
  const response = await send(mock.url, { method, headers, body });
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toBe('application/json');
  expect(response.json()).toEqual(defaultErrorBody());
  expect(response.headers['x-thumbnail-api-mock-note']).toMatch(note);
  expect(response.headers['x-thumbnail-api-mock-error']).toBeUndefined();
  expect(response.headers['sl-violations']).toBeUndefined();
});

test('a chunked body of another media type → 415, as with a Content-Length', async () => {
  const response = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const url = new URL('/api/thumbnails', mock.url);
    const outgoing = request(url, { method: 'POST', headers: { ...key, 'content-type': 'text/plain', 'transfer-encoding': 'chunked' } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    outgoing.on('error', reject);
    outgoing.write('hel');
    outgoing.end('lo');
  });
  expect(response.status).toBe(415);
  expect(JSON.parse(response.body)).toEqual(defaultErrorBody());
});

test("a body over 10 MB → 413 with the contract's error body", async () => {
  const response = await send(mock.url, { method: 'POST', headers: json, body: JSON.stringify({ prompt: 'x'.repeat(10 * 1024 * 1024) }) });
  expect(response.status).toBe(413);
  expect(response.json()).toEqual(defaultErrorBody());
});

test.each([
  ['GET', undefined, undefined],
  ['POST', '{"prompt":"A red fox"}', undefined],
  ['POST', '{"prompt":"A red fox"}', 'application/problem+json'],
  ['POST', '{"prompt":"A red fox","style":"bold"}', 'application/json; charset=utf-8'],
  ['GET', undefined, 'application/*'],
])('documented answers are sent as the contract documents them: %s %s', async (method, body, type) => {
  const headers: Record<string, string> = { ...key };
  if (body !== undefined) headers['content-type'] = type ?? 'application/json';
  else if (type !== undefined) headers.accept = type;
  const response = await send(mock.url, { method, headers, body });
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toBe('application/json');
  expect(response.body.toString()).toBe('{}');
  expect(response.headers['x-thumbnail-api-mock-note']).toBeUndefined();
});

test('a path that names a documented one in other words is the documented operation (as Prism reads it)', async () => {
  for (const path of ['/api/%74humbnails', '/api/./thumbnails', '/api/x/../thumbnails', '/api/thumbnails?draft=1']) {
    const response = await send(mock.url, { path, headers: key });
    expect(response.status, path).toBe(200);
  }
});
