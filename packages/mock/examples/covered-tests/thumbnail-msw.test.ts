// The faults of createThumbnail, in-process with MSW handlers: they count toward the run's coverage too, when the
// run is under npx @thumbnail-api/mock --require-coverage client -- npx vitest run.
import { APIConnectionError, APITimeoutError, ThumbnailApiError, ThumbnailClient } from '@thumbnail-api/client';
import { createHandlers } from '@thumbnail-api/mock/msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { requestThumbnail } from '../client-tests/gallery.js';

const baseUrl = 'https://api.thumbnails.test';
const thumbnails = await createHandlers({ baseUrl });
const server = setupServer(...thumbnails.handlers);
const client = new ThumbnailClient({ baseUrl, apiKey: 'sk_test_covered_msw', timeoutMs: 500 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => thumbnails.reset());
afterAll(() => server.close());

test.each([
  ['hang', APITimeoutError],
  ['reset', APIConnectionError],
  ['truncated', APIConnectionError],
  ['malformed', ThumbnailApiError],
] as const)('requestThumbnail fails with the typed error when the answer fails (%s), after one POST', async (fault, ErrorClass) => {
  await thumbnails.rule({ operationId: 'createThumbnail', fault });

  await expect(requestThumbnail(client, `A red fox (${fault})`)).rejects.toBeInstanceOf(ErrorClass);
  expect(thumbnails.requests({ operationId: 'createThumbnail' })).toHaveLength(1);
});
