// The same from CommonJS (a Jest-style project: vitest's globals, require() of the package's CommonJS build).
const { ThumbnailClient } = require('@thumbnail-api/client');
const { connectMock, MockRuleError } = require('@thumbnail-api/mock');

// A key of its own (the mock accepts any without --keys): it runs beside gallery.test.ts, which uses the wrapper's.
const key = 'sk_test_wrapped_commonjs';
const mock = connectMock().forKey(key);
const client = new ThumbnailClient({ apiKey: key, maxRetries: 0 });
afterEach(() => mock.reset());

test('a created thumbnail is in the journal, with the body the code sent', async () => {
  await client.thumbnails.create({ prompt: 'A red fox' });

  const [created] = await mock.requests({ operationId: 'createThumbnail' });
  expect([created.status, created.body]).toEqual([200, { prompt: 'A red fox' }]);
});

test('refused rules throw the same MockRuleError class', async () => {
  await expect(mock.rule({ operationId: 'createThumbnails', answer: { status: 200 } })).rejects.toBeInstanceOf(MockRuleError);
});
