// What the journal holds of a request: the body's text, cut to 64 KiB of it, never the request's buffer (up to 10 MB,
// as read) nor the whole text validation decoded, so that a thousand large POSTs per key cannot hold gigabytes. Seen
// with the garbage collector.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadContract } from '@thumbnail-api/spec';
import { apiKeyFormsOf } from '@thumbnail-api/spec/model';
import { expect, test } from 'vitest';
import { Journal, type JournalRecord } from '../src/double/journal.js';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** The record of a large POST, as the pipeline makes it. */
const largePost = (body: Buffer, text: string | undefined): JournalRecord => ({
  time: Date.now(),
  key: 'memory-key',
  method: 'POST',
  target: '/api/thumbnails',
  headers: { 'x-api-key': 'memory-key', 'content-type': 'application/json' },
  operationId: 'createThumbnail',
  status: 422,
  rule: null,
  simulated: null,
  body,
  text,
  answerHeaders: undefined,
  nearMiss: undefined,
});

test('a recorded body is kept as its cut text: the request’s own buffer can be collected', async () => {
  const journal = new Journal(10, apiKeyFormsOf(loadContract()));
  let body: Buffer | undefined = Buffer.alloc(5 * 1024 * 1024, 'a');
  const requestBuffer = new WeakRef(body.buffer);
  journal.record(largePost(body, undefined));
  body = undefined;
  // A WeakRef's target lives to the end of the current job; the collection comes after it.
  await new Promise((resolve) => setImmediate(resolve));
  collectGarbage();
  expect(requestBuffer.deref()).toBeUndefined();
  const [entry] = journal.entries();
  expect(entry).toMatchObject({ method: 'POST', bodyTruncated: true });
  expect(String(entry?.body)).toHaveLength(64 * 1024);
});

test('the whole text validation decoded is not held: only the cut part is', async () => {
  const journal = new Journal(10, apiKeyFormsOf(loadContract()));
  await new Promise((resolve) => setImmediate(resolve));
  collectGarbage();
  const before = process.memoryUsage().heapUsed;
  const body = Buffer.alloc(8 * 1024 * 1024, 'b');
  journal.record(largePost(body, body.toString()));
  await new Promise((resolve) => setImmediate(resolve));
  collectGarbage();
  // 64 KiB kept, not the 8 MB text (a slice of it would hold all of it).
  expect(process.memoryUsage().heapUsed - before).toBeLessThan(2 * 1024 * 1024);
  expect(String(journal.entries()[0]?.body)).toHaveLength(64 * 1024);
});
