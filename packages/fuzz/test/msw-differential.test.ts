// The MSW handlers against the HTTP mock (issue 21, item 7): the same generated requests, under the same generated
// rules, go to `startCompiledMock()` over a real connection and through MSW's `setupServer` to `createHandlers()`,
// both sent with fetch as the client sends them. Each answer must have the same status, the same headers (all but
// date and connection framing) and the same body bytes, or be a network error on both sides; the journals must hold
// the same entries, and a rule must be taken or refused alike.
//
// Left out or changed, each for a reason in-process cannot change:
// - TRACE, CONNECT and TRACK are left out: fetch refuses to send them over the network, and MSW sees only fetch's requests.
// - A body on GET or HEAD is dropped (on both sides): a Fetch Request cannot carry one.
// - Answers Prism would make (`Prefer: dynamic=true`, generated values): the compiled-only HTTP mock and the handlers
//   both answer them with the `not-compiled` mock error, which is compared like any answer (MSW runs no Prism).
// - `hang` faults: both sides hold the request until the client gives up (the msw tests and examples check that).
//
// A case where either side gave no answer in time is run again once (reset, rules, requests) with a longer limit; a
// request that still gets none is counted apart, and fails the run only past a small share (src/no-answer.ts). So is a
// case where a request met a network error on one side only (on a busy machine a kept-alive connection can fail
// under a request): if the second run shows it again, it is a difference.

import type { RunningMock } from '@thumbnail-api/mock';
import { startCompiledMock } from '@thumbnail-api/mock/internal';
import { createHandlers, type MockRule, type ThumbnailApiHandlers } from '@thumbnail-api/mock/msw';
import * as fc from 'fast-check';
import { type SetupServerApi, setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { differentialRequest } from '../src/differential-requests.js';
import { describeCase, fuzzPlan, runFuzz } from '../src/fuzz-run.js';
import type { HttpRequestPlan } from '../src/mock-request.js';
import { NoAnswers, withSecondTry } from '../src/no-answer.js';
import { REGISTRY } from '../src/request-arbitraries.js';

const BATCH = 50;
// 48 cases of 50 requests, a few of them left out: above the floor of 2,000 requests per CI run.
const CI_CASES = 48;
const TIMEOUT_MS = 20_000;
const MSW_PLAIN = 'https://plain.thumbnails.test';
const MSW_REGISTRY = 'https://registry.thumbnails.test/v1';

/** Headers no answer is compared by: when and how the bytes travelled, not what they say. */
const FRAMING = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** What came back to fetch. */
type Seen =
  | { kind: 'response'; status: number; statusText: string; headers: Record<string, string>; body: Buffer | 'broke-off' }
  | { kind: 'network-error' }
  | { kind: 'refused-by-fetch'; message: string }
  /** No whole answer within the time limit. */
  | { kind: 'no-answer' };

interface Side {
  http: RunningMock;
  msw: ThumbnailApiHandlers;
}

let plain: Side;
let registry: Side;
let server: SetupServerApi | undefined;
// The real fetch, kept before MSW patches the global one: the HTTP mock is called over the network.
const networkFetch = globalThis.fetch;

beforeAll(async () => {
  const [httpPlain, httpRegistry, mswPlain, mswRegistry] = await Promise.all([
    startCompiledMock({ port: 0 }),
    startCompiledMock({ port: 0, keys: { ...REGISTRY } }),
    createHandlers({ baseUrl: MSW_PLAIN }),
    createHandlers({ baseUrl: MSW_REGISTRY, keys: { ...REGISTRY } }),
  ]);
  plain = { http: httpPlain, msw: mswPlain };
  registry = { http: httpRegistry, msw: mswRegistry };
  server = setupServer(...mswPlain.handlers, ...mswRegistry.handlers);
  server.listen({ onUnhandledRequest: 'error' });
});

afterAll(async () => {
  server?.close();
  await Promise.all([plain?.http.stop(), registry?.http.stop()]);
});

/** Why fetch cannot send a request, whatever it is sent to; `undefined` when it can. */
function notSendable(plan: HttpRequestPlan): string | undefined {
  return ['TRACE', 'CONNECT', 'TRACK'].includes(plan.method.toUpperCase()) ? `fetch refuses ${plan.method}` : undefined;
}

/** The request as fetch sends it: without a body on GET and HEAD. */
function asFetchSendsIt(plan: HttpRequestPlan): HttpRequestPlan {
  return (plan.method === 'GET' || plan.method === 'HEAD') && plan.body.kind !== 'none' ? { ...plan, body: { kind: 'none' } } : plan;
}

function bodyInit(plan: HttpRequestPlan): { body?: BodyInit; duplex?: 'half' } {
  if (plan.body.kind !== 'bytes') return {};
  const bytes = new Uint8Array(plan.body.bytes);
  if (!plan.body.chunked) return { body: bytes };
  // A stream goes chunked over HTTP; MSW reads the same bytes.
  const stream = new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  return { body: stream, duplex: 'half' };
}

/** Whether fetch (or the body's read) failed because the time limit's signal fired. */
const timedOut = (error: unknown) =>
  error instanceof Error && (error.name === 'TimeoutError' || (error.cause instanceof Error && error.cause.name === 'TimeoutError'));

async function send(fetchFn: typeof fetch, base: string, plan: HttpRequestPlan, limitMs: number): Promise<Seen> {
  let response: Response;
  try {
    const headers = new Headers();
    for (const [name, value] of plan.headers) headers.append(name, value);
    response = await fetchFn(`${base}${plan.target}`, {
      method: plan.method,
      headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(limitMs),
      ...bodyInit(plan),
    } as RequestInit);
  } catch (error) {
    if (timedOut(error)) return { kind: 'no-answer' };
    const message = error instanceof Error ? error.message : String(error);
    // A request fetch will not make fails alike on both sides; one that was sent and got no answer is a network error.
    return /fetch failed|Failed to fetch/.test(message) ? { kind: 'network-error' } : { kind: 'refused-by-fetch', message };
  }
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!FRAMING.has(name)) headers[name] = value;
  });
  let body: Buffer | 'broke-off';
  try {
    body = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    if (timedOut(error)) return { kind: 'no-answer' };
    body = 'broke-off';
  }
  return { kind: 'response', status: response.status, statusText: response.statusText, headers, body };
}

function differences(overHttp: Seen, throughMsw: Seen): string[] {
  if (overHttp.kind !== throughMsw.kind) return [`over HTTP: ${show(overHttp)}; through MSW: ${show(throughMsw)}`];
  if (overHttp.kind !== 'response' || throughMsw.kind !== 'response') {
    return overHttp.kind === 'refused-by-fetch' && throughMsw.kind === 'refused-by-fetch' && overHttp.message !== throughMsw.message
      ? [`fetch refused it differently: ${overHttp.message} / ${throughMsw.message}`]
      : [];
  }
  const found: string[] = [];
  if (overHttp.status !== throughMsw.status) found.push(`status ${overHttp.status} over HTTP, ${throughMsw.status} through MSW`);
  if (overHttp.statusText !== throughMsw.statusText)
    found.push(`status text ${JSON.stringify(overHttp.statusText)} / ${JSON.stringify(throughMsw.statusText)}`);
  for (const name of new Set([...Object.keys(overHttp.headers), ...Object.keys(throughMsw.headers)])) {
    if (overHttp.headers[name] !== throughMsw.headers[name]) {
      found.push(`header ${name}: ${JSON.stringify(overHttp.headers[name])} over HTTP, ${JSON.stringify(throughMsw.headers[name])} through MSW`);
    }
  }
  const same =
    overHttp.body === throughMsw.body || (Buffer.isBuffer(overHttp.body) && Buffer.isBuffer(throughMsw.body) && overHttp.body.equals(throughMsw.body));
  if (!same) found.push(`body ${excerpt(overHttp.body)} over HTTP, ${excerpt(throughMsw.body)} through MSW`);
  return found;
}

function show(seen: Seen): string {
  if (seen.kind === 'response') return `${seen.status} ${seen.headers['content-type'] ?? '(no content-type)'} ${excerpt(seen.body)}`;
  if (seen.kind === 'no-answer') return 'no answer in time';
  return seen.kind === 'network-error' ? 'a network error' : `fetch refused it: ${seen.message}`;
}

function excerpt(body: Buffer | 'broke-off'): string {
  return body === 'broke-off' ? '(broke off)' : JSON.stringify(body.toString('utf8', 0, 160));
}

/** Rules a test might add, and rules the contract refuses (both sides must refuse them alike). */
const rule: fc.Arbitrary<Record<string, unknown>> = fc
  .record({
    matches: fc.constantFrom<Record<string, unknown>>(
      { operationId: 'listThumbnails' },
      { operationId: 'createThumbnail' },
      { method: 'GET', path: '/api/thumbnails' },
      { method: 'POST', path: '/api/thumbnails' },
      { operationId: 'deleteThumbnail' },
    ),
    key: fc.option(fc.constantFrom('fuzz-key-ok', 'some-key', 'sk_test_123', 'FUZZ-KEY-OK'), { freq: 2 }),
    body: fc.option(fc.constantFrom({ prompt: '' }, { prompt: 'a' }, { size: 2 }), { freq: 4 }),
    delayMs: fc.option(fc.integer({ min: 0, max: 15 }), { freq: 3 }),
    does: fc.oneof(
      fc.record({
        answer: fc.record(
          {
            status: fc.constantFrom(200, 201, 401, 403, 418, 429, 500, 502, 503, 504),
            headers: fc.constantFrom({ 'retry-after': '1' }, { 'x-request-id': 'req_1' }, { connection: 'close' }),
            body: fc.constantFrom<unknown>({ success: false, error: 'Overloaded' }, { thumbnails: [{ id: 't_1' }] }, 'not an object', {}),
          },
          { requiredKeys: ['status'] },
        ),
      }),
      fc.constantFrom({ fault: 'reset' }, { fault: 'malformed' }, { fault: 'truncated' }, { fault: 'sideways' }),
      fc.constant({}),
    ),
  })
  .map(({ matches, key, body, delayMs, does }) => ({
    ...matches,
    ...(key === null ? {} : { key }),
    ...(body === null ? {} : { body }),
    ...(delayMs === null ? {} : { delayMs }),
    ...does,
  }));

/** Adds a rule to both sides: both must take it, or refuse it with the same message. */
async function addToBoth(side: Side, input: Record<string, unknown>): Promise<{ taken: boolean; problems: string[] }> {
  const outcome = (promise: Promise<unknown>) =>
    promise.then(
      () => 'taken',
      (error: Error) => `refused: ${error.message}`,
    );
  // The input is arbitrary on purpose (most of it is not a MockRule): both sides must refuse it alike at run time.
  const rule = input as unknown as MockRule;
  const [overHttp, throughMsw] = await Promise.all([outcome(side.http.rule(rule)), outcome(side.msw.rule(rule))]);
  const problems = overHttp === throughMsw ? [] : [`the rule ${JSON.stringify(input)} was ${overHttp} by the HTTP mock, ${throughMsw} by the handlers`];
  return { taken: overHttp === 'taken', problems };
}

/** The journal as a sorted list of what it says (arrival order differs between the sides: the batch is concurrent). */
function journalOf(side: RunningMock | ThumbnailApiHandlers): string[] {
  return side
    .requests()
    .map((entry) =>
      JSON.stringify([
        entry.method,
        entry.path,
        entry.query,
        entry.operationId,
        entry.status,
        entry.body,
        entry.bodyTruncated,
        entry.rule !== null,
        entry.simulated,
        entry.keyHint,
      ]),
    )
    .sort();
}

/** What one run of a case found. */
interface CaseRun {
  failures: string[];
  same: number;
  taken: number;
  refused: number;
  /** The requests either side gave no answer to in time. */
  unanswered: HttpRequestPlan[];
  /** Whether a request met a network error on one side only. */
  oneSided: boolean;
}

/** Runs a case once: both sides reset, the rules added to both, the requests sent to both, each with `limitMs`. */
async function runCase(side: Side, rules: Record<string, unknown>[], sendable: HttpRequestPlan[], limitMs: number): Promise<CaseRun> {
  side.http.reset();
  side.msw.reset();
  const run: CaseRun = { failures: [], same: 0, taken: 0, refused: 0, unanswered: [], oneSided: false };
  for (const input of rules) {
    const { taken, problems } = await addToBoth(side, input);
    run.failures.push(...problems);
    if (taken) run.taken++;
    else run.refused++;
  }
  const answers = await Promise.all(
    sendable.map((plan) => Promise.all([send(networkFetch, side.http.url, plan, limitMs), send(globalThis.fetch, side.msw.baseUrl, plan, limitMs)])),
  );
  answers.forEach(([overHttp, throughMsw], index) => {
    const plan = sendable[index]!;
    if (overHttp.kind === 'no-answer' || throughMsw.kind === 'no-answer') {
      run.unanswered.push(plan);
      return;
    }
    if ((overHttp.kind === 'network-error') !== (throughMsw.kind === 'network-error')) run.oneSided = true;
    const found = differences(overHttp, throughMsw);
    if (found.length === 0) run.same++;
    else run.failures.push(`${describeCase(plan)}\n    ${found.join('\n    ')}`);
  });
  // A request one side never finished may be in one journal only: the journals are compared when every request was answered.
  if (run.unanswered.length > 0) return run;
  const [httpJournal, mswJournal] = [journalOf(side.http), journalOf(side.msw)];
  if (JSON.stringify(httpJournal) !== JSON.stringify(mswJournal)) {
    const onlyHttp = httpJournal.filter((entry) => !mswJournal.includes(entry)).slice(0, 3);
    const onlyMsw = mswJournal.filter((entry) => !httpJournal.includes(entry)).slice(0, 3);
    run.failures.push(`the journals differ: only over HTTP ${onlyHttp.join(' ')}; only through MSW ${onlyMsw.join(' ')}`);
  }
  return run;
}

test('the MSW handlers answer every generated request as the HTTP mock does, under the same rules', async () => {
  let sent = 0;
  let same = 0;
  let rulesTaken = 0;
  let rulesRefused = 0;
  const left = new Map<string, number>();
  const noAnswers = new NoAnswers();
  let firstFailure: string | undefined;

  const property = fc.asyncProperty(
    fc.boolean(),
    fc.array(rule, { maxLength: 3 }),
    fc.array(differentialRequest, { minLength: BATCH, maxLength: BATCH }),
    async (withRegistry, rules, batch) => {
      const side = withRegistry ? registry : plain;
      const sendable = batch
        .filter((plan) => {
          const why = notSendable(plan);
          if (why !== undefined) left.set(why, (left.get(why) ?? 0) + 1);
          return why === undefined;
        })
        .map(asFetchSendsIt);
      const run = await withSecondTry(
        (patience) => runCase(side, rules, sendable, TIMEOUT_MS * patience),
        (once) => once.unanswered.length > 0 || once.oneSided,
        noAnswers,
      );
      for (const plan of run.unanswered) noAnswers.unanswered(describeCase(plan));
      sent += sendable.length;
      same += run.same;
      rulesTaken += run.taken;
      rulesRefused += run.refused;
      if (run.failures.length > 0) {
        firstFailure ??= run.failures[0];
        throw new Error(
          `${run.failures.length} differences (registry: ${withRegistry}, rules ${JSON.stringify(rules)}):\n- ${run.failures.slice(0, 5).join('\n- ')}`,
        );
      }
    },
  );

  let interrupted = false;
  try {
    ({ interrupted } = await runFuzz('mock (MSW handlers against the HTTP mock)', property, fuzzPlan(CI_CASES)));
  } finally {
    const leftOut = [...left].map(([why, count]) => `${count} (${why})`).join(', ') || 'none';
    console.log(
      `fuzz mock (MSW handlers against the HTTP mock): ${sent} requests to each; ${same} answered alike; rules taken by both ${rulesTaken}, refused alike ${rulesRefused}; left out: ${leftOut}; ${noAnswers.summary(sent)}`,
    );
    if (firstFailure) console.log(`fuzz mock (MSW handlers against the HTTP mock): first difference:\n  ${firstFailure}`);
  }
  const excess = noAnswers.excess(sent);
  if (excess) throw new Error(`fuzz mock (MSW handlers against the HTTP mock): ${excess}`);
  // The floor for a CI run that ran all its cases (a run the time budget stopped says so in its summary line).
  if (process.env.FAST_CHECK_RUNS === undefined && !interrupted) expect(sent).toBeGreaterThanOrEqual(2_000);
});
