// --record on the contract proxy: each exchange with a stand-in service written to its own file, through the real
// client; the key and the redacted fields never on disk, an unwritable folder refused at start, a failed write a warning.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ThumbnailClient } from '@thumbnail-api/client';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { type RunningContractProxy, startContractProxy } from '../src/index.js';
import { killAllRuns, runCli } from './helpers/cli.js';
import { startFakeUpstream } from './helpers/fake-upstream.js';
import { breakHeader, type RecordUpstream, startRecordUpstream } from './helpers/record-upstream.js';

const sentinelKey = 'sk-sentinel-7f3a9c-DO-NOT-WRITE';
const privatePrompt = 'A private prompt about my surprise party';
let upstream: RecordUpstream;
const folders: string[] = [];
const freshFolder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'record-proxy-'));
  folders.push(dir);
  return dir;
};
beforeAll(async () => {
  upstream = await startRecordUpstream();
});
afterAll(async () => {
  await upstream?.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});
afterEach(killAllRuns);

/** Every file in `dir` (dot-files too), name and bytes. */
function everyByte(dir: string): { name: string; text: string }[] {
  return readdirSync(dir).map((name) => ({ name, text: readFileSync(join(dir, name), 'latin1') }));
}

/** The traffic of a user who has a key: the client's two operations, then two paths the contract lacks and two broken answers. */
async function sendTraffic(base: string, auth: 'x-api-key' | 'bearer' = 'x-api-key'): Promise<void> {
  const client = new ThumbnailClient({ apiKey: sentinelKey, baseUrl: base, auth, maxRetries: 0 });
  const created = await client.thumbnails.create({ prompt: privatePrompt });
  expect(created).toMatchObject({ id: 'th_1', status: 'queued' });
  await client.thumbnails.list();
  for (const path of ['/api/persons', '/api/templates']) {
    expect((await fetch(base + path, { headers: { 'x-api-key': sentinelKey } })).status).toBe(200);
  }
  for (const breaking of ['body', 'status']) {
    await (await fetch(`${base}/api/thumbnails?token=${sentinelKey}`, { headers: { 'x-api-key': sentinelKey, [breakHeader]: breaking } })).arrayBuffer();
  }
}

describe('startContractProxy({ record })', () => {
  let proxy: RunningContractProxy;
  let dir: string;
  beforeAll(async () => {
    dir = join(freshFolder(), 'made/on/demand');
    proxy = await startContractProxy({ upstream: upstream.url, port: 0, record: dir, redact: ['/prompt', '/items/*/prompt'] });
    await sendTraffic(proxy.url);
    await proxy.stop();
  });

  test('writes one file per exchange, in time order, named by method, path and status', () => {
    expect(readdirSync(dir).map((name) => name.replace(/^\d{8}T\d{9}Z-/, ''))).toEqual([
      '0001-post-api-thumbnails-200.json',
      '0002-get-api-thumbnails-200.json',
      '0003-get-api-persons-200.json',
      '0004-get-api-templates-200.json',
      '0005-get-api-thumbnails-200.json',
      '0006-get-api-thumbnails-429.json',
    ]);
  });

  test('records the operation, the query, the status, the headers and the bodies the service answered', () => {
    const [create, , persons, , , limited] = readdirSync(dir).map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')));
    expect(create).toMatchObject({
      recording: 1,
      upstream: upstream.url,
      operation: 'createThumbnail',
      request: { method: 'POST', path: '/api/thumbnails', query: {}, headers: { 'content-type': 'application/json' }, body: { prompt: '[redacted]' } },
      response: {
        status: 200,
        headers: { 'content-type': 'application/json', 'x-ratelimit-remaining': '99', 'x-request-id': 'req-1' },
        body: { id: 'th_1', status: 'queued', prompt: '[redacted]', createdAt: '2026-11-26T04:00:00Z', debug: 'served for [redacted]' },
      },
    });
    expect(Date.parse(create.recordedAt)).not.toBeNaN();
    expect(persons).toMatchObject({
      operation: null,
      request: { method: 'GET', path: '/api/persons' },
      response: { status: 200, body: { persons: [{ id: 'p_1' }] } },
    });
    expect(limited).toMatchObject({
      operation: 'listThumbnails',
      request: { query: { token: ['[redacted]'] } },
      response: { status: 429, headers: { 'retry-after': '2' } },
    });
  });

  test('never writes the key (nor where a header echoes it), its cookie, or a redacted field: not one byte, not in a file name', () => {
    const files = everyByte(dir);
    expect(files).toHaveLength(6);
    for (const { name, text } of files) {
      expect(name + text).not.toContain(sentinelKey);
      expect(text).not.toContain('sk-sentinel');
      expect(text).not.toContain(privatePrompt);
      expect(text).not.toContain('A red fox at dawn'); // /items/*/prompt
      expect(text).not.toMatch(/x-api-key|authorization|set-cookie/i);
    }
    // Headers are removed by name; one that echoes the key keeps its name, the key replaced.
    expect(JSON.parse(files[0]!.text).response.headers['x-echo-key']).toBe('[redacted]');
  });
});

test('an Authorization: Bearer key is never written either', async () => {
  const dir = freshFolder();
  const proxy = await startContractProxy({ upstream: upstream.url, port: 0, record: dir });
  await sendTraffic(proxy.url, 'bearer');
  await proxy.stop();
  for (const { name, text } of everyByte(dir)) expect(name + text).not.toContain('sk-sentinel');
  // Without --redact the prompt is kept: what is blanked is the user's choice.
  expect(everyByte(dir).some(({ text }) => text.includes(privatePrompt))).toBe(true);
});

test('a gzip-encoded answer is recorded decompressed, and a key sent in a body field is blanked', async () => {
  const fake = await startFakeUpstream();
  const dir = freshFolder();
  const proxy = await startContractProxy({ upstream: fake.url, port: 0, record: dir });
  try {
    const gzipped = await fetch(`${proxy.url}/api/thumbnails`, { headers: { 'x-api-key': sentinelKey, 'x-fake-scenario': 'list-ok-gzip' } });
    expect(await gzipped.json()).toEqual({ items: [] });
    const body = JSON.stringify({ prompt: 'A cat', owner: { apiKey: sentinelKey } });
    await fetch(`${proxy.url}/api/thumbnails`, {
      method: 'POST',
      headers: { 'x-api-key': sentinelKey, 'content-type': 'application/json', 'x-fake-scenario': 'create-ok' },
      body,
    });
  } finally {
    await proxy.stop();
    await fake.close();
  }
  const [list, create] = readdirSync(dir).map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')));
  expect(list.response).toMatchObject({ status: 200, body: { items: [] } });
  expect(list.response.headers).not.toHaveProperty('content-encoding');
  expect(create.request.body).toEqual({ prompt: 'A cat', owner: { apiKey: '[redacted]' } });
  for (const { text } of everyByte(dir)) expect(text).not.toContain('sk-sentinel');
});

test('an exchange the upstream never answered is not recorded: the client gets the 502, the folder stays empty', async () => {
  const gone = await startFakeUpstream();
  await gone.close();
  const dir = freshFolder();
  const proxy = await startContractProxy({ upstream: gone.url, port: 0, record: dir });
  try {
    expect((await fetch(`${proxy.url}/api/thumbnails`, { headers: { 'x-api-key': sentinelKey } })).status).toBe(502);
  } finally {
    await proxy.stop();
  }
  expect(everyByte(dir)).toEqual([]);
});

test('a folder that cannot be written is an error at start, and nothing is left listening', async () => {
  const file = join(freshFolder(), 'a-file');
  writeFileSync(file, '');
  const start = startContractProxy({ upstream: upstream.url, port: 0, record: join(file, 'recordings') });
  await expect(start).rejects.toThrow(/^Cannot record into .*a-file\/recordings \(ENOTDIR\)\. Give --record a folder you can write to\.$/);
});

test('a --redact that is not a JSON pointer is refused at start', async () => {
  await expect(startContractProxy({ upstream: upstream.url, port: 0, record: freshFolder(), redact: ['prompt'] })).rejects.toThrow(
    '--redact takes a JSON pointer into a body, such as /prompt or /items/*/prompt; got "prompt".',
  );
});

test('a write that fails is a warning: the call itself still gets its answer', async () => {
  const dir = freshFolder();
  const warnings: string[] = [];
  const proxy = await startContractProxy({ upstream: upstream.url, port: 0, record: dir, onWarning: (message) => warnings.push(message) });
  rmSync(dir, { recursive: true });
  writeFileSync(dir, 'the folder became a file');
  try {
    const client = new ThumbnailClient({ apiKey: sentinelKey, baseUrl: proxy.url, maxRetries: 0 });
    await expect(client.thumbnails.list()).resolves.toMatchObject({ next: null });
  } finally {
    await proxy.stop();
  }
  expect(warnings).toEqual([expect.stringMatching(/^Could not record GET \/api\/thumbnails into .* \(ENOTDIR\); the call itself went through\.$/)]);
  expect(warnings.join()).not.toContain('sk-sentinel');
});

describe('the CLI', () => {
  test('--record and --redact on the contract proxy write the files, without the key', async () => {
    const dir = freshFolder();
    const script = `
      const base = process.env.THUMBNAIL_API_BASE_URL;
      const r = await fetch(base + '/api/thumbnails', { method: 'POST', headers: { 'x-api-key': ${JSON.stringify(sentinelKey)}, 'content-type': 'application/json' }, body: JSON.stringify({ prompt: ${JSON.stringify(privatePrompt)} }) });
      console.log('status', r.status);`;
    const run = runCli([
      '--port',
      '0',
      '--proxy',
      upstream.url,
      '--record',
      dir,
      '--redact',
      '/prompt',
      '--',
      process.execPath,
      '--input-type=module',
      '-e',
      script,
    ]);
    expect(await run.exited).toEqual({ code: 0, signal: null });
    expect(run.stdout()).toContain(`Recording every exchange into ${dir}`);
    expect(run.stdout()).toContain('status 200');
    const files = everyByte(dir);
    expect(files.map(({ name }) => name)).toEqual([expect.stringMatching(/-0001-post-api-thumbnails-200\.json$/)]);
    for (const { text } of files) expect(text).not.toMatch(/sk-sentinel|surprise party/);
  });

  test.each([
    [['--record', 'dir'], '--record only applies with --proxy <base-url>'],
    [['--proxy', 'http://127.0.0.1:1', '--redact', '/prompt'], '--redact only applies with --record <dir>.'],
    [['--proxy', 'http://127.0.0.1:1', '--replay', 'dir'], '--replay does not apply with --proxy'],
  ])('%j is a usage error', async (args, message) => {
    const run = runCli(args);
    expect(await run.exited).toEqual({ code: 2, signal: null });
    expect(run.stderr()).toContain(message);
  });
});
