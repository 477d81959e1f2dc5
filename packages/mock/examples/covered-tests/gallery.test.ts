// Coverage that measures your code: each answer a well-behaved client can meet from listThumbnails, in a file with a
// mock of its own (startMock() per file). Run it as the other files here are run:
//   npx @thumbnail-api/mock --require-coverage client -- npx vitest run
// The wrapper gives the command a folder of the run; this file's mock writes what it saw there, and the wrapper adds
// it to what its own mock and the MSW handlers saw. Leave one of these tests out, and the run fails naming what no
// mock saw.
import { AuthenticationError, PermissionDeniedError, ThumbnailApiError } from '@thumbnail-api/client';
import { expect, test } from 'vitest';
import { galleryPage } from '../client-tests/gallery.js';
import { mockForThisFile } from '../client-tests/mock-setup.js';

const { mock, client } = await mockForThisFile('sk_test_covered_gallery', { timeoutMs: 500, maxRetries: 0 });

test('the gallery shows the thumbnails (200)', async () => {
  expect(await galleryPage(client)).toEqual({ thumbnails: {} });
});

test.each([
  [401, AuthenticationError],
  [403, PermissionDeniedError],
])('the gallery fails with the typed error on a %i', async (status, ErrorClass) => {
  await mock.rule({ operationId: 'listThumbnails', answer: { status } });

  await expect(galleryPage(client)).rejects.toBeInstanceOf(ErrorClass);
});

test.each([
  ['hang', 'Thumbnails are taking too long. Try again in a minute.'],
  ['reset', 'Thumbnails cannot be reached right now.'],
  ['truncated', 'Thumbnails cannot be reached right now.'],
] as const)('the gallery says so when the answer fails (%s)', async (fault, message) => {
  await mock.rule({ operationId: 'listThumbnails', fault });

  expect(await galleryPage(client)).toEqual({ message });
});

test('the gallery fails with the typed error on a body that is not JSON (malformed)', async () => {
  await mock.rule({ operationId: 'listThumbnails', fault: 'malformed' });

  await expect(galleryPage(client)).rejects.toBeInstanceOf(ThumbnailApiError);
});
