// Each attempt ends at its own time limit: not before it, and not after it. On a fake clock (vitest's, over setTimeout,
// Date and performance.now) with a fetch that answers only when told and rejects when its signal aborts, as fetch does,
// so the time an attempt ended is exact, whatever the machine's load: no test here reads a real clock. Then, in child
// processes, a call in flight keeps Node.js running until it ends, and nothing does once the calls are over.
// test/time-limit-mutations.test.ts (slow) plants defects in a copy of the build (a timer armed for the latest deadline,
// one a millisecond late, ...) and sees the first part fail.
import { runProcess } from '@thumbnail-api/dev-tools/run-process';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { FetchFunction, ThumbnailClientOptions } from '../src/index.js';
import { APITimeoutError, ThumbnailClient } from './support/client-under-test.js';

const built = new URL('../dist/index.js', import.meta.url).href;
// Kept from before the clock is faked: a real turn of the event loop lets every promise the last step set off settle.
const realSetImmediate = setImmediate;
const settle = () => new Promise<void>((resolve) => realSetImmediate(resolve));

/** One request as the fetch saw it, on the fake clock: when it was sent, and when its signal aborted (or undefined). */
interface Sent {
  at: number;
  abortedAt: number | undefined;
}

/** A call on the fake clock: when it started, when it settled (undefined while in flight), and with what. */
interface Call {
  startedAt: number;
  settledAt: number | undefined;
  error: unknown;
  sent: Sent[];
}

/**
 * A fetch that never answers (or, with `stallBodyAfterMs`, answers 200 then, with a body that never ends) and rejects
 * once its signal aborts, as fetch does.
 */
function fetchOnTheClock(sent: Sent[], stallBodyAfterMs?: number): FetchFunction {
  return (_url, init) =>
    new Promise((resolve, reject) => {
      const request: Sent = { at: Date.now(), abortedAt: undefined };
      sent.push(request);
      init.signal?.addEventListener('abort', () => {
        request.abortedAt = Date.now();
        reject(init.signal?.reason);
      });
      if (stallBodyAfterMs === undefined) return;
      setTimeout(() => {
        const body = new ReadableStream({ start: (controller) => controller.enqueue(new TextEncoder().encode('{"thumbnails":')) });
        resolve(new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }));
      }, stallBodyAfterMs);
    });
}

/** Starts `thumbnails.list()` now, on a client of its own, and follows it. */
function startCall(options: ThumbnailClientOptions, stallBodyAfterMs?: number): Call {
  const call: Call = { startedAt: Date.now(), settledAt: undefined, error: undefined, sent: [] };
  const client = new ThumbnailClient({ apiKey: 'test-key', baseUrl: 'http://127.0.0.1:9', ...options, fetch: fetchOnTheClock(call.sent, stallBodyAfterMs) });
  client.thumbnails.list().then(
    () => {
      call.settledAt = Date.now();
    },
    (error: unknown) => {
      call.settledAt = Date.now();
      call.error = error;
    },
  );
  return call;
}

/** Moves the fake clock on `ms` milliseconds, one at a time, letting everything each step set off settle. */
async function clockOn(ms: number): Promise<void> {
  for (let step = 0; step < ms; step++) {
    await vi.advanceTimersByTimeAsync(1);
    await settle();
  }
}

/** How long each attempt of a call ran, from its request to its abort. */
const attemptTimes = (call: Call) => call.sent.map((request) => (request.abortedAt === undefined ? 'still running' : request.abortedAt - request.at));

describe('each attempt ends at its own time limit, not before and not after', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test.each<[string, number[]]>([
    ['one call', [100]],
    ['two calls, the shorter limit second', [300, 50]],
    ['two calls, the longer limit second', [50, 300]],
    ['seven calls at once, limits in no order', [200, 30, 120, 30, 80, 200, 10]],
  ])('%s: each ends the moment its limit passes', async (_, limits) => {
    const calls = limits.map((timeoutMs) => startCall({ timeoutMs, maxRetries: 0 }));
    await clockOn(Math.max(...limits) + 50);
    for (const [index, call] of calls.entries()) {
      expect(attemptTimes(call), `call ${index + 1} (timeoutMs ${limits[index]})`).toEqual([limits[index]]);
      expect(call.settledAt! - call.startedAt, `call ${index + 1} settled`).toBe(limits[index]);
      expect(call.error).toBeInstanceOf(APITimeoutError);
    }
  });

  test('a shorter limit started while a longer one runs ends first, at its own limit; the longer one runs on to its own', async () => {
    const long = startCall({ timeoutMs: 400, maxRetries: 0 });
    await clockOn(10);
    const short = startCall({ timeoutMs: 50, maxRetries: 0 });
    await clockOn(50);
    expect(short.settledAt! - short.startedAt).toBe(50);
    expect(long.settledAt).toBeUndefined();
    await clockOn(400);
    expect(long.settledAt! - long.startedAt).toBe(400);
    expect([attemptTimes(long), attemptTimes(short)]).toEqual([[400], [50]]);
  });

  test('each retry gets a full limit of its own', async () => {
    const call = startCall({ timeoutMs: 60, maxRetries: 2, retryDelayMs: 0 });
    await clockOn(300);
    expect(attemptTimes(call)).toEqual([60, 60, 60]);
    expect(call.error).toBeInstanceOf(APITimeoutError);
  });

  test('totalTimeoutMs ends the attempt it runs out in, the moment the whole call reaches it', async () => {
    const call = startCall({ timeoutMs: 100, totalTimeoutMs: 250, maxRetries: 5, retryDelayMs: 0 });
    await clockOn(400);
    expect(call.settledAt! - call.startedAt).toBe(250);
    expect(call.sent.at(-1)!.abortedAt! - call.startedAt).toBe(250);
    expect((call.error as Error).message).toContain('its 250 ms in all (totalTimeoutMs) ran out');
  });

  test('the limit covers the body: an answer whose body stalls ends at the limit counted from the request', async () => {
    const call = startCall({ timeoutMs: 100, maxRetries: 0 }, 20);
    await clockOn(200);
    expect(attemptTimes(call)).toEqual([100]);
    expect(call.settledAt! - call.startedAt).toBe(100);
    expect((call.error as Error).message).toContain('timed out after 100 ms');
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
    // A fetch that never settles and holds nothing open: only the attempt's timer keeps the process alive. The first
    // call answers, so a timer left over from it would not count.
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
