// `verify` is polite and ends cleanly: it keeps to its rate cap, waits for a Retry-After it may wait for, stops with
// its reason when the service pushes back harder, stops answering, resets, or cannot be reached, and never sends a
// POST twice. Each run is the real CLI against a stand-in on 127.0.0.1.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { survivorsOf } from '@thumbnail-api/dev-tools/process-marker';
import { afterEach, describe, expect, test } from 'vitest';
import type { VerifyReport } from '../src/findings.js';
import { runVerification } from '../src/run-verification.js';
import { scratchDir } from './helpers/scratch-dir.js';
import { runVerify, startVerify, stopAllVerifies } from './helpers/verify-cli.js';
import { faithful, KEY, type StandInAnswer, type StandInRequest, startVerifyStandIn, type VerifyStandIn } from './helpers/verify-stand-in.js';

const dir = scratchDir('verify-polite-');
const services: VerifyStandIn[] = [];
afterEach(async () => {
  await stopAllVerifies();
  for (const service of services.splice(0)) await service.close();
});

async function standIn(answer: (request: StandInRequest, index: number) => StandInAnswer): Promise<VerifyStandIn> {
  const service = await startVerifyStandIn(answer);
  services.push(service);
  return service;
}

const tooMany = (retryAfter?: string): StandInAnswer => ({
  status: 429,
  body: { success: false, error: 'Too Many Requests' },
  ...(retryAfter === undefined ? {} : { headers: { 'retry-after': retryAfter } }),
});

describe('when the service pushes back', () => {
  test('a 429 with Retry-After is waited for, the GET sent once more, and the run goes on', async () => {
    const service = await standIn((request, index) => (index === 0 ? tooMany('1') : faithful(request)));
    const json = join(dir, 'waited.json');
    const run = await runVerify(['--base-url', service.url, '--max-rps', '50', '--json', json]);
    expect(run.code).toBe(0);
    const [first, second] = service.received;
    expect([first?.scheme, second?.scheme]).toEqual(['x-api-key', 'x-api-key']);
    // A lower bound, not a speed: the second GET came no sooner than the Retry-After allowed.
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
    const report = JSON.parse(readFileSync(json, 'utf8')) as VerifyReport;
    expect(report.exchanges.slice(0, 2).map((exchange) => [exchange.pushback ?? false, exchange.attempt])).toEqual([
      [true, 1],
      [false, 2],
    ]);
    // Rate limits are not documented by the service: the 429 is shown for propose.
    expect(report.findings.some((finding) => finding.check === 'undocumented_status' && finding.message.includes('429'))).toBe(true);
  });

  test('the wait for a Retry-After is announced, with how long it is and why', async () => {
    const service = await standIn((request, index) => (index === 0 ? tooMany('1') : faithful(request)));
    const lines: string[] = [];
    await runVerification({
      baseUrl: new URL(service.url),
      apiKey: KEY,
      forbiddenKey: undefined,
      allowBilling: 0,
      prompts: ['unused'],
      postKinds: [],
      maxRps: 1000,
      requestTimeoutMs: 5000,
      maxTimeMs: 60_000,
      maxWaitMs: 5000,
      specPath: undefined,
      observed: undefined,
      onProgress: (line) => lines.push(line),
    });
    expect(lines[0]).toBe('[1/5] GET /api/thumbnails (the key in x-api-key)');
    expect(lines[1]).toMatch(/^\[2\/5\] GET \/api\/thumbnails \(the key in x-api-key, again\) in \d\.\d s \(the service's Retry-After\)$/);
  });

  test.each([
    ['asks to wait longer than --max-wait', '3600', /Stopped early: The service asked to wait 3600 s \(Retry-After\), longer than --max-wait 60 s; stopping\./],
    ['gives no Retry-After', undefined, /Stopped early: The service answered 429 without a Retry-After verify can read; stopping rather than guessing/],
    ['gives a Retry-After it cannot read', 'soon', /Stopped early: The service answered 429 without a Retry-After verify can read/],
  ])('a 429 that %s stops the run there, saying why (exit code 1)', async (_, retryAfter, reason) => {
    const service = await standIn(() => tooMany(retryAfter));
    const run = await runVerify(['--base-url', service.url, '--max-rps', '50', '--allow-billing', '3']);
    expect(run.stdout).toMatch(/^INCOMPLETE/m);
    expect(run.stdout).toMatch(reason);
    expect(run.code).toBe(1);
    expect(service.received).toHaveLength(1);
  });

  test('a POST answered 429 is never sent again, and the budget still counts it', async () => {
    const service = await standIn((request) => (request.method === 'POST' ? tooMany('0') : faithful(request)));
    const json = join(dir, 'post-429.json');
    const run = await runVerify(['--base-url', service.url, '--max-rps', '50', '--allow-billing', '2', '--json', json]);
    const posts = service.received.filter((request) => request.method === 'POST');
    expect(posts.map((request) => request.body.toString())).toEqual([...new Set(posts.map((request) => request.body.toString()))]);
    expect(posts).toHaveLength(2);
    const report = JSON.parse(readFileSync(json, 'utf8')) as VerifyReport;
    expect(report.budget.spent).toBe(2);
    // The 429s say nothing of the requests themselves: the assumptions they would test stay untested.
    expect(report.findings.find((finding) => finding.check === 'create-success-status')?.class).toBe('assumption-untested');
    expect(run.code).toBe(0);
  });

  test('keeps to --max-rps across the whole run, and finishes it: every request answered, PASSED, exit code 0', async () => {
    const service = await standIn(faithful);
    // A run that hangs is killed after a minute (5 requests at 5 a second take a few seconds, Prism's load included).
    const run = await runVerify(['--base-url', service.url, '--max-rps', '5'], {}, 60_000);
    expect(run.timedOut, `verify did not finish within a minute:\n${run.output}`).toBe(false);
    expect(run.stdout).toContain('PASSED: nothing violated, contradicted or changed');
    expect(run.code).toBe(0);
    expect(service.received).toHaveLength(5);
    // A lower bound, not a speed: 5 requests at 5 a second start at least 4 × 200 ms apart from first to last (less
    // the first request's own time on the wire, as the stand-in sees arrivals, not starts).
    expect(service.received[4]!.at - service.received[0]!.at).toBeGreaterThanOrEqual(750);
  });
});

describe('when the service does not answer', () => {
  test.each([
    ['never answers', { fault: 'hang' } as const, 'timeout', /The service gave no answer to 2 requests in a row; stopping rather than pressing on\./],
    ['resets every connection', { fault: 'reset' } as const, 'reset', /The service gave no answer to 2 requests in a row/],
  ])('a service that %s gets a clean verdict, not a crash, and no POST', async (_, fault, kind, reason) => {
    const service = await standIn(() => fault);
    const json = join(dir, `silent-${kind}.json`);
    const run = await runVerify(['--base-url', service.url, '--max-rps', '50', '--request-timeout', '1', '--allow-billing', '3', '--json', json]);
    expect(run.stdout).toMatch(/^INCOMPLETE: 1 not checked \(2 requests\)$/m);
    expect(run.stdout).toMatch(reason);
    expect(run.stderr).not.toMatch(/Error:|at .*\.js:\d+/);
    expect(run.code).toBe(1);
    expect(service.received).toHaveLength(2);
    const report = JSON.parse(readFileSync(json, 'utf8')) as VerifyReport;
    // One cause (the same failure on one operation), each request a symptom.
    const unanswered = report.findings.filter((finding) => finding.class === 'not-checked');
    expect(unanswered.map((finding) => [finding.check, finding.symptoms.length])).toEqual([[kind, 2]]);
    expect(run.survivors).toEqual([]);
  });

  test('an address where nothing listens stops the run at the first request', async () => {
    const service = await standIn(faithful);
    const url = service.url;
    await service.close();
    const run = await runVerify(['--base-url', url, '--allow-billing', '1']);
    expect(run.stdout).toMatch(/Stopped early: The service cannot be reached: No connection to 127\.0\.0\.1:\d+: ECONNREFUSED\./);
    expect(run.code).toBe(1);
  });

  test('--max-time ends the run, with what was found so far', async () => {
    const service = await standIn((request) => ({ ...(faithful(request) as object), delayMs: 400 }) as StandInAnswer);
    const run = await runVerify(['--base-url', service.url, '--max-rps', '50', '--max-time', '1']);
    expect(run.stdout).toMatch(/Stopped early: The run reached its time limit \(--max-time 1 s\)\./);
    expect(run.code).toBe(1);
    expect(service.received.length).toBeLessThan(5);
  });

  test('SIGINT ends the run and still prints the report', async () => {
    const service = await standIn(() => ({ fault: 'hang' }));
    const run = startVerify(['--base-url', service.url]);
    await expect.poll(() => service.received.length, { timeout: 30_000 }).toBe(1);
    run.child.kill('SIGINT');
    const exit = await run.exited;
    expect(run.stdout()).toMatch(/Stopped early: The run was interrupted\./);
    expect(exit.code).toBe(1);
    expect(await survivorsOf(run.marker)).toEqual([]);
  });
});

test('a key the service refuses both ways stops the run before any POST, and blames the key, not the contract', async () => {
  const service = await standIn(() => ({ status: 401, body: { success: false, error: 'Unauthorized' } }));
  const json = join(dir, 'refused.json');
  const run = await runVerify(['--base-url', service.url, '--max-rps', '50', '--allow-billing', '5', '--json', json]);
  expect(run.stdout).toMatch(
    /The service refused THUMBNAIL_API_KEY every way the contract documents \(x-api-key: 401, Authorization: Bearer: 401\) on listThumbnails: check the key\./,
  );
  expect(run.code).toBe(1);
  expect(service.posts()).toBe(0);
  const report = JSON.parse(readFileSync(json, 'utf8')) as VerifyReport;
  expect(report.findings.filter((finding) => finding.class === 'contract-violation')).toEqual([]);
  expect(report.verdict).toBe('incomplete');
});
