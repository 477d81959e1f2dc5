// The rule the differential and mock suites share for requests that get no answer in time (src/no-answer.ts), against a
// real server on 127.0.0.1 that is slow once, or never answers: sent again once with a longer limit, counted apart, and a
// run fails only past 1 in 100 requests without an answer.
import { createServer } from 'node:http';
import { type LoopbackServer, listenOnLoopback } from '@thumbnail-api/dev-tools/loopback-port';
import { afterEach, describe, expect, test } from 'vitest';
import { type MockRequest, sendToMock } from '../src/mock-request.js';
import { NO_ANSWER_SHARE, NoAnswers, PATIENCE, withSecondTry } from '../src/no-answer.js';

const LIMIT_MS = 300;
const get: MockRequest = { kind: 'http', method: 'GET', target: '/api/thumbnails', headers: [['x-api-key', 'k']], body: { kind: 'none' } };
const servers: LoopbackServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A server that answers request number `n` (from 0) after `delayMs(n)` ms, or never when that is `undefined`. */
async function serverWithDelays(delayMs: (n: number) => number | undefined): Promise<{ url: string; seen: () => number }> {
  let seen = 0;
  const server = await listenOnLoopback(
    createServer((_req, res) => {
      const delay = delayMs(seen++);
      if (delay !== undefined) setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'), delay);
    }),
  );
  servers.push(server);
  return { url: server.url, seen: () => seen };
}

const send = (url: string, tally: NoAnswers) =>
  withSecondTry(
    (patience) => sendToMock(url, get, LIMIT_MS * patience),
    (answer) => answer.kind === 'hung',
    tally,
  );

describe('a request without an answer in time', () => {
  test('is sent again once with a longer limit, and its answer then counts', async () => {
    // The first answer comes after the first limit (timers of one process fire in order), the second at once.
    const server = await serverWithDelays((n) => (n === 0 ? LIMIT_MS * 2 : 0));
    const tally = new NoAnswers();
    const answer = await send(server.url, tally);
    expect(answer).toMatchObject({ kind: 'response', status: 200 });
    expect(server.seen()).toBe(2);
    expect(tally.count).toBe(0);
    expect(tally.summary(1)).toContain(`sent again with a ${PATIENCE}x longer limit: 1`);
  });

  test('is sent no third time, and is left to the caller to count as no answer', async () => {
    const server = await serverWithDelays(() => undefined);
    const tally = new NoAnswers();
    expect(await send(server.url, tally)).toEqual({ kind: 'hung' });
    expect(server.seen()).toBe(2);
  });

  test('an answer in time is not sent again', async () => {
    const server = await serverWithDelays(() => 0);
    const tally = new NoAnswers();
    expect(await send(server.url, tally)).toMatchObject({ kind: 'response', status: 200 });
    expect(server.seen()).toBe(1);
    expect(tally.summary(1)).toBe(`no answer: 0 of 1 requests (at most 0 allowed, 1%); sent again with a ${PATIENCE}x longer limit: 0`);
  });
});

describe('a run', () => {
  test.each([
    [10_000, 100, false],
    [10_000, 101, true],
    [1_172, 11, false],
    [1_172, 12, true],
    [50, 0, false],
    [50, 1, true],
  ])(`of %i requests with %i without an answer fails: %s (the share is ${NO_ANSWER_SHARE * 100}%)`, (requests, unanswered, fails) => {
    const tally = new NoAnswers();
    for (let i = 0; i < unanswered; i++) tally.unanswered(`GET /api/thumbnails #${i}`);
    const excess = tally.excess(requests);
    if (fails) expect(excess).toMatch(new RegExp(`^${unanswered} of ${requests} requests got no answer, even with a ${PATIENCE}x longer limit`));
    else expect(excess).toBeUndefined();
  });

  test('names the first requests without an answer in its failure and its summary', () => {
    const tally = new NoAnswers();
    tally.unanswered('POST /api/thumbnails {"prompt":"a"}');
    expect(tally.excess(10)).toContain('- POST /api/thumbnails {"prompt":"a"}');
    expect(tally.summary(10)).toContain('the first without one: POST /api/thumbnails {"prompt":"a"}');
  });
});
