// The same mock in-process, with MSW: no server, no port. createHandlers() builds MSW request handlers from the mock's
// engine (same answers, key registry, Prefer, rules, journal); setupServer() puts them in front of fetch. Requests to
// other URLs are left to MSW (onUnhandledRequest decides). Put the set-up in a setupFiles file to share it.
import { APIConnectionError, InternalServerError, ThumbnailClient } from '@thumbnail-api/client';
import { createHandlers } from '@thumbnail-api/mock/msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { galleryPage, requestThumbnail, thumbnailImage } from './gallery.js';

// Any https URL: nothing is sent over the network. It is the base URL your code is given in tests.
const baseUrl = 'https://api.thumbnails.test';
const thumbnails = await createHandlers({ baseUrl });
const server = setupServer(...thumbnails.handlers);
let client: ThumbnailClient;

beforeAll(() => {
  // With msw 3, write onUnhandledFrame: it renamed the option and ignores onUnhandledRequest.
  server.listen({ onUnhandledRequest: 'error' });
  client = new ThumbnailClient({ baseUrl, apiKey: 'sk_test_msw', timeoutMs: 500, maxRetries: 1 });
});
afterEach(() => {
  // Rules and journal of one test never reach the next (as server.resetHandlers() does for MSW's own handlers).
  thumbnails.reset();
  server.resetHandlers();
});
afterAll(() => server.close());

test('requestThumbnail sends one POST with the prompt', async () => {
  await requestThumbnail(client, 'A red fox at dawn');

  expect(thumbnails.requests({ operationId: 'createThumbnail' })).toMatchObject([{ method: 'POST', body: { prompt: 'A red fox at dawn' } }]);
});

test('the gallery loads after a 503 with Retry-After; a 503 to the POST is one POST and a typed error', async () => {
  await thumbnails.rule({ operationId: 'listThumbnails', times: 1, answer: { status: 503, headers: { 'retry-after': '1' } } });
  await thumbnails.rule({ operationId: 'createThumbnail', times: 1, answer: { status: 503 } });

  expect(await galleryPage(client)).toEqual({ thumbnails: {} });
  await expect(requestThumbnail(client, 'A red fox')).rejects.toBeInstanceOf(InternalServerError);
  expect(thumbnails.requests().map((request) => `${request.method} ${request.status}`)).toEqual(['GET 503', 'GET 200', 'POST 503']);
});

test('the gallery gives up on an answer that never comes, and on a reset connection', async () => {
  await thumbnails.rule({ operationId: 'listThumbnails', fault: 'hang' });
  expect(await galleryPage(client)).toEqual({ message: 'Thumbnails are taking too long. Try again in a minute.' });

  thumbnails.reset();
  await thumbnails.rule({ operationId: 'listThumbnails', fault: 'reset' });
  await expect(client.thumbnails.list({ maxRetries: 0 })).rejects.toBeInstanceOf(APIConnectionError);
});

test('thumbnailImage shows the URL of a body you choose', async () => {
  await thumbnails.rule({ operationId: 'createThumbnail', answer: { status: 200, body: { url: 'https://cdn.example/fox.png' } } });

  expect(await thumbnailImage(client, 'A red fox')).toBe('<img src="https://cdn.example/fox.png" alt="A red fox">');
});
