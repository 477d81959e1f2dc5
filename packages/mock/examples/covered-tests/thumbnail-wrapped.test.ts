// createThumbnail's documented answers, on the wrapper's own mock (connectMock() and the client on its defaults read
// THUMBNAIL_API_BASE_URL and THUMBNAIL_API_KEY, which the wrapper sets): the third place the run's coverage comes from.
import { AuthenticationError, PermissionDeniedError, ThumbnailClient } from '@thumbnail-api/client';
import { connectMock } from '@thumbnail-api/mock';
import { afterEach, expect, test } from 'vitest';
import { requestThumbnail } from '../client-tests/gallery.js';

const client = new ThumbnailClient({ maxRetries: 0 });
const mock = connectMock().forKey(process.env.THUMBNAIL_API_KEY!);
afterEach(() => mock.reset());

test('requestThumbnail returns the new thumbnail (200)', async () => {
  expect(await requestThumbnail(client, 'A red fox')).toEqual({});
});

test.each([
  [401, AuthenticationError],
  [403, PermissionDeniedError],
])('requestThumbnail fails with the typed error on a %i', async (status, ErrorClass) => {
  await mock.rule({ operationId: 'createThumbnail', answer: { status } });

  await expect(requestThumbnail(client, `A red fox (${status})`)).rejects.toBeInstanceOf(ErrorClass);
});
