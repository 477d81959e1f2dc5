// Run under the mock's wrapper, as CI runs it: npx @thumbnail-api/mock --port 0 -- npx vitest run
// The wrapper sets THUMBNAIL_API_BASE_URL, which the client and connectMock() both read: no URL here.
import { ThumbnailClient } from '@thumbnail-api/client';
import { connectMock } from '@thumbnail-api/mock';
import { afterEach, expect, test } from 'vitest';

const key = 'sk_test_wrapped';
// This file's rules and requests only: other files on the same mock send other keys.
const mock = connectMock().forKey(key);
const client = new ThumbnailClient({ apiKey: key, maxRetries: 0 });
afterEach(() => mock.reset());

test('a 503 with Retry-After reaches the code, and the journal shows what was sent', async () => {
  await mock.rule({ operationId: 'listThumbnails', times: 1, answer: { status: 503, headers: { 'retry-after': '1' } } });

  await expect(client.thumbnails.list()).rejects.toMatchObject({ status: 503 });
  expect((await mock.requests()).map((request) => `${request.method} ${request.status}`)).toEqual(['GET 503']);
});

test('a rule that breaks the contract is refused, naming the field', async () => {
  const refused = mock.rule({ operationId: 'createThumbnail', answer: { status: 403, body: { message: 'nope' } } });

  await expect(refused).rejects.toMatchObject({ name: 'MockRuleError', field: 'answer.body' });
});
