// Runs at the same time as parallel-listing.test.ts, against the same mock, with its own key: that file's 500 rule
// never reaches this one.
import { ThumbnailClient } from '@thumbnail-api/client';
import { connectMock } from '@thumbnail-api/mock';
import { afterEach, expect, inject, test } from 'vitest';
import { galleryPage, requestThumbnail } from './gallery.js';

const key = 'sk_test_parallel_posting';
const mock = connectMock(inject('mockUrl')).forKey(key);
const client = new ThumbnailClient({ baseUrl: inject('mockUrl'), apiKey: key, maxRetries: 0 });
afterEach(() => mock.reset());

test('this file sees its own answers and its own requests only', async () => {
  await requestThumbnail(client, 'A red fox');
  expect(await galleryPage(client)).toEqual({ thumbnails: {} });

  expect((await mock.requests()).map((request) => `${request.method} ${request.status}`)).toEqual(['POST 200', 'GET 200']);
});
