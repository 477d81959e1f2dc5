// The options every door takes, refused the same way at each: an unknown one is named with the nearest known one, a
// value of the wrong kind says what it wants, and a file path is taken wherever a file can be.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setupServer } from 'msw/node';
import { afterEach, describe, expect, test } from 'vitest';
import { startMock } from '../src/index.js';
import { createHandlers } from '../src/msw.js';
import { killAllRuns, runCli } from './helpers/cli.js';

afterEach(killAllRuns);

const baseUrl = 'https://api.thumbnails.test';
const doors = {
  'startMock()': (options: Record<string, unknown>) => startMock({ port: 0, ...options } as never),
  'createHandlers()': (options: Record<string, unknown>) => createHandlers({ baseUrl, ...options } as never),
};

describe.each(Object.entries(doors))('%s', (door, open) => {
  test.each([
    [{ jornalSize: 0 }, `${door} has no option jornalSize (did you mean journalSize?); it takes`],
    [{ spec: 'openapi.json' }, `${door} has no option spec (did you mean specPath?)`],
    [{ colour: 'red' }, `${door} has no option colour; it takes`],
    [{ journalSize: '10' }, `${door}: journalSize must be a whole number of requests (0 turns the journal off), got "10".`],
    [{ errors: 'yes' }, `${door}: errors must be true or false, got "yes".`],
    [{ requireKey: 'yes' }, `${door}: requireKey must be true or false, got "yes".`],
    [{ requiredKey: true }, `${door} has no option requiredKey (did you mean requireKey?)`],
    [{ rules: { operationId: 'listThumbnails' } }, `${door}: rules must be an array of rules, or the path of a JSON file holding one, got an object.`],
    [{ keys: ['k'] }, `${door}: keys must be a key registry such as {"test-key": "ok"}, or the path of a JSON file holding one, got an array.`],
  ])('%j is refused with a TypeError naming it', async (options, message) => {
    const opened = open(options);
    await expect(opened).rejects.toBeInstanceOf(TypeError);
    await expect(opened).rejects.toThrow(message);
  });

  test('rules and keys are taken from files by path', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mock-options-'));
    writeFileSync(join(dir, 'rules.json'), JSON.stringify([{ operationId: 'listThumbnails', answer: { status: 503 } }]));
    writeFileSync(join(dir, 'keys.json'), JSON.stringify({ 'file-key': 'ok' }));
    const mock = await open({ rules: join(dir, 'rules.json'), keys: join(dir, 'keys.json') });
    const server = 'handlers' in mock ? setupServer(...mock.handlers) : undefined;
    server?.listen({ onUnhandledRequest: 'error' });
    try {
      const url = 'url' in mock ? mock.url : baseUrl;
      const answers = await Promise.all(['file-key', 'other-key'].map((key) => fetch(`${url}/api/thumbnails`, { headers: { 'x-api-key': key } })));
      expect(answers.map((answer) => answer.status)).toEqual([503, 401]);
    } finally {
      server?.close();
      if ('stop' in mock) await mock.stop();
    }
  });
});

test('the command line names an unknown flag with the nearest known one, exit code 2', async () => {
  const run = runCli(['--jornal-size', '0']);
  expect(await run.exited).toEqual({ code: 2, signal: null });
  expect(run.stderr()).toContain("Unknown option '--jornal-size' (did you mean --journal-size?).");
});

test('startMock() still takes host, port and startTimeoutMs, and checks them', async () => {
  await expect(startMock({ port: 70_000 })).rejects.toThrow('startMock(): port must be an integer from 0 to 65535, got 70000.');
  await expect(startMock({ port: 0, startTimeoutMs: 0 })).rejects.toThrow('startMock(): startTimeoutMs must be a number of milliseconds above 0, got 0.');
  await expect(createHandlers({ baseUrl, port: 0 } as never)).rejects.toThrow('createHandlers() has no option port; it takes baseUrl,');
});
