// Run under the mock's wrapper, as CI runs it: npx @thumbnail-api/mock --port 0 -- npx vitest run
// The wrapper sets THUMBNAIL_API_BASE_URL and, when the environment has none, THUMBNAIL_API_KEY (a key the mock
// accepts; with --keys, its first "ok" key). The client on its defaults and connectMock() read them: no set-up here.
import { ThumbnailClient } from '@thumbnail-api/client';
import { connectMock } from '@thumbnail-api/mock';
import { afterEach, expect, test } from 'vitest';

const client = new ThumbnailClient();
// This file's rules and requests only: the key the wrapper set. Other files on the same mock send keys of their own.
const mock = connectMock().forKey(process.env.THUMBNAIL_API_KEY!);
afterEach(() => mock.reset());

test('a 503 with Retry-After is retried by the client after the wait it asks for; the journal shows both requests', async () => {
  await mock.rule({ operationId: 'listThumbnails', times: 1, answer: { status: 503, headers: { 'retry-after': '1' } } });

  expect(await client.thumbnails.list()).toEqual({});
  expect((await mock.requests()).map((request) => `${request.method} ${request.status}`)).toEqual(['GET 503', 'GET 200']);
});

test('a rule that breaks the contract is refused, naming the field', async () => {
  const refused = mock.rule({ operationId: 'createThumbnail', answer: { status: 403, body: { message: 'nope' } } });

  await expect(refused).rejects.toMatchObject({ name: 'MockRuleError', field: 'answer.body' });
});
