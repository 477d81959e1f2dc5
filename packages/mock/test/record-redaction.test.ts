// Redaction that keeps recordings servable: a --redact value is blanked in its field, and replaced elsewhere only when
// it is long enough to be a secret (4 characters or more), never inside a header name, the method, the status or the
// content type; a path segment or query value holding it becomes [redacted] whole, which replay matches with any value.
// A recording replay cannot serve says why at start, naming the file.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ThumbnailClient } from '@thumbnail-api/client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startContractProxy, startMock } from '../src/index.js';
import { type RecordUpstream, startRecordUpstream } from './helpers/record-upstream.js';
import { scratchDir } from './helpers/scratch-dir.js';

const key = 'sk-redaction-key-0042';
const dir = scratchDir('mock-record-redaction-');
let upstream: RecordUpstream;
beforeAll(async () => {
  upstream = await startRecordUpstream();
});
afterAll(() => upstream?.close());

/** Records `send`'s traffic through the proxy, redacting `/prompt`; returns the folder and its recordings, oldest first. */
async function record(name: string, send: (base: string) => Promise<unknown>) {
  const folder = join(dir, name);
  const proxy = await startContractProxy({ upstream: upstream.url, port: 0, record: folder, redact: ['/prompt'] });
  try {
    await send(proxy.url);
  } finally {
    await proxy.stop();
  }
  const files = readdirSync(folder).sort();
  return { folder, files, recordings: files.map((file) => JSON.parse(readFileSync(join(folder, file), 'utf8'))) };
}

const create = (base: string, prompt: string) => new ThumbnailClient({ apiKey: key, baseUrl: base, maxRetries: 0 }).thumbnails.create({ prompt });

describe('a short prompt ("cat", "a")', () => {
  test("is blanked in its field only: the content type, the path and the answer's words are kept, and replay serves it", async () => {
    const { folder, recordings } = await record('short', async (base) => {
      await create(base, 'cat');
      await create(base, 'a');
    });
    for (const recording of recordings) {
      expect(recording.request).toMatchObject({ method: 'POST', path: '/api/thumbnails', headers: { 'content-type': 'application/json' } });
      expect(recording.response).toMatchObject({ status: 200, headers: { 'content-type': 'application/json' }, body: { status: 'queued' } });
      expect(recording.request.body).toEqual({ prompt: '[redacted]' });
    }
    const mock = await startMock({ port: 0, replay: folder });
    try {
      expect(mock.replay).toEqual({ served: 2, undocumented: 0, authAnswers: 0 });
      const replayed = await fetch(`${mock.url}/api/thumbnails`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: '{"prompt": "a dog"}',
      });
      expect(replayed.headers.get('x-thumbnail-api-mock-recorded')).toMatch(/-post-api-thumbnails-200\.json$/);
      expect(await replayed.json()).toMatchObject({ id: 'th_1', prompt: '[redacted]' });
    } finally {
      await mock.stop();
    }
  });
});

describe('a secret: a prompt long enough, or the key', () => {
  test('is replaced wherever else it appears: a path segment and a query value whole, header values and bodies in place', async () => {
    const prompt = 'thumbnails';
    const { folder, recordings } = await record('long', async (base) => {
      await create(base, prompt);
      await fetch(`${base}/api/thumbnails?token=${key}-1`, { headers: { 'x-api-key': key, 'x-note': `sent by ${key}` } });
    });
    const [created, listed] = recordings;
    expect(created.request.path).toBe('/api/[redacted]');
    expect(created.response.body).toMatchObject({ prompt: '[redacted]', debug: 'served for [redacted]' });
    expect(created.response.headers).toMatchObject({ 'content-type': 'application/json', 'x-echo-key': '[redacted]' });
    expect(listed.request).toMatchObject({ path: '/api/thumbnails', query: { token: ['[redacted]'] }, headers: { 'x-note': 'sent by [redacted]' } });
    expect(JSON.stringify(created)).not.toContain(prompt);
    for (const recording of recordings) expect(JSON.stringify(recording)).not.toContain('sk-redaction');

    const mock = await startMock({ port: 0, replay: folder });
    try {
      expect(mock.replay).toEqual({ served: 2, undocumented: 0, authAnswers: 0 });
      const recordedAs = async (path: string, init: RequestInit = {}) =>
        (await fetch(`${mock.url}${path}`, { ...init, headers: { 'x-api-key': key, 'content-type': 'application/json' } })).headers.get(
          'x-thumbnail-api-mock-recorded',
        );
      expect(await recordedAs('/api/thumbnails', { method: 'POST', body: '{"prompt": "a fox"}' })).toMatch(/-post-api-redacted-200\.json$/);
      expect(await recordedAs('/api/thumbnails?token=another')).toMatch(/-get-api-thumbnails-200\.json$/);
      expect(await recordedAs('/api/thumbnails')).toBeNull();
    } finally {
      await mock.stop();
    }
  });
});

describe('a recording replay cannot serve', () => {
  test.each([
    [
      'a path an earlier redaction cut into',
      (recording: Record<string, any>) => {
        recording.request.path = '/api/thumbn[redacted]ils';
      },
      'recorded as listThumbnails (GET /api/thumbnails), but GET /api/thumbn[redacted]ils is not that operation; was part of the path redacted when it was recorded?',
    ],
    [
      'no content type',
      (recording: Record<string, any>) => {
        delete recording.response.headers['content-type'];
      },
      'the recorded 200 answer of listThumbnails has a body but no content-type in "response.headers" (the contract documents application/json); add it back, e.g. "content-type": "application/json"',
    ],
  ])('%s is refused at start, naming the file and why', async (name, edit, why) => {
    const { folder, files, recordings } = await record(`broken-${name.length}`, (base) => fetch(`${base}/api/thumbnails`, { headers: { 'x-api-key': key } }));
    edit(recordings[0]);
    writeFileSync(join(folder, files[0]!), JSON.stringify(recordings[0]));
    await expect(startMock({ port: 0, replay: folder })).rejects.toThrow(`${files[0]}: ${why}`);
  });
});
