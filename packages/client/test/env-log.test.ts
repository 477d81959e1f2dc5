// THUMBNAIL_API_LOG switches on the client's log without code: lines at or above its level go to standard error; the
// `logger` option wins over it; a value that names no level is warned of once and never throws. Run in child processes,
// as users run it. (That no line holds the key is key-safety.test.ts's.)
import { describe, expect, test } from 'vitest';
import { clientLines, runWithLog } from './support/env-log-child.js';
import { json, useLocalServers } from './support/local-server.js';

const serve = useLocalServers();

// A 503, then a 200: one retry, so each level has a line to write.
const flaky = () => serve((_, res, index) => (index === 0 ? json(res, 503, { success: false, error: 'Busy' }) : json(res, 200, { thumbnails: [] })));

describe('THUMBNAIL_API_LOG', () => {
  test('debug writes each attempt with its headers, the retry and the success to standard error', async () => {
    const server = await flaky();
    const result = await runWithLog('debug', { apiKey: 'k', baseUrl: server.url, retryDelayMs: 1 });
    expect(result.code).toBe(0);
    expect(clientLines(result)).toEqual([
      expect.stringMatching(
        /^thumbnail-api debug: GET http:\/\/127\.0\.0\.1:\d+\/api\/thumbnails \(attempt 1 of 3\) headers: accept: application\/json, .*x-api-key: \*\*\*, x-thumbnail-client-runtime: node, /,
      ),
      expect.stringMatching(/^thumbnail-api warn: GET .+ answered 503 Service Unavailable in \d+ ms; retrying in \d+ ms$/),
      expect.stringMatching(/^thumbnail-api debug: GET .+ \(attempt 2 of 3\) headers: /),
      expect.stringMatching(/^thumbnail-api info: GET .+ answered 200 OK in \d+ ms$/),
    ]);
    expect(result.stdout).toBe('');
  });

  test.each([
    ['info', ['warn', 'info']],
    ['warn', ['warn']],
    ['error', []],
    ['off', []],
    ['WARN', ['warn']],
  ])('%s writes the lines of that level and above only', async (level, levels) => {
    const server = await flaky();
    const result = await runWithLog(level, { apiKey: 'k', baseUrl: server.url, retryDelayMs: 1 });
    expect(result.code).toBe(0);
    expect(clientLines(result).map((line) => /^thumbnail-api (\w+):/.exec(line)?.[1])).toEqual(levels);
  });

  test('error writes the failure a call ends in', async () => {
    const server = await serve((_, res) => json(res, 401, { success: false, error: 'Unauthorized' }));
    const result = await runWithLog('error', { apiKey: 'k', baseUrl: server.url });
    expect(result.stdout.trim()).toBe('threw AuthenticationError');
    expect(clientLines(result)).toEqual([expect.stringMatching(/^thumbnail-api error: GET .+ answered 401 Unauthorized in \d+ ms$/)]);
  });

  test('unset, the client writes nothing', async () => {
    const server = await flaky();
    const result = await runWithLog(undefined, { apiKey: 'k', baseUrl: server.url, retryDelayMs: 1 });
    expect([result.code, result.stderr]).toEqual([0, '']);
  });

  test('the logger option wins: its debug() gets the lines, standard error none', async () => {
    const server = await flaky();
    const calls = `
      const lines = [];
      const logged = new ThumbnailClient({ apiKey: 'k', baseUrl: ${JSON.stringify(server.url)}, retryDelayMs: 1, logger: { debug: (line) => lines.push(line) } });
      await logged.thumbnails.list();
      console.log(lines.length);`;
    const result = await runWithLog('debug', { apiKey: 'k', baseUrl: server.url }, calls);
    expect(result.code).toBe(0);
    expect(clientLines(result)).toEqual([]);
    expect(result.stdout.trim()).toBe('4');
  });

  test('a value that names no level is warned of once per process, and calls go on unlogged', async () => {
    const server = await flaky();
    const calls = `
      new ThumbnailClient({ apiKey: 'k', baseUrl: ${JSON.stringify(server.url)} });
      await client.thumbnails.list();
      console.log('done');`;
    const result = await runWithLog('verbose', { apiKey: 'k', baseUrl: server.url, retryDelayMs: 1 }, calls);
    expect([result.code, result.stdout.trim()]).toEqual([0, 'done']);
    const warnings = result.stderr.split('\n').filter((line) => line.includes('THUMBNAIL_API_LOG'));
    expect(warnings).toEqual([
      expect.stringContaining(
        '[THUMBNAIL_API_LOG_INVALID] Warning: thumbnail-api: THUMBNAIL_API_LOG is "verbose", which is not a log level: set it to debug, info, warn, error, off. The client logs nothing meanwhile.',
      ),
    ]);
    expect(clientLines(result)).toEqual([]);
  });
});
