// --replay: a folder recorded through the contract proxy (from a stand-in service, through the real client) answers
// documented operations without the service; the key registry, rules and Prefer come first; the contract judges.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PermissionDeniedError, ThumbnailClient } from '@thumbnail-api/client';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { type RunningMock, startContractProxy, startMock } from '../src/index.js';
import { createHandlers } from '../src/msw.js';
import { killAllRuns, runCli } from './helpers/cli.js';
import { breakHeader, startRecordUpstream } from './helpers/record-upstream.js';

const key = 'sk-recording-key';
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'record-replay-'));
  const upstream = await startRecordUpstream();
  const proxy = await startContractProxy({ upstream: upstream.url, port: 0, record: dir });
  const client = new ThumbnailClient({ apiKey: key, baseUrl: proxy.url, maxRetries: 0 });
  await client.thumbnails.create({ prompt: 'A red fox at dawn' });
  await client.thumbnails.list();
  await fetch(`${proxy.url}/api/persons`, { headers: { 'x-api-key': key } });
  await fetch(`${proxy.url}/api/thumbnails`, { headers: { 'x-api-key': key, [breakHeader]: 'body' } });
  await fetch(`${proxy.url}/api/thumbnails`, { headers: { 'x-api-key': key, [breakHeader]: 'status' } });
  await fetch(`${proxy.url}/api/thumbnails`);
  await proxy.stop();
  // Replay runs without the service.
  await upstream.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(killAllRuns);

const file = (suffix: string) => readdirSync(dir).find((name) => name.endsWith(suffix))!;

test('a recorded answer that breaks the contract is refused at start, naming each file and what breaks', async () => {
  const start = startMock({ port: 0, replay: dir });
  await expect(start).rejects.toThrow(`2 recording(s) in ${dir} cannot be replayed`);
  await expect(start).rejects.toThrow(
    `${file('0004-get-api-thumbnails-200.json')}: the recorded 200 answer of listThumbnails breaks its schema: at / must be object`,
  );
  await expect(start).rejects.toThrow(
    `${file('0005-get-api-thumbnails-429.json')}: the recorded 429 answer of listThumbnails breaks its schema: at / must have required property 'success'`,
  );
});

describe('with the broken recordings removed', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    for (const suffix of ['0004-get-api-thumbnails-200.json', '0005-get-api-thumbnails-429.json']) rmSync(join(dir, file(suffix)));
    mock = await startMock({ port: 0, replay: dir, keys: { [key]: 'ok', 'sk-no-access': 'forbidden' } });
  });
  afterAll(() => mock?.stop());
  afterEach(() => mock.reset());
  const client = (apiKey = key) => new ThumbnailClient({ apiKey, baseUrl: mock.url, maxRetries: 0 });

  test('counts what it serves and what it does not', () => {
    expect(mock.replay).toEqual({ served: 2, undocumented: 1, authAnswers: 1 });
  });

  test('the client gets the recorded bodies, with fields the contract does not document', async () => {
    expect(await client().thumbnails.create({ prompt: 'A red fox at dawn' })).toEqual({
      id: 'th_1',
      status: 'queued',
      prompt: 'A red fox at dawn',
      createdAt: '2026-11-26T04:00:00Z',
      debug: 'served for [redacted]',
    });
    expect(await client().thumbnails.list()).toMatchObject({ items: [{ id: 'th_1', url: 'https://cdn.example/th_1.png' }], next: null });
  });

  test('a recorded answer says so in a header, and keeps the recorded headers', async () => {
    const response = await fetch(`${mock.url}/api/thumbnails`, { headers: { 'x-api-key': key } });
    expect(response.headers.get('x-thumbnail-api-mock-recorded')).toBe(file('0002-get-api-thumbnails-200.json'));
    expect(response.headers.get('x-ratelimit-remaining')).toBe('98');
    expect(response.headers.get('content-type')).toBe('application/json');
  });

  test('a request body whose fields differ from the recorded ones gets the compiled answer', async () => {
    const response = await fetch(`${mock.url}/api/thumbnails`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'Something never recorded' }),
    });
    expect(response.headers.get('x-thumbnail-api-mock-recorded')).toBeNull();
    expect(await response.json()).not.toHaveProperty('debug');
  });

  test('a path the contract does not describe keeps the mock 404, recorded or not', async () => {
    const response = await fetch(`${mock.url}/api/persons`, { headers: { 'x-api-key': key } });
    expect(response.status).toBe(404);
    expect(response.headers.get('x-thumbnail-api-mock-error')).toBe('unknown-path');
  });

  test('the key registry comes first', async () => {
    await expect(client('sk-no-access').thumbnails.list()).rejects.toBeInstanceOf(PermissionDeniedError);
  });

  test('a rule a test added comes before the recordings', async () => {
    await mock.rule({ operationId: 'listThumbnails', times: 1, answer: { status: 200, body: { items: [], from: 'rule' } } });
    expect(await client().thumbnails.list()).toEqual({ items: [], from: 'rule' });
    expect(await client().thumbnails.list()).toMatchObject({ next: null });
  });

  test('Prefer chooses the documented answer over the recording', async () => {
    const response = await fetch(`${mock.url}/api/thumbnails`, { headers: { 'x-api-key': key, prefer: 'code=200' } });
    expect(response.headers.get('x-thumbnail-api-mock-recorded')).toBeNull();
  });

  test('the MSW handlers take the same folder', async () => {
    const thumbnails = await createHandlers({ baseUrl: 'https://api.thumbnails.test', replay: dir });
    const server = setupServer(...thumbnails.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const viaMsw = new ThumbnailClient({ apiKey: key, baseUrl: 'https://api.thumbnails.test', maxRetries: 0 });
      expect(await viaMsw.thumbnails.list()).toMatchObject({ items: [{ id: 'th_1' }] });
    } finally {
      server.close();
    }
  });

  test('the CLI: --replay serves them and points to propose for the paths the contract lacks', async () => {
    const script = `const r = await fetch(process.env.THUMBNAIL_API_BASE_URL + '/api/thumbnails', { headers: { 'x-api-key': 'any' } });
      console.log('recorded', r.headers.get('x-thumbnail-api-mock-recorded'));`;
    const run = runCli(['--port', '0', '--replay', dir, '--', process.execPath, '--input-type=module', '-e', script]);
    expect(await run.exited).toEqual({ code: 0, signal: null });
    expect(run.stdout()).toContain(`Replaying 2 recording(s) from ${dir}.`);
    expect(run.stdout()).toContain('1 recorded 401/403 answer(s) not served: the key registry answers those.');
    expect(run.stdout()).toContain(
      `1 recording(s) of paths the contract does not describe not served; \`npx @thumbnail-api/mock propose ${dir}\` shows what they would add.`,
    );
    expect(run.stdout()).toContain(`recorded ${file('0002-get-api-thumbnails-200.json')}`);
  });
});

test('a file that is not a recording is refused, by name', async () => {
  const other = mkdtempSync(join(tmpdir(), 'record-replay-bad-'));
  try {
    writeFileSync(join(other, 'notes.json'), '{"recording": 2}');
    await expect(startMock({ port: 0, replay: other })).rejects.toThrow('notes.json: "recording" must be 1 (the format\'s version), got 2');
    await expect(startMock({ port: 0, replay: join(other, 'missing') })).rejects.toThrow(/^The replay folder .*missing cannot be read \(ENOENT\)\.$/);
  } finally {
    rmSync(other, { recursive: true, force: true });
  }
});
