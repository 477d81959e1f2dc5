// Assert what your code sent: one POST, with the prompt, with the key in x-api-key. The mock's journal records every
// request it received (keys redacted), so a test reads it instead of spying on fetch.
import { expect, test } from 'vitest';
import { requestThumbnail } from './gallery.js';
import { mockForThisFile } from './mock-setup.js';

const { mock, client } = await mockForThisFile('sk_test_one_post');

test('requestThumbnail sends one POST with the trimmed prompt and the key in x-api-key', async () => {
  await requestThumbnail(client, '  A red fox at dawn ');

  const sent = mock.requests({ operationId: 'createThumbnail' });
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({ method: 'POST', body: { prompt: 'A red fox at dawn' }, keyHint: '…post' });
  expect(sent[0]!.headers['x-api-key']).toBeDefined();
  expect(sent[0]!.headers.authorization).toBeUndefined();
});
