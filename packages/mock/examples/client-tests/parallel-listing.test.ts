// Runs at the same time as parallel-posting.test.ts, against the same mock, with its own key.
import { ThumbnailClient } from '@thumbnail-api/client';
import { connectMock } from '@thumbnail-api/mock';
import { afterEach, expect, inject, test } from 'vitest';
import { galleryPage } from './gallery.js';

const key = 'sk_test_parallel_listing';
const mock = connectMock(inject('mockUrl')).forKey(key);
const client = new ThumbnailClient({ baseUrl: inject('mockUrl'), apiKey: key, maxRetries: 0 });
afterEach(() => mock.reset());

test('this file sees its own 500 and its own requests only', async () => {
  await mock.rule({ operationId: 'listThumbnails', answer: { status: 500 } });

  await expect(galleryPage(client)).rejects.toMatchObject({ status: 500 });
  expect((await mock.requests()).map((request) => `${request.method} ${request.status}`)).toEqual(['GET 500']);
});
