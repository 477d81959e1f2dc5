// Nothing a test stores can crash the mock: header names and values in rules (when added) and in recordings (at
// start, naming the file) are checked with Node's own rules; whatever still fails while answering one request becomes
// the mock's labelled 500 for that request alone, over node:http and through MSW, logged once, never a stack trace.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { assembleMock } from '../src/assembly/assemble-mock.js';
import { readParts } from '../src/assembly/read-parts.js';
import { PendingRequests } from '../src/double/pending.js';
import { answerSafely, perform } from '../src/fetch/fetch-response.js';
import { failureLog } from '../src/http/answer-failure.js';
import { startMock } from '../src/index.js';
import { startFrontServer } from '../src/node/front-server.js';
import { createNodeHandler } from '../src/node/node-adapter.js';
import { notCompiledAnswerer } from '../src/pipeline/answerer.js';
import type { Outcome } from '../src/pipeline/outcome.js';
import { killAllRuns, runCli } from './helpers/cli.js';
import { send } from './helpers/http.js';
import { scratchDir } from './helpers/scratch-dir.js';

afterEach(killAllRuns);
const dir = scratchDir('mock-answer-safety-');
const key = { 'x-api-key': 'safety-key' };
const json = { 'content-type': 'application/json' };

/** Headers Node refuses to write, and what the refusal says about each. */
const unsendable = [
  [
    'a value with a character beyond Latin-1',
    'x-price',
    '5 €',
    'the value of the header "x-price" has a character HTTP headers cannot carry ("€" at position 3)',
  ],
  [
    'a value with a control character',
    'x-note',
    'a\u0007b',
    'the value of the header "x-note" has a character HTTP headers cannot carry (U+0007 at position 2)',
  ],
  ['a name with a space', 'x price', '5', '"x price" is not a header name'],
] as const;

describe('a rule with a header Node cannot send, over HTTP to the command-line mock', () => {
  test.each(unsendable)('%s is refused with 400 naming the field, and the mock keeps answering', async (_, name, value, message) => {
    const url = await runCli(['--port', '0']).ready();
    const rule = { operationId: 'listThumbnails', answer: { status: 200, headers: { [name]: value } } };
    const added = await send(url, { method: 'POST', path: '/__mock/rules', headers: json, body: JSON.stringify(rule) });
    expect(added.status).toBe(400);
    expect(added.json()).toEqual({ error: expect.stringContaining(message.replace(/^./, (first) => first.toUpperCase())), field: `answer.headers.${name}` });
    expect((await send(url, { headers: key })).status).toBe(200);
  });
});

describe('a recording with a header Node cannot send', () => {
  const folder = join(dir, 'recordings');
  const fileName = '20261127T100000000Z-0001-get-api-thumbnails-200.json';
  writeRecording(folder, fileName, { 'content-type': 'application/json', 'x-price': '5 €' });

  test('is refused by startMock() at start, naming the file and the header', async () => {
    await expect(startMock({ port: 0, replay: folder })).rejects.toThrow(
      `${fileName}: response.headers: the value of the header "x-price" has a character HTTP headers cannot carry ("€" at position 3)`,
    );
  });

  test('stops the command-line mock at start with exit code 1, naming the file', async () => {
    const run = runCli(['--port', '0', '--replay', folder]);
    expect(await run.exited).toEqual({ code: 1, signal: null });
    expect(run.stderr()).toContain(`${fileName}: response.headers: the value of the header "x-price"`);
  });
});

/** An answer no check lets through any more: what a rule with `x-price: 5 €` made before the checks. */
const unwritable: Outcome = {
  kind: 'answer',
  answer: { status: 200, headers: ['content-type', 'application/json', 'x-price', '5 €'], body: Buffer.from('{}') },
  cors: [],
  delayMs: 0,
  key: undefined,
};

describe('whatever still fails while answering, on node:http', async () => {
  const logged: string[] = [];
  const mock = await assembleMock(await readParts({}, () => notCompiledAnswerer));
  const server = await startFrontServer('127.0.0.1', 0);
  // The adapter under test, handed what the pipeline can no longer make: an answer node refuses, and a step that throws.
  server.use(
    createNodeHandler(
      {
        ...mock,
        pipeline: {
          handle: (request, callbacks) => {
            if (request.target === '/unwritable') callbacks.done(unwritable);
            // As the pipeline hands on a step that threw.
            else if (request.target === '/throws') callbacks.failed(new TypeError('a step failed'));
            else mock.pipeline.handle(request, callbacks);
          },
        },
      },
      failureLog((line) => logged.push(line)),
    ),
  );
  afterAll(() => server.stop());

  test.each([
    ['/unwritable', 'Invalid character in header content ["x-price"]'],
    ['/throws', 'a step failed'],
  ])('%s gets the labelled 500 without a stack trace, and other requests their answers', async (path, message) => {
    const failed = await send(server.url, { path, headers: key });
    expect(failed.status).toBe(500);
    expect(failed.headers['x-thumbnail-api-mock-error']).toBe('answer-failed');
    expect(failed.json()).toMatchObject({ title: 'thumbnail-api-mock: the mock could not answer this request', detail: expect.stringContaining(message) });
    expect(failed.body.toString()).not.toMatch(/\bat .*\.(ts|js):\d+/);
    expect((await send(server.url, { headers: key })).status).toBe(200);
  });

  test('each failure is logged once, however often it happens', async () => {
    for (let i = 0; i < 3; i++) {
      await send(server.url, { path: '/unwritable', headers: key });
      await send(server.url, { path: '/throws', headers: key });
    }
    expect(logged.sort()).toEqual([
      'thumbnail-api-mock: could not answer GET /throws (a step failed); answered 500 instead. Later failures with this message are not logged.',
      'thumbnail-api-mock: could not answer GET /unwritable (Invalid character in header content ["x-price"]); answered 500 instead. Later failures with this message are not logged.',
    ]);
  });
});

describe('whatever still fails while answering, through MSW', () => {
  const logged: string[] = [];
  const log = failureLog((line) => logged.push(line));
  const server = setupServer(
    http.all('https://api.thumbnails.test/*', ({ request }) => answerSafely(request, log, async () => perform(unwritable, request, new PendingRequests()))),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  test('gets the labelled 500 without a stack trace, logged once', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await fetch('https://api.thumbnails.test/api/thumbnails');
      expect([response.status, response.headers.get('x-thumbnail-api-mock-error')]).toEqual([500, 'answer-failed']);
      expect(await response.text()).not.toMatch(/\bat .*\.(ts|js):\d+/);
    }
    expect(logged).toEqual([expect.stringMatching(/^thumbnail-api-mock: could not answer GET \/api\/thumbnails \(Cannot convert argument to a ByteString/)]);
  });
});

/** Writes a recording of a documented GET whose answer is otherwise valid, with these response headers. */
function writeRecording(folder: string, name: string, headers: Record<string, string>): void {
  mkdirSync(folder, { recursive: true });
  const recording = {
    recording: 1,
    recordedAt: '2026-11-27T10:00:00.000Z',
    upstream: 'https://service.example',
    operation: 'listThumbnails',
    request: { method: 'GET', path: '/api/thumbnails', query: {}, headers: {} },
    response: { status: 200, headers, body: {} },
  };
  writeFileSync(join(folder, name), JSON.stringify(recording, null, 2));
}
