// The differential campaign (issue 15): the same generated requests go to the mock and to the Prism CLI serving the
// same contract, and the mock must answer as Prism does, or, where it differs on purpose, the improved way listed in
// src/deliberate-differences.ts. An exchange where a side gave no answer in time is sent again once with a longer
// limit; one that both sides still leave unanswered is counted apart (src/no-answer.ts), one that a single side leaves
// unanswered is a difference. The servers are given by URL, so a mutation test can put a broken one in the mock's place.
import { createRequire } from 'node:module';
import { type PrismCli, startPrismCli } from '@thumbnail-api/dev-tools/prism-cli';
import { openapiJsonPath } from '@thumbnail-api/spec';
import * as fc from 'fast-check';
import { deliberateDifferences, type Exchange } from './deliberate-differences.js';
import { differentialRequest } from './differential-requests.js';
import { describeAnswer, judgeExchange } from './differential-verdict.js';
import { describeCase, type FuzzPlan, runFuzz } from './fuzz-run.js';
import { type FuzzedMocks, startFuzzedMocks } from './fuzzed-mocks.js';
import { type KeepAliveSender, keepAliveSender } from './keep-alive-sender.js';
import type { HttpRequestPlan, MockAnswer } from './mock-request.js';
import { NoAnswers, PATIENCE, resentExcess, withSecondTry } from './no-answer.js';

/** Where the requests go. */
export interface DifferentialTargets {
  /** The reference: the Prism CLI serving the bundled contract ({@link startReferencePrism}). */
  prism: Pick<PrismCli, 'url' | 'alive' | 'lastOutput'>;
  /** The mock without a key registry. */
  plainUrl: string;
  /** The mock with the keys of REGISTRY. */
  registryUrl: string;
}

/** How the requests are sent. */
export interface DifferentialSending {
  /** Requests per case, sent at once to each side. */
  batch: number;
  /** Kept-alive connections per server. */
  connections: number;
  /** The first limit of each request; its second try waits PATIENCE times as long. */
  requestTimeoutMs: number;
}

/** What CI sends: 50 requests per case over 16 connections, each within 20 s first. */
export const CI_SENDING: DifferentialSending = { batch: 50, connections: 16, requestTimeoutMs: 20_000 };

/** Starts the Prism CLI of this package's pinned version on the bundled contract, given one valid JSON POST first. */
export async function startReferencePrism(): Promise<PrismCli> {
  const cliPath = createRequire(import.meta.url).resolve('@stoplight/prism-cli/dist/index.js');
  const prism = await startPrismCli({ cliPath, specPath: openapiJsonPath });
  try {
    // Prism 5.14 stops validating JSON bodies for good when the first body it reads is a chunked form body (found by
    // this campaign): a JSON POST first keeps the reference a reference. The mock gets no such help.
    const sender = keepAliveSender(prism.url, 1, CI_SENDING.requestTimeoutMs);
    const body = { kind: 'bytes' as const, bytes: new TextEncoder().encode('{"prompt":"prime"}'), chunked: false };
    const headers = [
      ['x-api-key', 'prime'],
      ['content-type', 'application/json'],
    ] as const;
    const answer = await sender.send({ kind: 'http', method: 'POST', target: '/api/thumbnails', headers, body });
    sender.close();
    if (answer.kind !== 'response' || answer.status !== 200) throw new Error(`The Prism CLI did not answer a valid POST with 200: ${describeAnswer(answer)}`);
    return prism;
  } catch (error) {
    await prism.stop();
    throw error;
  }
}

/** The Prism CLI ({@link startReferencePrism}) and the two mocks (src/fuzzed-mocks.ts), started at once. */
export async function startDifferentialServers(): Promise<{ prism: PrismCli; mocks: FuzzedMocks; stop(): Promise<void> }> {
  const [prism, mocks] = await Promise.allSettled([startReferencePrism(), startFuzzedMocks()]);
  if (prism.status === 'rejected' || mocks.status === 'rejected') {
    await Promise.all([prism.status === 'fulfilled' && prism.value.stop(), mocks.status === 'fulfilled' && mocks.value.stop()]);
    throw prism.status === 'rejected' ? prism.reason : (mocks as PromiseRejectedResult).reason;
  }
  return {
    prism: prism.value,
    mocks: mocks.value,
    stop: async () => {
      await Promise.all([prism.value.stop(), mocks.value.stop()]);
    },
  };
}

/** One request to both sides, plus the companion requests the table's entries ask for. */
async function exchange(request: HttpRequestPlan, ours: KeepAliveSender, reference: KeepAliveSender, withRegistry: boolean): Promise<Exchange> {
  const companions: Record<string, Promise<MockAnswer | undefined>> = {};
  for (const entry of deliberateDifferences) {
    const companion = entry.companion?.request(request);
    if (companion) companions[entry.id] = (entry.companion!.to === 'ours' ? ours : reference).send(companion);
  }
  const [mine, theirs, ...answers] = await Promise.all([ours.send(request), reference.send(request), ...Object.values(companions)]);
  return {
    request,
    ours: mine!,
    reference: theirs!,
    companions: Object.fromEntries(Object.keys(companions).map((id, index) => [id, answers[index]])),
    withRegistry,
  };
}

/** The requests of an exchange that got no answer within their limit, by who was asked. */
function silent({ ours, reference, companions }: Exchange): string[] {
  return [
    ...(ours.kind === 'hung' ? ['the mock'] : []),
    ...(reference.kind === 'hung' ? ['Prism'] : []),
    ...Object.entries(companions).flatMap(([id, answer]) => (answer?.kind === 'hung' ? [`the companion request of ${id}`] : [])),
  ];
}

/** Runs the campaign; throws on the first case with a difference, past the shares of no-answers and re-sends, or below its floor. */
export async function runPrismDifferential(targets: DifferentialTargets, plan: FuzzPlan, sending: DifferentialSending = CI_SENDING): Promise<void> {
  const { batch, connections, requestTimeoutMs } = sending;
  const [reference, oursPlain, oursRegistry, patientReference, patientPlain, patientRegistry] = [1, PATIENCE].flatMap((patience) =>
    [targets.prism.url, targets.plainUrl, targets.registryUrl].map((url) => keepAliveSender(url, connections, requestTimeoutMs * patience)),
  ) as [KeepAliveSender, KeepAliveSender, KeepAliveSender, KeepAliveSender, KeepAliveSender, KeepAliveSender];
  const senders = [reference, oursPlain, oursRegistry, patientReference, patientPlain, patientRegistry];
  const noAnswers = new NoAnswers();
  let requests = 0;
  let same = 0;
  let oneSided = 0;
  const decided = new Map<string, { all: number; unlike: number }>();
  let firstFailure: string | undefined;

  const property = fc.asyncProperty(fc.boolean(), fc.array(differentialRequest, { minLength: batch, maxLength: batch }), async (withRegistry, requestBatch) => {
    const exchanges = await Promise.all(
      requestBatch.map((request) =>
        withSecondTry(
          (patience) =>
            patience === 1
              ? exchange(request, withRegistry ? oursRegistry : oursPlain, reference, withRegistry)
              : exchange(request, withRegistry ? patientRegistry : patientPlain, patientReference, withRegistry),
          (exchanged) => silent(exchanged).length > 0,
          noAnswers,
        ),
      ),
    );
    requests += requestBatch.length;
    const failures: string[] = [];
    for (const exchanged of exchanges) {
      const answers = `mock: ${describeAnswer(exchanged.ours)}\n    Prism: ${describeAnswer(exchanged.reference)}`;
      const unanswered = silent(exchanged);
      if (unanswered.includes('the mock') && unanswered.includes('Prism')) {
        // Neither side answered, even with the longer limit: the machine, more likely than either server.
        noAnswers.unanswered(`${describeCase(exchanged.request)} (${answers.replace('\n    ', '; ')})`);
        continue;
      }
      if (unanswered.length > 0) {
        // One side answered and the other did not, twice: that side singled the request out.
        oneSided++;
        failures.push(
          `${describeCase(exchanged.request)}\n    ${answers}\n    no answer from ${unanswered.join(' and ')}, even with a ${PATIENCE}x longer limit, while the other side answered`,
        );
        continue;
      }
      const verdict = judgeExchange(exchanged);
      if (!verdict.unlikePrism) same++;
      for (const entry of verdict.decidedBy) {
        const count = decided.get(entry.id) ?? { all: 0, unlike: 0 };
        decided.set(entry.id, { all: count.all + 1, unlike: count.unlike + (verdict.unlikePrism ? 1 : 0) });
      }
      if (verdict.problems.length > 0) failures.push(`${describeCase(exchanged.request)}\n    ${answers}\n    ${verdict.problems.join('\n    ')}`);
    }
    if (!targets.prism.alive()) failures.push(`the Prism CLI exited (a request crashed it):\n${targets.prism.lastOutput()}`);
    if (failures.length > 0) {
      firstFailure ??= failures[0];
      throw new Error(
        `${failures.length} of ${requestBatch.length} answers (registry: ${withRegistry}) are not as they must be:\n- ${failures.slice(0, 5).join('\n- ')}`,
      );
    }
  });

  const resentTo = (pool: KeepAliveSender[]) => pool.flatMap((sender) => sender.resent());
  try {
    // The longest case: the first try and the patient one, and room to judge 50 answers on a loaded machine.
    await runFuzz('mock (differential, against the Prism CLI)', property, plan, { caseLimitMs: (1 + PATIENCE) * requestTimeoutMs + 10_000 });
  } finally {
    const entries = deliberateDifferences
      .map((entry) => `${entry.id} ${decided.get(entry.id)?.all ?? 0} (${decided.get(entry.id)?.unlike ?? 0} unlike Prism)`)
      .join(', ');
    const resent = `${resentTo([oursPlain, oursRegistry, patientPlain, patientRegistry]).length} to the mock, ${resentTo([reference, patientReference]).length} to Prism`;
    console.log(
      `fuzz mock (differential): ${requests} requests to the mock and as many to Prism; ${same} answered exactly as Prism; the listed differences decided: ${entries}; ` +
        `answered by one side only: ${oneSided}; sent again after a connection closed without an answer: ${resent}; ${noAnswers.summary(requests)}`,
    );
    if (firstFailure) console.log(`fuzz mock (differential): first failing answer:\n  ${firstFailure}`);
    for (const sender of senders) sender.close();
  }
  const excess = noAnswers.excess(requests) ?? resentExcess(resentTo(senders), requests * 2);
  if (excess) throw new Error(`fuzz mock (differential): ${excess}`);
}
