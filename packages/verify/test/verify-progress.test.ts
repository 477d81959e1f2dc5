// No silent waits: the run announces each request before its turn (and how long that turn is away), takes a turn of
// the rate cap only for a request it sends, and shows where it is on one line of a terminal, never in a CI log.
import { runProcess } from '@thumbnail-api/dev-tools/run-process';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Pacer } from '../src/rate-limit.js';
import { runVerification } from '../src/run-verification.js';
import { cliPath, runVerify } from './helpers/verify-cli.js';
import { faithful, KEY, startVerifyStandIn, type VerifyStandIn } from './helpers/verify-stand-in.js';

let service: VerifyStandIn;
beforeAll(async () => {
  service = await startVerifyStandIn(faithful);
});
afterAll(() => service.close());

const GETS = [
  'GET /api/thumbnails (the key in x-api-key)',
  'GET /api/thumbnails (the key as Authorization: Bearer)',
  'GET /api/thumbnails (the key in both headers)',
  'GET /api/thumbnails (no key)',
  'GET /api/thumbnails (a made-up key)',
];

describe('each turn of the rate cap is announced, and taken only for a request that is sent', () => {
  test.each([
    [0, GETS],
    [2, [...GETS, 'POST /api/thumbnails (prompt "only")', 'POST /api/thumbnails (a body without prompt)']],
  ])('with --allow-billing %i: one line per request sent, numbered against what the budget allows', async (allowBilling, requests) => {
    const lines: string[] = [];
    const report = await runVerification({
      baseUrl: new URL(service.url),
      apiKey: KEY,
      forbiddenKey: undefined,
      allowBilling,
      prompts: ['only'],
      postKinds: ['valid-request', 'missing-required-field', 'wrong-type-field', 'malformed-json'],
      maxRps: 1000,
      requestTimeoutMs: 5000,
      maxTimeMs: 60_000,
      maxWaitMs: 1000,
      specPath: undefined,
      observed: undefined,
      onProgress: (line) => lines.push(line),
    });
    expect(lines.map((line) => line.replace(/ in \d+\.\d s \(--max-rps 1000\)$/, ''))).toEqual(
      requests.map((request, index) => `[${index + 1}/${requests.length}] ${request}`),
    );
    expect(report.exchanges).toHaveLength(requests.length);
  });
});

test.each([
  ['of a fresh pacer is now', (_pacer: Pacer) => undefined, { inMs: 0, why: 'rate' }],
  ['after a turn at 2 requests a second is half a second away, for the rate cap', (pacer: Pacer) => pacer.turn(), { inMs: 500, why: 'rate' }],
  ["after a Retry-After of 3 s is 3 s away, for the service's Retry-After", (pacer: Pacer) => pacer.pauseFor(3000), { inMs: 3000, why: 'retry-after' }],
])('the next turn %s', async (_, act, expected) => {
  const pacer = new Pacer(2, new AbortController().signal, () => 10_000);
  await act(pacer);
  expect(pacer.nextTurn()).toEqual(expected);
});

test('on a terminal, one progress line is rewritten in place and cleared before the report', async () => {
  // util-linux's script gives the run a pseudo-terminal, as a shell in a terminal window does.
  const command = [process.execPath, cliPath, '--base-url', service.url, '--max-rps', '50'].map((part) => `'${part}'`).join(' ');
  const run = await runProcess('script', ['-qfec', command, '/dev/null'], { env: { ...process.env, THUMBNAIL_API_KEY: KEY }, timeoutMs: 60_000 });
  expect(run.code).toBe(0);
  for (const [index, request] of GETS.entries()) expect(run.stdout).toContain(`\r[${index + 1}/5] ${request}\x1b[K`);
  // The last progress line is cleared (carriage return, erase to the end of the line) before the report's first line.
  const last = run.stdout.lastIndexOf('\r[5/5] ');
  expect(run.stdout.indexOf('\r\x1b[Kthumbnail-api-verify http://127.0.0.1:', last)).toBeGreaterThan(last);
});

test('without a terminal (a CI log), stderr holds the start line alone', async () => {
  const run = await runVerify(['--base-url', service.url, '--max-rps', '50']);
  expect(run.code).toBe(0);
  expect(run.stderr).toBe(`thumbnail-api-verify: checking ${new URL(service.url).origin} (GETs only: no --allow-billing, at most 50 request(s)/s)\n`);
});
