// A Jest user's test with Jest's default configuration (CommonJS, no transform settings) in a CommonJS package.
const { AuthenticationError, ThumbnailClient, ThumbnailClientError } = require('@thumbnail-api/client');
const { startMock } = require('@thumbnail-api/mock');
const { openapi } = require('@thumbnail-api/spec');

// Jest's default 5 s per hook is short for starting Prism on a busy machine, and a mock whose start outlived its
// hook would never be stopped.
let mock;
beforeAll(async () => {
  mock = await startMock({ port: 0, keys: { 'jest-valid-key': 'ok', 'jest-revoked-key': 'unauthorized' } });
}, 60_000);
afterAll(async () => {
  await mock?.stop();
}, 30_000);

test('lists thumbnails with a valid key', async () => {
  const client = new ThumbnailClient({ apiKey: 'jest-valid-key', baseUrl: mock.url });
  await expect(client.thumbnails.list()).resolves.toEqual(expect.any(Object));
  expect(openapi.info.version).toEqual(expect.any(String));
});

test('a revoked key is the typed 401 error', async () => {
  const client = new ThumbnailClient({ apiKey: 'jest-revoked-key', baseUrl: mock.url, maxRetries: 0 });
  const error = await client.thumbnails.list().catch((caught) => caught);
  expect(error).toBeInstanceOf(AuthenticationError);
  expect(error).toBeInstanceOf(ThumbnailClientError);
  expect(error).toMatchObject({ status: 401, error: 'Unauthorized' });
});
