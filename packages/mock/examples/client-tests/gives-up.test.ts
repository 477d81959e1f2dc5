// Your code when the service never answers, or drops the connection: a `hang` rule holds the request until the
// client's time limit ends it; a `reset` rule breaks the connection. Both end in the client's typed errors.
import { expect, test } from 'vitest';
import { galleryPage } from './gallery.js';
import { mockForThisFile } from './mock-setup.js';

// A short time limit and no retries: the client's default limit (timeoutMs, 60 s per attempt) outlasts vitest's own
// (5 s per test), so a hang test on the defaults fails as "Test timed out in 5000ms", with no word of the hang.
const { mock, client } = await mockForThisFile('sk_test_gives_up', { timeoutMs: 500, maxRetries: 0 });

test('the gallery says it is too slow when no answer comes', async () => {
  await mock.rule({ operationId: 'listThumbnails', fault: 'hang' });

  expect(await galleryPage(client)).toEqual({ message: 'Thumbnails are taking too long. Try again in a minute.' });
});

test('the gallery says it cannot reach the service when the connection is reset', async () => {
  await mock.rule({ operationId: 'listThumbnails', fault: 'reset' });

  expect(await galleryPage(client)).toEqual({ message: 'Thumbnails cannot be reached right now.' });
});
