// The attempts in flight share one timer (src/time-limits.ts): each still ends at its own time limit, whichever order
// they start in; a call in flight keeps Node.js running until it ends, and nothing does once the calls are over.
// Servers that "are slow" never answer, so only lower bounds are asserted: an attempt never ends before its limit.
import { runProcess } from '@thumbnail-api/dev-tools/run-process';
import { describe, expect, test } from 'vitest';
import { APITimeoutError, ThumbnailClient } from '../src/index.js';
import { useLocalServers } from './support/local-server.js';
import { rejectionOf } from './support/rejection.js';

const serve = useLocalServers();
const never = () => undefined;
const built = new URL('../dist/index.js', import.meta.url).href;
// Node fires timers on a clock of whole milliseconds: an attempt may end up to 2 ms before its limit, as with a timer of its own.
const EARLY_MS = 3;

/** Starts a call of `timeoutMs` and no retries; resolves with how long it ran before it failed, and with what. */
async function timedOut(baseUrl: string, timeoutMs: number): Promise<{ ms: number; error: Error }> {
  const started = performance.now();
  const error = await rejectionOf(new ThumbnailClient({ apiKey: 'test-key', baseUrl, maxRetries: 0, timeoutMs }).thumbnails.list());
  return { ms: performance.now() - started, error };
}

describe('attempts in flight together', () => {
  test('a shorter limit started later ends its own attempt on time, and leaves the longer one running to its own', async () => {
    const server = await serve(never);
    let longDone = false;
    const long = timedOut(server.url, 400).finally(() => {
      longDone = true;
    });
    const short = await timedOut(server.url, 50);
    expect(short.error).toBeInstanceOf(APITimeoutError);
    expect(short.error.message).toContain('timed out after 50 ms');
    expect(short.ms).toBeGreaterThanOrEqual(50 - EARLY_MS);
    expect(longDone).toBe(false);
    const { ms, error } = await long;
    expect(error.message).toContain('timed out after 400 ms');
    expect(ms).toBeGreaterThanOrEqual(400 - EARLY_MS);
  });

  test('a longer limit started later is not cut short when the shorter one ends', async () => {
    const server = await serve(never);
    const [short, long] = await Promise.all([timedOut(server.url, 50), timedOut(server.url, 300)]);
    expect(short.error.message).toContain('timed out after 50 ms');
    expect(short.ms).toBeGreaterThanOrEqual(50 - EARLY_MS);
    expect(long.error.message).toContain('timed out after 300 ms');
    expect(long.ms).toBeGreaterThanOrEqual(300 - EARLY_MS);
  });

  test('many calls at once each end at their own limit', async () => {
    const server = await serve(never);
    const limits = [200, 30, 120, 30, 80, 200, 10];
    const results = await Promise.all(limits.map((limit) => timedOut(server.url, limit)));
    results.forEach(({ ms, error }, index) => {
      expect(error.message).toContain(`timed out after ${limits[index]} ms`);
      expect(ms).toBeGreaterThanOrEqual(limits[index]! - EARLY_MS);
    });
  });
});

describe('the Node.js process', () => {
  // In a child process, as users run the client: `program` is an ES module with ThumbnailClient imported.
  const run = (program: string) =>
    runProcess(process.execPath, ['--input-type=module', '-e', `import { ThumbnailClient } from ${JSON.stringify(built)};\n${program}`], {
      timeoutMs: 15_000,
    });

  test('exits once the calls are over, without waiting for a time limit', async () => {
    const result = await run(`
      import { createServer } from 'node:http';
      const server = createServer((req, res) => res.end('{"thumbnails":[]}'));
      await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
      const client = new ThumbnailClient({ apiKey: 'k', baseUrl: 'http://127.0.0.1:' + server.address().port, timeoutMs: 600000 });
      await Promise.all([client.thumbnails.list(), client.thumbnails.list({ timeoutMs: 300000 })]);
      await client.thumbnails.list();
      server.close();
      server.closeAllConnections();
      console.log('calls over');
    `);
    // A timer left holding the process would keep it running for minutes, past the 15 s this run is given.
    expect(result.timedOut).toBe(false);
    expect([result.code, result.stdout.trim()]).toEqual([0, 'calls over']);
  });

  test('keeps running while a call is in flight, until its time limit ends it', async () => {
    // A fetch that never settles and holds nothing open: only the attempt's time limit keeps the process alive. The
    // first call answers: its attempt's timer is the first, from which the client learns that attempts can share one
    // (time-limits.ts), so the second call is timed by the shared timer.
    const result = await run(`
      let hang = false;
      const fetch = async () => hang ? new Promise(() => {}) : new Response('{"thumbnails":[]}', { headers: { 'content-type': 'application/json' } });
      const client = new ThumbnailClient({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9', timeoutMs: 200, maxRetries: 0, fetch });
      await client.thumbnails.list();
      hang = true;
      try { await client.thumbnails.list(); } catch (error) { console.log('threw', error.name); }
    `);
    expect([result.code, result.stdout.trim()]).toEqual([0, 'threw APITimeoutError']);
  });
});
