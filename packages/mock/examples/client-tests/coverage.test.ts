// What did my suite not test? The mock counts, for each operation, every outcome the contract documents and how many
// requests saw it; `notSeen` names those none did. This file's mock is its own, so the count is this file's.
import { expect, test } from 'vitest';
import { galleryPage } from './gallery.js';
import { mockForThisFile } from './mock-setup.js';

const { mock, client } = await mockForThisFile('sk_test_coverage');

test('the gallery shows the thumbnails', async () => {
  expect(await galleryPage(client)).toEqual({ thumbnails: {} });
});

test('the gallery fails with the typed error when the key has no access (403)', async () => {
  await mock.rule({ operationId: 'listThumbnails', times: 1, answer: { status: 403 } });

  await expect(galleryPage(client)).rejects.toMatchObject({ status: 403 });
});

test('what the gallery tests never made the API answer: each 401, and a 403 to a bearer key', () => {
  const { notSeen } = mock.coverage();
  expect(notSeen.filter((outcome) => outcome.startsWith('listThumbnails'))).toEqual([
    'listThumbnails → 401 without a key',
    'listThumbnails → 401 with x-api-key',
    'listThumbnails → 401 with Authorization: Bearer',
    'listThumbnails → 403 with Authorization: Bearer',
  ]);
});
