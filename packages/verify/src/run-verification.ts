// One run of `verify`: the plan sent one request at a time, within the rate cap, the POST budget and the time limits,
// each answer judged as it comes; the run stops, with its reason, when the service pushes back harder than allowed,
// stops answering, or cannot be reached. Prism's validators are loaded here, never at the mock's start-up.
import { readFileSync } from 'node:fs';
import { loadContractCheck, readContract, scrub } from '@thumbnail-api/mock/contract-check';
import { apiKeyFormsOf, type ContractAssumption, collectAssumptions } from '@thumbnail-api/spec/model';
import { judgeAssumptions, type Observation } from './assumption-checks.js';
import { PostBudget } from './budget.js';
import { exchangeRecord, secretsOfKeys } from './evidence.js';
import { countByClass, type Exchange, FINDING_CLASSES, type Observed, type ProbeRecord, type VerifyReport, verdictOf } from './findings.js';
import { groupByCause } from './group-by-cause.js';
import { type JudgeContext, judgeAnswer } from './judge-answer.js';
import type { ObservedAnswers } from './observed-drift.js';
import { type Probe, type ProbeKind, planProbes } from './probe-plan.js';
import { type KeyState, keyState, probeRequest } from './probe-request.js';
import { Pacer, RunStopped, retryAfterMs } from './rate-limit.js';
import { type SendOutcome, sendRequest } from './send-request.js';

export interface VerificationOptions {
  /** The service's base URL, without `/api`. */
  readonly baseUrl: URL;
  readonly apiKey: string;
  /** A key without access (FORBIDDEN_KEY_VARIABLE of the service profile), if given. */
  readonly forbiddenKey: string | undefined;
  /** POSTs the run may send in all (`--allow-billing`). */
  readonly allowBilling: number;
  readonly prompts: readonly string[];
  readonly postKinds: readonly ProbeKind[];
  readonly maxRps: number;
  readonly requestTimeoutMs: number;
  readonly maxTimeMs: number;
  /** The longest Retry-After waited for. */
  readonly maxWaitMs: number;
  readonly specPath: string | undefined;
  /** What an accepted `propose` overlay saw (`--observed`). */
  readonly observed: ObservedAnswers | undefined;
  /** Stops the run (Ctrl-C); what was found so far is reported. */
  readonly signal?: AbortSignal;
  /** Where the run is, before each request (and its wait for a turn), e.g. `[3/5] GET /api/thumbnails (no key)`; keys removed. */
  readonly onProgress?: (line: string) => void;
}

/** The largest answer body read (a larger one is reported, not checked). */
const MAX_BODY_BYTES = 4 * 1024 * 1024;
/** Requests in a row without an answer before the run stops. */
const MAX_SILENT = 2;
/** 429s (or 503s with Retry-After) in a run before it stops. */
const MAX_PUSHBACKS = 3;

const version = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** Runs every probe the plan holds and returns the report, keys removed. Rejects only when nothing could be sent (no contract, no Prism). */
export async function runVerification(options: VerificationOptions): Promise<VerifyReport> {
  const startedAt = new Date().toISOString();
  const contract = await readContract(options.specPath);
  const model = contract.model;
  const assumptions: ContractAssumption[] = collectAssumptions(model.document);
  const check = await loadContractCheck(contract, 'Checking the service against the contract (thumbnail-api-verify)');
  const context: JudgeContext = { model, check, assumptions, observed: await observedContext(options, model) };
  const keyForms = apiKeyFormsOf(model);
  const forms = keyForms.forms;
  const probes = planProbes({
    model,
    assumptions,
    forms,
    prompts: options.prompts,
    postKinds: options.postKinds,
    forbiddenKey: options.forbiddenKey !== undefined,
  });
  const target = { ...options, forms, userAgent: `thumbnail-api-verify/${version}` };

  const secrets = secretsOfKeys([options.apiKey, options.forbiddenKey]);
  const deadline = AbortSignal.timeout(options.maxTimeMs);
  const signal = AbortSignal.any(options.signal ? [deadline, options.signal] : [deadline]);
  const pacer = new Pacer(options.maxRps, signal);
  const budget = new PostBudget(options.allowBilling);
  const runEndsAt = Date.now() + options.maxTimeMs;

  const exchanges: Exchange[] = [];
  const findings: Observed[] = [];
  const records: ProbeRecord[] = [];
  const observations = new Map<string, Observation[]>();
  const sentKinds = new Map<string, Set<string>>();
  const skippedBecause = new Map<string, string>();
  let stopped: string | undefined;
  let silent = 0;
  let pushbacks = 0;
  let working: KeyState;
  const keyAnswers = new Map<string, number | undefined>();
  const stopReason = () =>
    options.signal?.aborted ? 'The run was interrupted.' : `The run reached its time limit (--max-time ${options.maxTimeMs / 1000} s).`;
  const planned = plannedRequests(probes, options.allowBilling);
  /** Says which request is next, and how long until its turn, then waits for it: a turn is only ever taken for a request about to be sent. */
  const turnFor = async (probe: Probe, attempt: number) => {
    const { inMs, why } = pacer.nextTurn();
    const wait = inMs < 100 ? '' : ` in ${(inMs / 1000).toFixed(1)} s (${why === 'retry-after' ? "the service's Retry-After" : `--max-rps ${options.maxRps}`})`;
    const again = attempt > 1 ? ', again' : '';
    options.onProgress?.(
      scrub(`[${exchanges.length + 1}/${Math.max(planned, exchanges.length + 1)}] ${probe.method} ${probe.path} (${probe.title}${again})${wait}`, secrets),
    );
    await pacer.turn();
  };

  /** Sends one probe (a GET again once after a Retry-After); returns why it was not sent, if it was not. */
  const sendProbe = async (probe: Probe, sentHere: number[]): Promise<string | undefined> => {
    if (probe.skipped !== undefined) return probe.skipped;
    if (stopped !== undefined) return `Not sent: the run stopped. ${stopped}`;
    const isPost = probe.method !== 'GET';
    if (isPost && probe.credentials.send === 'working' && working === 'refused') return 'Not sent: the service refused the key, so a POST would show nothing.';
    // Before its turn: a POST the budget cannot pay for costs no wait.
    if (isPost && budget.spent >= budget.allowed) return notInBudget(budget.allowed);
    for (let attempt = 1; attempt <= 2; attempt++) {
      try {
        await turnFor(probe, attempt);
      } catch (error) {
        if (!(error instanceof RunStopped)) throw error;
        stopped = stopReason();
        return sentHere.length === 0 ? `Not sent: the run stopped. ${stopped}` : undefined;
      }
      // Counted before it is sent, and never given back: this is the only place a POST is sent from.
      if (isPost && !budget.take()) return notInBudget(budget.allowed);
      const request = probeRequest(target, probe, working);
      const index = exchanges.length;
      const began = new Date().toISOString();
      const outcome = await sendRequest(request, { timeoutMs: options.requestTimeoutMs, maxBodyBytes: MAX_BODY_BYTES, signal });
      sentHere.push(index);
      const kinds = sentKinds.get(probe.operation.pointer) ?? new Set<string>();
      sentKinds.set(probe.operation.pointer, kinds.add(probe.kind));
      const pushback = outcome.kind === 'answered' && isPushback(outcome);
      const judged = outcome.kind === 'answered' ? judgeAnswer(context, probe, index, request, outcome, pushback) : undefined;
      const base = { index, probe: probe.id, attempt, startedAt: began, billed: isPost, requestNotes: judged?.requestNotes ?? [] };
      exchanges.push(exchangeRecord(pushback ? { ...base, pushback } : base, request, outcome, secrets, keyForms));

      if (outcome.kind !== 'answered') {
        findings.push(noAnswerFinding(probe, outcome, index, isPost));
        if (outcome.kind === 'stopped') stopped = stopReason();
        else if (outcome.kind === 'unreachable') stopped = `The service cannot be reached: ${outcome.message}`;
        else if (++silent >= MAX_SILENT) stopped = `The service gave no answer to ${silent} requests in a row; stopping rather than pressing on.`;
        if (probe.kind === 'valid-request') keyAnswers.set(probe.id, undefined);
        return undefined;
      }
      silent = 0;
      findings.push(...judged!.findings);
      for (const { assumption, observation } of judged!.observations) observations.set(assumption, [...(observations.get(assumption) ?? []), observation]);
      if (!pushback) {
        if (probe.kind === 'valid-request') keyAnswers.set(probe.id, outcome.status);
        return undefined;
      }
      stopped = pushbackStop(outcome, ++pushbacks, options, runEndsAt);
      if (stopped !== undefined) return undefined;
      pacer.pauseFor(retryAfterMs(header(outcome.headers['retry-after']), Date.now())!);
      // A POST is never sent again: the first may have been carried out.
      if (isPost) return undefined;
    }
    return undefined;
  };

  for (const probe of probes) {
    const sentHere: number[] = [];
    const skipped = await sendProbe(probe, sentHere);
    if (skipped !== undefined && probe.kind !== 'not-probed') skippedBecause.set(probe.kind, skipped);
    records.push(probeRecord(probe, sentHere, skipped));
    working = keyState(probes, probe, keyAnswers, working, findings, (reason) => (stopped ??= reason));
  }

  const report: VerifyReport = {
    tool: 'thumbnail-api-verify',
    version,
    baseUrl: options.baseUrl.href.replace(/\/$/, ''),
    contract: {
      title: String((model.document.info as { title?: unknown } | undefined)?.title ?? ''),
      version: String((model.document.info as { version?: unknown } | undefined)?.version ?? ''),
    },
    startedAt,
    finishedAt: new Date().toISOString(),
    verdict: 'passed',
    ...(stopped === undefined ? {} : { stopped }),
    budget: { allowed: budget.allowed, spent: budget.spent },
    limits: { maxRps: options.maxRps, requestTimeoutMs: options.requestTimeoutMs, maxTimeMs: options.maxTimeMs, maxWaitMs: options.maxWaitMs },
    counts: countByClass([]),
    probes: records,
    exchanges,
    findings: [],
  };
  const grouped = [...groupByCause(findings), ...judgeAssumptions(model, assumptions, observations, { sentKinds, skippedBecause })];
  // In the order reports show the classes, first seen first within each.
  const all = FINDING_CLASSES.flatMap((name) => grouped.filter((finding) => finding.class === name));
  // Every part of the report once more, findings included (a validator's message may quote what the answer held).
  return scrub({ ...report, verdict: verdictOf(all, stopped), counts: countByClass(all), findings: all }, secrets);
}

function probeRecord(probe: Probe, exchanges: readonly number[], skipped: string | undefined): ProbeRecord {
  return {
    id: probe.id,
    kind: probe.kind,
    operation: probe.operationName,
    method: probe.method,
    path: probe.path,
    title: probe.title,
    why: probe.why,
    ...(probe.billing === undefined ? {} : { billing: probe.billing }),
    ...(skipped === undefined ? {} : { skipped }),
    exchanges,
  };
}

/** 429, or 503 with a Retry-After: the service asks to slow down. */
function isPushback(outcome: Extract<SendOutcome, { kind: 'answered' }>): boolean {
  return outcome.status === 429 || (outcome.status === 503 && outcome.headers['retry-after'] !== undefined);
}

/** Why the run stops at this pushback, or `undefined` when it may wait for the Retry-After and go on. */
function pushbackStop(outcome: Extract<SendOutcome, { kind: 'answered' }>, count: number, options: VerificationOptions, runEndsAt: number): string | undefined {
  const wait = retryAfterMs(header(outcome.headers['retry-after']), Date.now());
  if (wait === undefined)
    return `The service answered ${outcome.status} without a Retry-After verify can read; stopping rather than guessing how long to wait.`;
  if (wait > options.maxWaitMs)
    return `The service asked to wait ${Math.ceil(wait / 1000)} s (Retry-After), longer than --max-wait ${options.maxWaitMs / 1000} s; stopping.`;
  if (Date.now() + wait > runEndsAt) return `The service asked to wait ${Math.ceil(wait / 1000)} s (Retry-After), past the run's time limit; stopping.`;
  if (count > MAX_PUSHBACKS) return `The service pushed back ${count} times (${outcome.status}); stopping rather than pressing on.`;
  return undefined;
}

/** A request without an answer: one finding per operation and kind of failure, each request a symptom. */
function noAnswerFinding(probe: Probe, outcome: Exclude<SendOutcome, { kind: 'answered' }>, index: number, isPost: boolean): Observed {
  const billed = isPost ? ' It may still have been carried out, and billed; a POST is never sent again.' : '';
  const detail = `${outcome.message}${outcome.kind === 'timeout' ? ' The contract documents no time limit.' : ''}${billed}`;
  return {
    class: 'not-checked',
    check: outcome.kind,
    cause: `${probe.method} ${probe.path}: ${detail}`,
    message: `${probe.method} ${probe.path} (${probe.title}): ${detail}`,
    request: `${probe.method} ${probe.path} (${probe.title})`,
    operation: probe.operationName,
    evidence: [index],
  };
}

/** Why a POST was not sent: no budget was given (and what to pass), or the one given is spent. */
function notInBudget(allowed: number): string {
  return allowed === 0
    ? 'Not sent: POSTs may bill, so verify sends none without a budget; pass --allow-billing <n> to allow n of them.'
    : `Not sent: the POST budget (--allow-billing ${allowed}) was spent on the POSTs before it.`;
}

/** How many requests the run means to send: every GET it can, and the POSTs the budget pays for. */
function plannedRequests(probes: readonly Probe[], allowBilling: number): number {
  const sendable = probes.filter((probe) => probe.skipped === undefined);
  const posts = sendable.filter((probe) => probe.method !== 'GET').length;
  return sendable.length - posts + Math.min(posts, allowBilling);
}

async function observedContext(options: VerificationOptions, model: JudgeContext['model']): Promise<JudgeContext['observed']> {
  if (options.observed === undefined) return undefined;
  // The contract's own Ajv (2020-12) validates the observed schemas too; loaded only for --observed.
  const { createContractValidator } = await import('@thumbnail-api/spec/validator');
  const { ajv } = createContractValidator(model);
  const compiled = new Map<object, ReturnType<typeof ajv.compile>>();
  return {
    answers: options.observed,
    validate(schema, value) {
      let validate = compiled.get(schema);
      if (validate === undefined) {
        validate = ajv.compile(schema);
        compiled.set(schema, validate);
      }
      return validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || 'the body'} ${error.message ?? 'does not fit'}`);
    },
  };
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
