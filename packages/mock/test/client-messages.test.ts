// What the real client (@thumbnail-api/client) says when the mock refuses it: the mock's reason (its
// x-thumbnail-api-mock-note) in the error's message and `mockNote` (issue 45 item 4); and a 404 from a base URL ending in
// /api naming the URL sent, the mock's whole hint and the base URL to set, readable with the short key `mock` (item 6).
import { AuthenticationError, NotFoundError, PermissionDeniedError, ThumbnailClient } from '@thumbnail-api/client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type RunningMock, startMock } from '../src/index.js';

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ port: 0, keys: { mock: 'ok', 'revoked-key': 'unauthorized', 'other-org-key': 'forbidden' } });
});
afterAll(async () => {
  await mock?.stop();
});

const failureOf = (call: Promise<unknown>): Promise<unknown> =>
  call.then(
    (body) => expect.fail(`the call succeeded with ${JSON.stringify(body)}`),
    (error: unknown) => error,
  );

describe('a key the registry refuses fails with the reason in the message', () => {
  test.each([
    // One letter, found in "key": the note must still read whole.
    ['k', AuthenticationError, '401 Unauthorized', 'key not in the registry'],
    ['revoked-key', AuthenticationError, '401 Unauthorized', 'key listed as "unauthorized" in the registry'],
    ['other-org-key', PermissionDeniedError, '403 Forbidden', 'key listed as "forbidden" in the registry'],
  ])('%s', async (apiKey, ErrorClass, status, note) => {
    const client = new ThumbnailClient({ apiKey, baseUrl: mock.url, maxRetries: 0 });
    const error = (await failureOf(client.thumbnails.list())) as InstanceType<typeof ErrorClass>;
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error.mockNote).toBe(note);
    expect(error.message).toBe(`${status} from GET /api/thumbnails: ${error.error} (mock: ${note})`);
  });
});

test('a base URL ending in /api gets a 404 naming the URL sent, the whole hint and the base URL to set, with the key "mock" left out of none of it', async () => {
  const client = new ThumbnailClient({ apiKey: 'mock', baseUrl: `${mock.url}/api`, maxRetries: 0 });
  const error = (await failureOf(client.thumbnails.list())) as NotFoundError;
  expect(error).toBeInstanceOf(NotFoundError);
  const { title, detail } = error.body as { title: string; detail: string };
  expect(title).toBe('thumbnail-api-mock: the contract documents no path /api/api/thumbnails');
  expect(error.message).toBe(
    `404 Not Found from GET ${mock.url}/api/api/thumbnails: ${title}. ${detail} ` +
      `baseUrl ${mock.url}/api ends in /api, and the client's path /api/thumbnails starts with it, so /api was sent twice: set baseUrl to ${mock.url}.`,
  );
  expect(error.message).not.toContain('[redacted]');
});
