// The MSW handlers against the HTTP mock (issue 21, item 7): the same generated requests, under the same generated
// rules, go to the HTTP mock over a real connection and through MSW's `setupServer` to `createHandlers()`, both sent
// with fetch as the client sends them. Each answer must have the same status, the same headers (all but date and
// connection framing) and the same body bytes, or be a network error on both sides; the journals must hold the same
// entries, and a rule must be taken or refused alike.
//
// Left out or changed, each for a reason in-process cannot change:
// - TRACE, CONNECT and TRACK are left out: fetch refuses to send them over the network, and MSW sees only fetch's requests.
// - A body on GET or HEAD is dropped (on both sides): a Fetch Request cannot carry one.
// - Answers Prism would make (`Prefer: dynamic=true`, generated values): the compiled-only HTTP mock and the handlers
//   both answer them with the `not-compiled` mock error, which is compared like any answer (MSW runs no Prism).
// - `hang` faults: both sides hold the request until the client gives up (the msw tests and examples check that).
//
// A case where a request got no answer in time on a side, or a network error on one side only (on a busy machine a
// kept-alive connection can fail under a request), is run again once (reset, rules, requests) with a longer limit.
// What its first run found among the other requests is kept and reported. On the second run, a request neither side
// answered is counted apart (src/no-answer.ts); one that a single side answered, or that met a network error on one
// side only, is a difference.
import type { RunningMock } from '@thumbnail-api/mock';
import type { MockRule, ThumbnailApiHandlers } from '@thumbnail-api/mock/msw';
import * as fc from 'fast-check';
import { differentialRequest } from './differential-requests.js';
import { asFetchSendsIt, notSendable, type Seen, seenDifferences, sendWithFetch, show } from './fetch-exchange.js';
import { describeCase, type FuzzPlan, runFuzz } from './fuzz-run.js';
import type { HttpRequestPlan } from './mock-request.js';
import { NoAnswers, PATIENCE } from './no-answer.js';

/** One side of the comparison: a mock over HTTP and the handlers, with the same options. */
export interface MswSide {
  /** The HTTP mock: rules, journal and reset. */
  http: Pick<RunningMock, 'rule' | 'requests' | 'reset'>;
  /** Where fetch sends the requests over HTTP: the mock's URL (or a server in front of it). */
  url: string;
  msw: ThumbnailApiHandlers;
}

/** How the requests are sent. */
export interface MswSending {
  /** Requests per case. */
  batch: number;
  /** The first limit of each request; the second run waits PATIENCE times as long. */
  timeoutMs: number;
  /** The fetch that reaches the network, kept before MSW patched the global one. */
  networkFetch: typeof fetch;
  /** The fetch MSW intercepts: the global one unless given (a mutation test wraps it). */
  mswFetch?: typeof fetch;
}

/** The header that tells each request's journal entries apart (the journal keeps headers; the comparison does not). */
export const REQUEST_MARK = 'x-fuzz-request';

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
async function addToBoth(side: MswSide, input: Record<string, unknown>): Promise<{ taken: boolean; problems: string[] }> {
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

/**
 * The journal as a sorted list of what it says (arrival order differs between the sides: the batch is concurrent),
 * without the entries of the requests `leftOut` names by their mark.
 */
export function journalOf(side: Pick<RunningMock, 'requests'>, leftOut: ReadonlySet<string> = new Set()): string[] {
  return side
    .requests()
    .filter((entry) => !leftOut.has(String(entry.headers[REQUEST_MARK])))
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

/** How two journals differ; empty when they hold the same entries. */
export function journalDifferences(httpJournal: readonly string[], mswJournal: readonly string[]): string[] {
  if (JSON.stringify(httpJournal) === JSON.stringify(mswJournal)) return [];
  const onlyHttp = httpJournal.filter((entry) => !mswJournal.includes(entry)).slice(0, 3);
  const onlyMsw = mswJournal.filter((entry) => !httpJournal.includes(entry)).slice(0, 3);
  return [
    `the journals differ (${httpJournal.length} entries over HTTP, ${mswJournal.length} through MSW): only over HTTP ${onlyHttp.join(' ')}; only through MSW ${onlyMsw.join(' ')}`,
  ];
}

/** A request one run could not judge: no answer in time on a side, or a network error on one side only. */
interface Unsettled {
  plan: HttpRequestPlan;
  overHttp: Seen;
  throughMsw: Seen;
}

/** What one run of a case found. */
interface CaseRun {
  /** Rules taken by one side and refused by the other. */
  ruleProblems: string[];
  /** Differences among the requests this run could judge, and of their journal entries. */
  failures: string[];
  same: number;
  taken: number;
  refused: number;
  unsettled: Unsettled[];
}

/** Runs a case once: both sides reset, the rules added to both, the requests sent to both, each with `limitMs`. */
async function runCase(side: MswSide, rules: Record<string, unknown>[], sendable: HttpRequestPlan[], limitMs: number, sending: MswSending): Promise<CaseRun> {
  side.http.reset();
  side.msw.reset();
  const run: CaseRun = { ruleProblems: [], failures: [], same: 0, taken: 0, refused: 0, unsettled: [] };
  for (const input of rules) {
    const { taken, problems } = await addToBoth(side, input);
    run.ruleProblems.push(...problems);
    if (taken) run.taken++;
    else run.refused++;
  }
  const marked = sendable.map((plan, index) => ({ ...plan, headers: [...plan.headers, [REQUEST_MARK, String(index)] as const] }));
  const answers = await Promise.all(
    marked.map((plan) =>
      Promise.all([
        sendWithFetch(sending.networkFetch, side.url, plan, limitMs),
        sendWithFetch(sending.mswFetch ?? globalThis.fetch, side.msw.baseUrl, plan, limitMs),
      ]),
    ),
  );
  const leftOut = new Set<string>();
  answers.forEach(([overHttp, throughMsw], index) => {
    const plan = sendable[index]!;
    const silent = overHttp.kind === 'no-answer' || throughMsw.kind === 'no-answer';
    if (silent || (overHttp.kind === 'network-error') !== (throughMsw.kind === 'network-error')) {
      run.unsettled.push({ plan, overHttp, throughMsw });
      leftOut.add(String(index));
      return;
    }
    const found = seenDifferences(overHttp, throughMsw);
    if (found.length === 0) run.same++;
    else run.failures.push(`${describeCase(plan)}\n    ${found.join('\n    ')}`);
  });
  // A request a side did not finish may be in one journal only: its entries are left out of both, the rest compared.
  run.failures.push(...journalDifferences(journalOf(side.http, leftOut), journalOf(side.msw, leftOut)));
  return run;
}

/** Runs the comparison; throws on the first case with a difference, past the share of no-answers, or below its floor. */
export async function runMswDifferential(sides: { plain: MswSide; registry: MswSide }, plan: FuzzPlan, sending: MswSending): Promise<void> {
  const { batch, timeoutMs } = sending;
  let sent = 0;
  let same = 0;
  let rulesTaken = 0;
  let rulesRefused = 0;
  let foundOnFirstRun = 0;
  const left = new Map<string, number>();
  const noAnswers = new NoAnswers();
  let firstFailure: string | undefined;

  const property = fc.asyncProperty(
    fc.boolean(),
    fc.array(rule, { maxLength: 3 }),
    fc.array(differentialRequest, { minLength: batch, maxLength: batch }),
    async (withRegistry, rules, requestBatch) => {
      const side = withRegistry ? sides.registry : sides.plain;
      const sendable = requestBatch
        .filter((request) => {
          const why = notSendable(request);
          if (why !== undefined) left.set(why, (left.get(why) ?? 0) + 1);
          return why === undefined;
        })
        .map(asFetchSendsIt);
      const first = await runCase(side, rules, sendable, timeoutMs, sending);
      let last = first;
      const failures = [...first.ruleProblems];
      if (first.unsettled.length > 0) {
        noAnswers.resent();
        last = await runCase(side, rules, sendable, timeoutMs * PATIENCE, sending);
        // The first run's findings among the requests it could judge stand: the second run only settles the rest.
        foundOnFirstRun += first.failures.length;
        failures.push(...first.failures.map((failure) => `(first run) ${failure}`));
      }
      failures.push(...last.failures);
      for (const { plan: request, overHttp, throughMsw } of last.unsettled) {
        const answers = `over HTTP: ${show(overHttp)}; through MSW: ${show(throughMsw)}`;
        if (overHttp.kind === 'no-answer' && throughMsw.kind === 'no-answer') noAnswers.unanswered(`${describeCase(request)} (${answers})`);
        else failures.push(`${describeCase(request)}\n    one side only, on both runs (the second with a ${PATIENCE}x longer limit): ${answers}`);
      }
      sent += sendable.length;
      same += last.same;
      rulesTaken += last.taken;
      rulesRefused += last.refused;
      if (failures.length > 0) {
        firstFailure ??= failures[0];
        throw new Error(`${failures.length} differences (registry: ${withRegistry}, rules ${JSON.stringify(rules)}):\n- ${failures.slice(0, 5).join('\n- ')}`);
      }
    },
  );

  try {
    // The longest case: both runs, and room to add rules and compare journals on a loaded machine.
    await runFuzz('mock (MSW handlers against the HTTP mock)', property, plan, { caseLimitMs: (1 + PATIENCE) * timeoutMs + 10_000 });
  } finally {
    const leftOut = [...left].map(([why, count]) => `${count} (${why})`).join(', ') || 'none';
    console.log(
      `fuzz mock (MSW handlers against the HTTP mock): ${sent} requests to each; ${same} answered alike; rules taken by both ${rulesTaken}, refused alike ${rulesRefused}; ` +
        `left out: ${leftOut}; differences found by the first run of a case run again: ${foundOnFirstRun}; ${noAnswers.summary(sent)}`,
    );
    if (firstFailure) console.log(`fuzz mock (MSW handlers against the HTTP mock): first difference:\n  ${firstFailure}`);
  }
  const excess = noAnswers.excess(sent);
  if (excess) throw new Error(`fuzz mock (MSW handlers against the HTTP mock): ${excess}`);
}
