// The real client against the real mock: Prism serving the bundled contract, started like users start it.
import { startMock, type RunningMock } from '@thumbnail-api/mock';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type AuthMethod, createThumbnailClient } from '../src/index.js';

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ port: 0 });
});
afterAll(async () => {
  await mock?.stop();
});

const authMethods: AuthMethod[] = ['x-api-key', 'bearer'];

describe.each(authMethods)('with the key sent by %s', (auth) => {
  test('createThumbnail succeeds with the documented example body', async () => {
    const client = createThumbnailClient({ apiKey: 'test-key', baseUrl: mock.url, auth });
    const { data, error, response } = await client.POST('/api/thumbnails', { body: { prompt: 'A red fox at dawn' } });
    expect(response.status).toBe(200);
    expect(error).toBeUndefined();
    expect(data).toEqual({});
  });

  test('listThumbnails succeeds with the documented example body', async () => {
    const client = createThumbnailClient({ apiKey: 'test-key', baseUrl: mock.url, auth });
    const { data, error, response } = await client.GET('/api/thumbnails');
    expect(response.status).toBe(200);
    expect(error).toBeUndefined();
    expect(data).toEqual({});
  });
});

test('returns 401 with the documented body when no key is sent', async () => {
  const response = await fetch(`${mock.url}/api/thumbnails`);
  expect(response.status).toBe(401);
  expect(await response.json()).toEqual({ success: false, error: 'Unauthorized' });
});

test('returns 403 with the documented body when asked with Prefer: code=403', async () => {
  const client = createThumbnailClient({ apiKey: 'test-key', baseUrl: mock.url });
  const { data, error, response } = await client.GET('/api/thumbnails', { headers: { Prefer: 'code=403' } });
  expect(response.status).toBe(403);
  expect(data).toBeUndefined();
  expect(error).toEqual({ success: false, error: 'Forbidden' });
});

test('answers a body that breaks the contract with an error body, not a crash', async () => {
  const client = createThumbnailClient({ apiKey: 'test-key', baseUrl: mock.url });
  // @ts-expect-error prompt must be a string: this is the invalid body under test.
  const { data, error, response } = await client.POST('/api/thumbnails', { body: { prompt: 42 } });
  expect(response.status).toBe(422);
  expect(data).toBeUndefined();
  expect(error).toMatchObject({ success: false, error: expect.any(String) });
});
