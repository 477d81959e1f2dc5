// The order in which the mock checks a request to a documented operation, as --help and the testing guide state
// it: 1. authentication, 2. Prefer, 3. validation (body, then Accept). Each row is a request that two checks
// would answer differently; the earlier check wins.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type RunningMock, startMock } from '../src/index.js';
import { send } from './helpers/http.js';

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ port: 0, keys: { 'key-ok': 'ok', 'key-revoked': 'unauthorized', 'key-no-access': 'forbidden' } });
});
afterAll(async () => {
  await mock?.stop();
});

const json = { 'content-type': 'application/json' };

test.each([
  // 1. Authentication before Prefer and before the body.
  ['a revoked key, Prefer: code=200 and malformed JSON', { 'x-api-key': 'key-revoked', prefer: 'code=200', ...json }, '{bad', 401, 'Unauthorized'],
  [
    'a key without access, Prefer: code=200 and a body that breaks the schema',
    { 'x-api-key': 'key-no-access', prefer: 'code=200', ...json },
    '{"prompt":5}',
    403,
    'Forbidden',
  ],
  ['a revoked key and a Prefer the contract does not document', { 'x-api-key': 'key-revoked', prefer: 'code=500' }, undefined, 401, 'Unauthorized'],
  // 2. Prefer before the body.
  ['an ok key, Prefer: code=403 and malformed JSON', { 'x-api-key': 'key-ok', prefer: 'code=403', ...json }, '{bad', 403, 'Forbidden'],
  ['an ok key, Prefer: code=200 and a body that breaks the schema', { 'x-api-key': 'key-ok', prefer: 'code=200', ...json }, '{"prompt":5}', 200, undefined],
  ['an ok key, a Prefer the contract does not document and malformed JSON', { 'x-api-key': 'key-ok', prefer: 'code=500', ...json }, '{bad', 400, 'mock'],
  // 3. Validation: the body, then Accept.
  ['an ok key and malformed JSON', { 'x-api-key': 'key-ok', ...json }, '{bad', 400, 'Invalid request'],
  ['an ok key and a body that breaks the schema', { 'x-api-key': 'key-ok', ...json }, '{"prompt":5}', 422, 'Invalid request'],
  [
    'an ok key, a body that breaks the schema and an Accept the answer cannot meet',
    { 'x-api-key': 'key-ok', accept: 'text/html', ...json },
    '{"prompt":5}',
    422,
    'Invalid request',
  ],
  [
    'an ok key, a valid body and an Accept the answer cannot meet',
    { 'x-api-key': 'key-ok', accept: 'text/html', ...json },
    '{"prompt":"a"}',
    406,
    'Invalid request',
  ],
  ['an ok key and a valid body', { 'x-api-key': 'key-ok', ...json }, '{"prompt":"a"}', 200, undefined],
])('POST with %s → %i', async (_, headers, body, status, error) => {
  const response = await send(mock.url, { method: 'POST', headers, body });
  expect(response.status).toBe(status);
  if (error === 'mock') {
    expect(response.headers['x-thumbnail-api-mock-error']).toBe('undocumented-status');
  } else {
    expect(response.headers['x-thumbnail-api-mock-error']).toBeUndefined();
    expect(response.json()).toEqual(error === undefined ? {} : { success: false, error });
  }
});
