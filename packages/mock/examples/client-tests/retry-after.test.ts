// Your code under a 503 that says Retry-After: the client retries a GET after the wait the answer asks for, and never
// retries a POST (the journal shows it sent exactly one). A rule answers the next request(s) as you say; statuses
// the service does not document go through the contract's default response and are marked as simulated.
import { InternalServerError } from '@thumbnail-api/client';
import { expect, test } from 'vitest';
import { galleryPage, requestThumbnail } from './gallery.js';
import { mockForThisFile } from './mock-setup.js';

const { mock, client } = await mockForThisFile('sk_test_retry');

test('the gallery loads after one 503 with Retry-After: 1, on the second request', async () => {
  await mock.rule({ operationId: 'listThumbnails', times: 1, answer: { status: 503, headers: { 'retry-after': '1' } } });

  expect(await galleryPage(client)).toEqual({ thumbnails: {} });
  expect(mock.requests({ operationId: 'listThumbnails' }).map((request) => request.status)).toEqual([503, 200]);
});

test('a 503 to the POST fails once with the typed error: one POST, never a second', async () => {
  await mock.rule({ operationId: 'createThumbnail', times: 1, answer: { status: 503, headers: { 'retry-after': '1' } } });

  const failure = requestThumbnail(client, 'A red fox at dawn');
  await expect(failure).rejects.toBeInstanceOf(InternalServerError);
  await expect(failure).rejects.toMatchObject({ status: 503 });
  expect(mock.requests({ operationId: 'createThumbnail' })).toHaveLength(1);
});
