// The contract's answers as the real client (@thumbnail-api/client) meets them: the documented bodies with either way
// of sending the key, and a typed error for the documented 401 and 403, a body the contract refuses, and a path it lacks.
import { AuthenticationError, type AuthMethod, NotFoundError, PermissionDeniedError, ThumbnailClient, UnprocessableEntityError } from '@thumbnail-api/client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type RunningMock, startMock } from '../src/index.js';

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ port: 0 });
});
afterAll(async () => {
  await mock?.stop();
});

function clientFor(auth: AuthMethod = 'x-api-key'): ThumbnailClient {
  return new ThumbnailClient({ apiKey: 'test-key', baseUrl: mock.url, auth, maxRetries: 0 });
}

/** What a call that must fail rejected with (a call that succeeded gives its body, which no error assertion matches). */
const failureOf = (call: Promise<unknown>): Promise<unknown> =>
  call.then(
    (body) => body,
    (error: unknown) => error,
  );

describe.each<AuthMethod>(['x-api-key', 'bearer'])('with the key sent by %s', (auth) => {
  test('thumbnails.create() returns the documented example body', async () => {
    await expect(clientFor(auth).thumbnails.create({ prompt: 'A red fox at dawn' })).resolves.toEqual({});
  });

  test('thumbnails.list() returns the documented example body', async () => {
    await expect(clientFor(auth).thumbnails.list()).resolves.toEqual({});
  });

  test('raw.POST and raw.GET return { data, response } with status 200', async () => {
    const created = await clientFor(auth).raw.POST('/api/thumbnails', { body: { prompt: 'A red fox at dawn' } });
    const listed = await clientFor(auth).raw.GET('/api/thumbnails');
    expect([created.response.status, created.data, created.error]).toEqual([200, {}, undefined]);
    expect([listed.response.status, listed.data, listed.error]).toEqual([200, {}, undefined]);
  });
});

test('throws AuthenticationError with the documented body when the key does not reach the service', async () => {
  // A fetch that drops the key header stands for a proxy on the way that does.
  const client = new ThumbnailClient({
    apiKey: 'test-key',
    baseUrl: mock.url,
    maxRetries: 0,
    fetch: (url, init) => {
      const headers = new Headers(init.headers);
      headers.delete('x-api-key');
      return fetch(url, { ...init, headers });
    },
  });
  const error = await failureOf(client.thumbnails.list());
  expect(error).toBeInstanceOf(AuthenticationError);
  expect(error).toMatchObject({ status: 401, error: 'Unauthorized', body: { success: false, error: 'Unauthorized' } });
});

test('throws PermissionDeniedError with the documented body when asked with Prefer: code=403', async () => {
  const error = await failureOf(clientFor().thumbnails.list({ headers: { Prefer: 'code=403' } }));
  expect(error).toBeInstanceOf(PermissionDeniedError);
  expect(error).toMatchObject({
    status: 403,
    error: 'Forbidden',
    body: { success: false, error: 'Forbidden' },
    message: '403 Forbidden from GET /api/thumbnails: Forbidden',
  });
});

test('answers a body that breaks the contract with a typed error, not a crash', async () => {
  const error = await failureOf(clientFor().thumbnails.create({ prompt: 42 } as unknown as { prompt: string }));
  expect(error).toBeInstanceOf(UnprocessableEntityError);
  expect(error).toMatchObject({ body: { success: false, error: expect.any(String) } });
});

test("request() reaches a path the contract does not describe and gets a typed 404 with the mock's own body naming the path", async () => {
  const error = await failureOf(clientFor().request('GET', '/api/persons'));
  expect(error).toBeInstanceOf(NotFoundError);
  expect(error).toMatchObject({
    error: undefined,
    // A 404 names the URL sent, then the mock's problem details: their title first.
    message: expect.stringContaining(`404 Not Found from GET ${mock.url}/api/persons: thumbnail-api-mock: the contract documents no path /api/persons. `),
  });
});
