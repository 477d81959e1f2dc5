// What the journal holds of a request: its own copy of the body, cut to 64 KiB, never the request's buffer (up to
// 10 MB, as read), so that a thousand large POSTs per key cannot hold gigabytes. Seen with the garbage collector.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadContract } from '@thumbnail-api/spec';
import { apiKeyFormsOf } from '@thumbnail-api/spec/model';
import { expect, test } from 'vitest';
import { Journal } from '../src/double/journal.js';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

test('a recorded body is the journal’s cut copy: the request’s own buffer can be collected', async () => {
  const journal = new Journal(10, apiKeyFormsOf(loadContract()));
  let body: Buffer | undefined = Buffer.alloc(5 * 1024 * 1024, 'a');
  const requestBuffer = new WeakRef(body.buffer);
  journal.record({
    time: Date.now(),
    key: 'memory-key',
    method: 'POST',
    target: '/api/thumbnails',
    headers: { 'x-api-key': 'memory-key', 'content-type': 'application/json' },
    operationId: 'createThumbnail',
    status: 413,
    rule: null,
    simulated: null,
    body,
    answerHeaders: undefined,
    nearMiss: undefined,
  });
  body = undefined;
  // A WeakRef's target lives to the end of the current job; the collection comes after it.
  await new Promise((resolve) => setImmediate(resolve));
  collectGarbage();
  expect(requestBuffer.deref()).toBeUndefined();
  const [entry] = journal.entries();
  expect(entry).toMatchObject({ method: 'POST', bodyTruncated: true });
  expect(String(entry?.body)).toHaveLength(64 * 1024);
});
