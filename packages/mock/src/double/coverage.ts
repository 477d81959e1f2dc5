// What the suite exercised of the contract (coverage of the code that calls the API, not of the service): per documented
// operation, each outcome the contract documents (each status, 401 and 403 by each form of the key its security takes, the refusals
// of an invalid body) and each simulated one a test used, with how many requests saw it. Counted for every request,
// journal or not, for the whole run: reset() leaves it (it is the suite's). Also the identical POSTs sent with one key
// within a second of each other: on the real service each createThumbnail is a billed generation.
import { type ApiKeyForm, type ApiKeyForms, describeApiKeyForm } from '@thumbnail-api/spec/model';
import type { CompiledContract } from '../contract/compile-contract.js';
import type { CompiledOperation } from '../contract/compile-operation.js';
import { type ReadBody, textOf } from '../contract/request-body.js';
import { keyHintOf } from '../http/credentials.js';
import { isMockError } from '../http/mock-error.js';
import type { PreparedAnswer } from '../http/prepared-answer.js';
import { JOURNAL_BODY_LIMIT } from './journal.js';

/** One outcome of an operation, and how many requests saw it. */
export interface CoveredOutcome {
  /** E.g. `200`, `401 with x-api-key`, `422 (body breaks the schema)`, `fault=reset`, `status=503 (not documented by the service)`. */
  readonly outcome: string;
  /** Whether the contract documents it (else a rule simulated it, or the contract's `default` covered it). */
  readonly documented: boolean;
  readonly requests: number;
}

/** One documented operation: its documented outcomes (seen or not), then the others the suite used. */
export interface OperationCoverage {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly outcomes: readonly CoveredOutcome[];
}

/** Identical POSTs (same key, target and body) sent within a second of the one before. */
export interface RepeatedPost {
  readonly operationId: string;
  /** The key, shown by its last four characters. */
  readonly keyHint: string | null;
  /** How many requests repeated the one before them. */
  readonly repeats: number;
  /** When the last one arrived, as an ISO 8601 time. */
  readonly last: string;
}

/** What `coverage()`, `GET /__mock/coverage` and `--coverage-report` give. */
export interface CoverageReport {
  readonly operations: readonly OperationCoverage[];
  /** Each documented outcome no request saw, e.g. `createThumbnail → 403 with x-api-key`. */
  readonly notSeen: readonly string[];
  readonly repeatedPosts: readonly RepeatedPost[];
}

/** What coverage reads of the pass over one request (the pipeline's own record of it, read as it is: nothing is copied). */
export interface CoveredPass extends ReadBody {
  readonly operation: CompiledOperation | undefined;
  /** The request's API key, and the form it came in. */
  readonly key: string | undefined;
  readonly keyForm: ApiKeyForm | undefined;
  readonly request: { readonly target: string };
  /** When the request arrived (`Date.now()`). */
  readonly time: number;
  /** The rule that answered or delayed it: what it simulated (`fault=reset`, ...; `null` for a documented answer), its delay. */
  readonly rule: { readonly simulated: string | null; readonly delayMs: number } | undefined;
  /** Why validation refused the body (the status Prism would look for first), when it did. */
  readonly refusal: number | undefined;
}

/** How many keys are counted one by one (all are counted together, whatever their number). */
const COVERAGE_KEYS = 100;
/** Identical POSTs closer than this are reported. */
const REPEAT_WINDOW_MS = 1000;

const validation: Readonly<Record<number, string>> = {
  400: '400 (body not JSON)',
  413: '413 (body too large)',
  415: '415 (body of another media type)',
  422: '422 (body breaks the schema)',
};
const withoutKey = 'without a key';
/** The outcomes coverage counts beside the contract's statuses: a rule's delay, and an `Accept` the answer could not meet. */
export const DELAYED_OUTCOME = 'delayMs (a rule delayed the answer)';
export const NOT_ACCEPTABLE_OUTCOME = '406 (Accept not met)';

type Tally = Map<CompiledOperation, Map<string, number>>;

interface LastPost {
  readonly target: string;
  /** The body's text: compared as text (two bodies that differ only in bytes UTF-8 cannot read are taken for one). */
  readonly text: string | undefined;
  time: number;
  repeats: number;
}

export class Coverage {
  private readonly all: Tally = new Map();
  private readonly byKey = new Map<string | undefined, Tally>();
  private readonly lastPosts = new Map<string | undefined, Map<CompiledOperation, LastPost>>();
  private readonly documented: ReadonlyMap<CompiledOperation, readonly string[]>;
  /** Called after each counted request (a run's coverage file is rewritten then: node/coverage-file.ts). */
  onCounted: (() => void) | undefined;

  constructor(private readonly contract: CompiledContract) {
    this.documented = new Map(contract.operations.map((operation) => [operation, documentedOutcomes(operation, contract.apiKeys)]));
  }

  /** Counts the outcome of a pass over a documented operation (and its delay, and a repeated POST); `answer` is what was sent, if anything. */
  count(pass: CoveredPass, answer: PreparedAnswer | undefined): void {
    const operation = pass.operation!;
    const outcome = outcomeOf(pass, operation, answer);
    if (outcome === undefined) return;
    const key = pass.key;
    const mine = this.byKey.get(key) ?? (this.byKey.size < COVERAGE_KEYS ? this.tallyOf(key) : undefined);
    const wasDelayed = (pass.rule?.delayMs ?? 0) > 0;
    add(this.all, operation, outcome, wasDelayed);
    if (mine !== undefined) add(mine, operation, outcome, wasDelayed);
    if (operation.method === 'POST') this.notePost(key, operation, pass);
    this.onCounted?.();
  }

  /** The report of every request, or of those sent with `key` (the full key). */
  report(key?: string): CoverageReport {
    const tally = key === undefined ? this.all : (this.byKey.get(key) ?? new Map());
    const operations: OperationCoverage[] = [];
    const notSeen: string[] = [];
    for (const operation of this.contract.operations) {
      const seen = tally.get(operation) ?? new Map<string, number>();
      const documented = this.documented.get(operation)!;
      const outcomes: CoveredOutcome[] = documented.map((outcome) => ({ outcome, documented: true, requests: seen.get(outcome) ?? 0 }));
      for (const [outcome, requests] of seen) if (!documented.includes(outcome)) outcomes.push({ outcome, documented: false, requests });
      for (const outcome of outcomes) if (outcome.documented && outcome.requests === 0) notSeen.push(`${operation.name} → ${outcome.outcome}`);
      operations.push({ operationId: operation.name, method: operation.method, path: operation.path, outcomes });
    }
    const repeatedPosts: RepeatedPost[] = [];
    for (const [sender, posts] of this.lastPosts) {
      if (key !== undefined && sender !== key) continue;
      for (const [operation, post] of posts) {
        if (post.repeats === 0) continue;
        repeatedPosts.push({
          operationId: operation.name,
          keyHint: sender === undefined ? null : keyHintOf(sender),
          repeats: post.repeats,
          last: new Date(post.time).toISOString(),
        });
      }
    }
    return { operations, notSeen, repeatedPosts };
  }

  private tallyOf(key: string | undefined): Tally {
    const tally: Tally = new Map();
    this.byKey.set(key, tally);
    return tally;
  }

  /** Keeps the last POST of each key and operation, and counts one identical to it sent within the window. */
  private notePost(key: string | undefined, operation: CompiledOperation, request: CoveredPass): void {
    let posts = this.lastPosts.get(key);
    if (posts === undefined) {
      if (this.lastPosts.size >= COVERAGE_KEYS) return;
      posts = new Map();
      this.lastPosts.set(key, posts);
    }
    if (request.body !== undefined && request.body.length > JOURNAL_BODY_LIMIT) {
      // Not kept, so never reported as repeated: a hundred keys must not hold a 10 MB body each.
      posts.delete(operation);
      return;
    }
    const last = posts.get(operation);
    // Usually decoded by validation already: a copy of the bytes would cost an allocation per POST.
    const text = textOf(request);
    const same = last !== undefined && request.time - last.time <= REPEAT_WINDOW_MS && last.target === request.request.target && last.text === text;
    if (same) {
      last.repeats++;
      last.time = request.time;
      return;
    }
    posts.set(operation, { target: request.request.target, text, time: request.time, repeats: last?.repeats ?? 0 });
  }
}

/**
 * The outcomes the contract documents for `operation`, in the order a reader expects them: a 401 and a 403 once per
 * form of the key its security takes (`apiKeys`, in the contract's order). With `client`, only those a well-behaved
 * client can meet: no 401 without a key, the key in the preferred form only (the first the operation takes), no body
 * refused; what only a raw request reaches is left out.
 */
export function documentedOutcomes(operation: CompiledOperation, apiKeys: ApiKeyForms, which: 'all' | 'client' = 'all'): string[] {
  const outcomes: string[] = [];
  const secured = operation.source.security.length > 0;
  const schemes = new Set(operation.source.security.flatMap((requirement) => Object.keys(requirement)));
  const accepted = apiKeys.forms.filter((form) => schemes.has(form.scheme)).map(withForm);
  const keyForms = which === 'client' ? accepted.slice(0, 1) : accepted;
  const noKey = which === 'client' ? [] : [`401 ${withoutKey}`];
  for (const { status } of operation.source.responses) {
    if (status === 'default') continue;
    if (status === '401' && secured) outcomes.push(...noKey, ...keyForms.map((form) => `401 ${form}`));
    else if (status === '403' && secured) outcomes.push(...keyForms.map((form) => `403 ${form}`));
    else outcomes.push(status.toUpperCase());
  }
  // An invalid body is refused with the contract's answer for that status (its `default` here): one outcome per reason.
  const refusals = operation.source.responses.some((response) => response.status === 'default' || /^4/.test(response.status));
  if (which === 'all' && operation.body.kind !== 'none' && refusals) outcomes.push(...Object.values(validation));
  return outcomes;
}

/** The outcome one request saw, as coverage names it; `undefined` for the mock's own errors. */
function outcomeOf(pass: CoveredPass, operation: CompiledOperation, answer: PreparedAnswer | undefined): string | undefined {
  const simulated = pass.rule?.simulated ?? null;
  if (simulated !== null) return simulated;
  if (answer === undefined || isMockError(answer)) return undefined;
  if (pass.refusal !== undefined) return validation[pass.refusal] ?? String(answer.status);
  const { status } = answer;
  if (status === 406) return NOT_ACCEPTABLE_OUTCOME;
  if ((status === 401 || status === 403) && operation.source.security.length > 0) {
    return `${status} ${pass.keyForm === undefined ? withoutKey : withForm(pass.keyForm)}`;
  }
  const documented = operation.source.responses;
  const exact = String(status);
  if (documented.some((response) => response.status === exact)) return exact;
  const range = `${exact[0]}XX`;
  return documented.some((response) => response.status.toUpperCase() === range) ? range : exact;
}

/** How coverage names a form of the key: `with x-api-key`, `with Authorization: Bearer`. */
function withForm(form: ApiKeyForm): string {
  return `with ${describeApiKeyForm(form)}`;
}

function add(tally: Tally, operation: CompiledOperation, outcome: string, wasDelayed: boolean): void {
  let seen = tally.get(operation);
  if (seen === undefined) {
    seen = new Map();
    tally.set(operation, seen);
  }
  seen.set(outcome, (seen.get(outcome) ?? 0) + 1);
  if (wasDelayed) seen.set(DELAYED_OUTCOME, (seen.get(DELAYED_OUTCOME) ?? 0) + 1);
}
