// The one Fetch door (MSW's handlers and the browser door answer through it) reads a request's body as the node:http
// adapter does: only when a step of the pass asks for it, and only up to the limit, cancelling the rest. Seen here on
// bodies that count what is pulled from them, through the browser door (createHandlers() hands MSW's Request to the same
// door).
import { readFileSync } from 'node:fs';
import { openapiJsonPath } from '@thumbnail-api/spec';
import { beforeAll, expect, test } from 'vitest';
import { BODY_LIMIT } from '../src/contract/request-body.js';
import { type BrowserMock, createBrowserMock } from '../src/doors/browser-mock.js';

const key = 'fetch-door-key-0001';
const chunk = 1024 * 1024;
let door: BrowserMock;
beforeAll(async () => {
  door = await createBrowserMock({ contract: JSON.parse(readFileSync(openapiJsonPath, 'utf8')), keys: { [key]: 'ok' } });
});

/** A POST whose body of `chunks` MiB is made as it is pulled; `pulled()` says how many bytes were, `cancelled()` whether it was cancelled. */
function countedPost(headers: Record<string, string>, chunks: number) {
  let pulled = 0;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= chunks * chunk) return controller.close();
        pulled += chunk;
        controller.enqueue(new Uint8Array(chunk).fill(0x20));
      },
      cancel() {
        cancelled = true;
      },
    },
    // Nothing is pulled before someone reads.
    { highWaterMark: 0 },
  );
  const request = new Request('https://api.thumbnails.test/api/thumbnails', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    duplex: 'half',
  } as RequestInit);
  return { request, pulled: () => pulled, cancelled: () => cancelled };
}

test('a request refused before validation (no key) is answered without its body being read', async () => {
  const post = countedPost({}, 2);
  expect((await door.fetch(post.request)).status).toBe(401);
  expect(post.pulled()).toBe(0);
});

test('a body past the limit is read up to the limit, the rest cancelled, and answered 413', async () => {
  const post = countedPost({ 'x-api-key': key }, Math.ceil(BODY_LIMIT / chunk) + 4);
  expect((await door.fetch(post.request)).status).toBe(413);
  expect(post.pulled()).toBeLessThanOrEqual(BODY_LIMIT + chunk);
  expect(post.cancelled()).toBe(true);
});

test('a body within the limit is read whole when validation asks for it', async () => {
  const request = new Request('https://api.thumbnails.test/api/thumbnails', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify({ prompt: 'a fox' }),
  });
  expect((await door.fetch(request)).status).toBe(200);
  expect(door.requests().at(-1)?.body).toEqual({ prompt: 'a fox' });
});
