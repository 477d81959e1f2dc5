// What the compiled contract does not cover goes to Prism, loaded in this process on first need: generated bodies
// (Prefer: dynamic=true) and operations the compiler leaves to it. Authentication and Prefer are still checked first,
// and Prism's answers are kept inside the contract.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type RunningMock, startMock } from '../src/index.js';
import { send } from './helpers/http.js';
import { scratchDir } from './helpers/scratch-dir.js';

const keys = { 'key-ok': 'ok', 'key-revoked': 'unauthorized', 'key-no-access': 'forbidden' } as const;

describe('the bundled contract', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({ port: 0, keys });
  });
  afterAll(async () => {
    await mock?.stop();
  });

  test('Prefer: dynamic=true gets a body Prism generates from the schema', async () => {
    const response = await send(mock.url, { headers: { 'x-api-key': 'key-ok', prefer: 'dynamic=true' } });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.json()).toBeTypeOf('object');
    expect(response.headers['x-thumbnail-api-mock-error']).toBeUndefined();
  });

  test('Prefer: dynamic=true with code=401 gets a generated body that fits the documented 401', async () => {
    const response = await send(mock.url, { headers: { 'x-api-key': 'key-ok', prefer: 'code=401, dynamic=true' } });
    expect(response.status).toBe(401);
    // The schema leaves the object open: Prism may add properties.
    expect(response.json()).toMatchObject({ success: false, error: 'Unauthorized' });
  });

  test.each([
    ['a revoked key', 'key-revoked', 401],
    ['a key without access', 'key-no-access', 403],
  ])('Prefer: dynamic=true does not get %s past the key registry', async (_, key, status) => {
    expect((await send(mock.url, { headers: { 'x-api-key': key, prefer: 'dynamic=true' } })).status).toBe(status);
  });

  test("Prefer: dynamic=true with a status the contract does not document gets the mock's 400, not a generated body", async () => {
    const response = await send(mock.url, { headers: { 'x-api-key': 'key-ok', prefer: 'code=500, dynamic=true' } });
    expect(response.status).toBe(400);
    expect(response.headers['x-thumbnail-api-mock-error']).toBe('undocumented-status');
  });

  test('an example wins over dynamic=true, as in Prism', async () => {
    const response = await send(mock.url, { headers: { 'x-api-key': 'key-ok', prefer: 'example=ListThumbnailsResponseExample, dynamic=true' } });
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe('{}');
  });

  test("Prism gets the body as it was sent, and its refusal is the contract's error answer", async () => {
    const response = await send(mock.url, {
      method: 'POST',
      headers: { 'x-api-key': 'key-ok', prefer: 'dynamic=true', 'content-type': 'application/json' },
      body: '{"prompt":5}',
    });
    expect(response.status).toBe(422);
    expect(response.json()).toEqual({ success: false, error: 'Invalid request' });
    // What Prism found, in the mock's note (not in Prism's own sl-violations header).
    expect(response.headers['x-thumbnail-api-mock-note']).toBe('Prism found: request.body.prompt: Request body property prompt must be string');
    expect(response.headers['sl-violations']).toBeUndefined();
  });
});

describe('a contract with what the compiler leaves to Prism', () => {
  const dir = scratchDir('mock-fallback-');
  const specPath = join(dir, 'openapi.json');
  const error = { description: 'error', content: { 'application/json': { schema: { type: 'object' }, example: { success: false, error: 'Unauthorized' } } } };
  writeFileSync(
    specPath,
    JSON.stringify({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      security: [{ key: [] }],
      components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'x-api-key' } } },
      paths: {
        '/api/items': {
          get: {
            operationId: 'listItems',
            parameters: [{ name: 'limit', in: 'query', required: true, schema: { type: 'integer' } }],
            responses: {
              '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array' }, example: [1, 2] } } },
              '401': error,
              '403': error,
              '422': { description: 'bad', content: { 'application/json': { example: { success: false, error: 'Bad limit' } } } },
            },
          },
        },
        '/api/plain': {
          get: {
            operationId: 'plain',
            responses: { '200': { description: 'ok', content: { 'application/json': { example: { plain: true } } } }, '401': error, '403': error },
          },
        },
      },
    }),
  );
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({ port: 0, specPath, keys });
  });
  afterAll(async () => {
    await mock?.stop();
  });

  test.each([
    ['?limit=2', 200, [1, 2]],
    ['?limit=two', 422, { success: false, error: 'Bad limit' }],
  ])('an operation with parameters is answered by Prism (%s)', async (query, status, body) => {
    const response = await send(mock.url, { path: `/api/items${query}`, headers: { 'x-api-key': 'key-ok' } });
    expect(response.status).toBe(status);
    expect(response.json()).toEqual(body);
  });

  test.each([
    ['a status it does not document', 'code=500', 'undocumented-status'],
    ['an example it does not have', 'example=nope', 'undocumented-example'],
    ['a Prefer the mock cannot read', 'code=abc', 'malformed-prefer'],
  ])("a Prefer for %s gets the mock's 400, before Prism is asked", async (_, prefer, kind) => {
    const response = await send(mock.url, { path: '/api/items?limit=2', headers: { 'x-api-key': 'key-ok', prefer } });
    expect(response.status).toBe(400);
    expect(response.headers['x-thumbnail-api-mock-error']).toBe(kind);
  });

  test('the key registry still answers first', async () => {
    const response = await send(mock.url, { path: '/api/items?limit=2', headers: { 'x-api-key': 'key-revoked' } });
    expect(response.status).toBe(401);
  });

  test("an answer Prism makes outside the contract becomes the mock's error, saying what Prism said", async () => {
    // No schema to generate from: Prism fails with its own 500.
    const response = await send(mock.url, { path: '/api/plain', headers: { 'x-api-key': 'key-ok', prefer: 'dynamic=true' } });
    expect(response.status).toBe(500);
    expect(response.headers['x-thumbnail-api-mock-error']).toBe('prism-outside-contract');
    expect(response.json().detail).toMatch(/^Prism, which generates this answer, said: /);
  });
});
