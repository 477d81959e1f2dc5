// The mock's engine, transport-agnostic: a request view in, an outcome out (synchronously where no body is read).
// Checks run in this order, for every documented operation:
//   1. authentication (the key registry, else the presence of a credential), before the body is read;
//   2. the rules a test added, newest first (a rule that matches by body reads it first);
//   3. Prefer (code=, example=; dynamic=true goes to Prism), which chooses the answer whatever the body;
//   4. validation of the body (size, media type, JSON, schema), then the Accept header;
//   5. a recording (--replay) of the same operation, path, query and body fields, else the compiled success answer.
// What the compiled contract cannot answer is Prism's (a `prism` outcome); paths and methods it does not document get
// the mock's own errors. Every request is kept in the journal.
import type { IncomingHttpHeaders } from 'node:http';
import type { ReplayBook } from '../record/replay.js';
import type { CompiledContract } from './compile-contract.js';
import type { CompiledOperation } from './compile-operation.js';
import { type CorsPolicy, corsLines, isPreflight, preflightAnswer } from './cors.js';
import type { Journal } from './journal.js';
import { apiKeyOf, type KeyOutcome, outcomeOf } from './key-registry.js';
import { isJsonMediaType } from './media-type.js';
import { mockError } from './mock-error.js';
import { choosesAnswer, readPreference } from './prefer.js';
import { type PreparedAnswer, prepareAnswer } from './prepared-answer.js';
import { BODY_LIMIT, type BodyRefusal, checkBody } from './request-body.js';
import { readTarget } from './request-target.js';
import type { ActiveRule, RuleBook } from './rules.js';

/** A request as the engine reads it, whatever carried it (node:http, MSW's Request). */
export interface EngineRequest {
  /** Upper case, as sent. */
  readonly method: string;
  /** The path and query as sent (origin form; an absolute form is read as its path and query). */
  readonly target: string;
  /** Lower-case names; repeated headers as node joins them (`IncomingHttpHeaders`). */
  readonly headers: IncomingHttpHeaders;
  /** Whether the request frames a body (a Content-Length above 0, or chunked); it may still turn out empty. */
  readonly framed: boolean;
  /** The body, or `undefined` when it is longer than `limit` (then drained). Reads once: later calls get the same. */
  readBody(limit: number): Promise<Buffer | undefined>;
}

/** What to do with a request. Every outcome is in the journal already; a `prism` one gets its status when settled. */
export type Outcome =
  /** Send `answer` with the `cors` lines appended, after `delayMs`. */
  | { readonly kind: 'answer'; readonly answer: PreparedAnswer; readonly cors: readonly string[]; readonly delayMs: number }
  /** Send `answer`'s status and headers (its Content-Length announces the whole body), then `sentBytes` of its body, then drop the connection. */
  | { readonly kind: 'truncated'; readonly answer: PreparedAnswer; readonly cors: readonly string[]; readonly delayMs: number; readonly sentBytes: number }
  /** Destroy the connection (a TCP reset where the transport can), after `delayMs`. */
  | { readonly kind: 'reset'; readonly delayMs: number }
  /** Never answer: hold the request until the client gives up or the mock stops. */
  | { readonly kind: 'hang' }
  /**
   * Prism answers (after `delayMs`): send it the request (its body through `readBody`, which may already have been
   * read), relay an answer the contract documents, then call `settle` with the status (and body) for the journal.
   */
  | {
      readonly kind: 'prism';
      readonly operation: CompiledOperation;
      readonly cors: readonly string[];
      readonly delayMs: number;
      settle(status: number, body: Buffer | undefined): void;
    };

/**
 * The engine needs the body before it can decide: the transport reads it (up to `limit`, `undefined` past it) and
 * calls `resume`, which is synchronous once the validator is loaded (the POST hot path then makes no promise).
 */
export interface AwaitingBody {
  readonly kind: 'awaiting-body';
  readonly limit: number;
  resume(body: Buffer | undefined): Outcome | Promise<Outcome>;
}

export interface Engine {
  /** The outcome of a request; a promise only when the body must be read first. Never rejects but when `readBody` does. */
  handle(request: EngineRequest): Outcome | Promise<Outcome>;
  /**
   * As `handle`, but where the body must be read first it says so instead of reading it through `readBody`: for a
   * transport that reads bodies with callbacks. The body given to `resume` must also be what `readBody` gives later.
   */
  decide(request: EngineRequest): Outcome | Promise<Outcome> | AwaitingBody;
  readonly journal: Journal;
  readonly rules: RuleBook;
}

export interface EngineOptions {
  readonly contract: CompiledContract;
  readonly keys: ReadonlyMap<string, KeyOutcome> | undefined;
  readonly cors: CorsPolicy;
  readonly journal: Journal;
  readonly rules: RuleBook;
  /** Recordings answered in place of the compiled success answer (issue 25); `undefined` without --replay. */
  readonly replay?: ReplayBook | undefined;
}

const noDelay = 0;

export function createEngine(options: EngineOptions): Engine {
  const { contract, keys, cors: policy, journal, rules, replay } = options;

  // [replay, issue 25] After the key registry, the rules and Prefer: a valid request that a recording of the same
  // operation, path, query and body fields matches gets the recorded answer instead of the compiled one.
  const successOf = (request: EngineRequest, operation: CompiledOperation, body: Buffer | undefined): PreparedAnswer =>
    (replay === undefined ? undefined : replay.answerFor(operation, readTarget(request.target), jsonOf(body, request.headers['content-type']))) ??
    operation.successFor(request.headers.accept);

  /** An answer outcome, journaled. */
  const answered = (
    request: EngineRequest,
    operation: CompiledOperation | undefined,
    answer: PreparedAnswer,
    cors: readonly string[],
    body: Buffer | undefined,
    delayMs = noDelay,
    rule: ActiveRule | undefined = undefined,
  ): Outcome => {
    journal.record(request.method, request.target, request.headers, operation?.name ?? null, answer.status, rule?.id ?? null, rule?.simulated ?? null, body);
    return { kind: 'answer', answer, cors, delayMs };
  };

  /** What a rule with an answer or a fault does. */
  const byRule = (request: EngineRequest, operation: CompiledOperation, rule: ActiveRule, cors: readonly string[], body: Buffer | undefined): Outcome => {
    const status = rule.answer?.status ?? null;
    const record = () => journal.record(request.method, request.target, request.headers, operation.name, status, rule.id, rule.simulated, body);
    switch (rule.fault) {
      case 'reset':
        journal.record(request.method, request.target, request.headers, operation.name, null, rule.id, rule.simulated, body);
        return { kind: 'reset', delayMs: rule.delayMs };
      case 'hang':
        journal.record(request.method, request.target, request.headers, operation.name, null, rule.id, rule.simulated, body);
        return { kind: 'hang' };
      case 'truncated':
        // A HEAD answer has no body to cut short: its headers are all of it, over HTTP and through MSW alike.
        if (request.method === 'HEAD') return answered(request, operation, rule.answer!, cors, body, rule.delayMs, rule);
        record();
        return { kind: 'truncated', answer: rule.answer!, cors, delayMs: rule.delayMs, sentBytes: Math.floor(rule.answer!.body.length / 2) };
      default:
        return answered(request, operation, rule.answer!, cors, body, rule.delayMs, rule);
    }
  };

  const toPrism = (request: EngineRequest, operation: CompiledOperation, cors: readonly string[], delayMs: number, rule: ActiveRule | undefined): Outcome => {
    const seq = journal.record(request.method, request.target, request.headers, operation.name, null, rule?.id ?? null, null, undefined);
    return { kind: 'prism', operation, cors, delayMs, settle: (status, body) => journal.settle(seq, status, body) };
  };

  /** Steps 3 and 4, after the rules (`rule` only delayed the answer); `body` once read. */
  const contractAnswer = (
    request: EngineRequest,
    operation: CompiledOperation,
    query: string | undefined,
    cors: readonly string[],
    body: Buffer | undefined,
    bodyRead: boolean,
    delayMs: number,
    rule: ActiveRule | undefined,
  ): Outcome | Promise<Outcome> | AwaitingBody => {
    const headers = request.headers;
    // 3. Prefer chooses the answer, body or not. (Where only Prism can check the key, it checks Prefer too, after it.)
    const keyChecked = keys !== undefined || !operation.credentialsByPrism;
    // node joins repeated Prefer lines with ', ', as Prism reads them.
    const prefer = headers.prefer as string | undefined;
    const preference = prefer || query?.includes('__') ? readPreference(prefer, query) : undefined;
    if (preference !== undefined && 'malformed' in preference && keyChecked) {
      return answered(request, operation, malformedPrefer(preference.malformed), cors, body, delayMs, rule);
    }
    const chosen = preference !== undefined && 'preference' in preference && choosesAnswer(preference.preference) ? preference.preference : undefined;
    if (operation.prismReason !== undefined) {
      // Prism answers, once the mock knows that what is preferred is documented.
      const problem = chosen && keyChecked ? operation.preferenceProblem(chosen.code, chosen.example) : undefined;
      return problem ? answered(request, operation, problem, cors, body, delayMs, rule) : toPrism(request, operation, cors, delayMs, rule);
    }
    if (chosen !== undefined) {
      const { answer, documented } = operation.preferred(chosen.code, chosen.example, headers.accept);
      // A generated body is Prism's, once the mock knows the status asked for is documented (an example wins over it).
      // A HEAD goes too, as its GET (found by the differential campaign: Prism checks the body before it generates).
      if (documented && chosen.dynamic === true && chosen.example === undefined) return toPrism(request, operation, cors, delayMs, rule);
      return answered(request, operation, answer, cors, body, delayMs, rule);
    }

    // 4. Validation.
    if (operation.body.kind === 'none' && !request.framed) return answered(request, operation, successOf(request, operation, body), cors, body, delayMs, rule);
    const check = (read: Buffer | undefined): Outcome | Promise<Outcome> => {
      const finish = (refusal: BodyRefusal | undefined) => {
        const answer = refusal === undefined ? successOf(request, operation, read) : operation.refused(refusalStatuses[refusal.status], refusal.note);
        return answered(request, operation, answer, cors, read, delayMs, rule);
      };
      const refusal = checkBody(operation.body, request.framed, read, headers['content-type']);
      return refusal instanceof Promise ? refusal.then(finish) : finish(refusal);
    };
    return bodyRead ? check(body) : { kind: 'awaiting-body', limit: BODY_LIMIT, resume: check };
  };

  /** Step 2 with the body read (a rule may match by body; the journal shows what a rule answered). */
  const withBody = (
    request: EngineRequest,
    operation: CompiledOperation,
    query: string | undefined,
    cors: readonly string[],
    candidates: readonly ActiveRule[],
    body: Buffer | undefined,
  ): Outcome | Promise<Outcome> => {
    const rule = rules.match(candidates, apiKeyOf(request.headers), jsonOf(body, request.headers['content-type']));
    if (rule !== undefined && (rule.answer !== undefined || rule.fault !== undefined)) return byRule(request, operation, rule, cors, body);
    // The body is read (bodyRead true): contractAnswer never asks for it again.
    return contractAnswer(request, operation, query, cors, body, true, rule?.delayMs ?? noDelay, rule) as Outcome | Promise<Outcome>;
  };

  const decide = (request: EngineRequest): Outcome | Promise<Outcome> | AwaitingBody => {
    const { method, headers } = request;
    const { pathname, query } = readTarget(request.target);
    const path = contract.find(pathname);
    if (isPreflight(method, headers)) return answered(request, undefined, preflightAnswer(policy, headers, path?.allow), none, undefined);
    const cors = corsLines(policy, headers.origin);
    if (path === undefined) return answered(request, undefined, unknownPath(method, pathname), cors, undefined);
    const operation = path.operations.get(method) ?? (method === 'HEAD' ? path.operations.get('GET') : undefined);
    if (operation === undefined) {
      const answer = method === 'OPTIONS' ? allowedMethods(path.allow) : methodNotAllowed(method, path.template, path.allow);
      return answered(request, undefined, answer, cors, undefined);
    }

    // 1. Authentication, whatever the body: it is not read before this. The registry answers every operation.
    const outcome = keys ? outcomeOf(keys, headers) : operation.credentials === undefined || operation.credentials(headers, query) ? 'ok' : 'unauthorized';
    if (outcome !== 'ok') {
      // With a registry both are documented (checked at start); without one only the 401 is sent.
      return answered(request, operation, outcome === 'forbidden' ? operation.forbidden! : operation.unauthorized, cors, undefined);
    }

    // 2. Rules, newest first.
    const candidates = rules.of(operation);
    if (candidates !== undefined) {
      // With rules in force the body is read first, for rules that match by body and for the journal.
      if (request.framed) {
        return { kind: 'awaiting-body', limit: BODY_LIMIT, resume: (body) => withBody(request, operation, query, cors, candidates, body) };
      }
      const rule = rules.match(candidates, apiKeyOf(headers), undefined);
      if (rule !== undefined && (rule.answer !== undefined || rule.fault !== undefined)) return byRule(request, operation, rule, cors, undefined);
      if (rule !== undefined) return contractAnswer(request, operation, query, cors, undefined, false, rule.delayMs, rule);
    }
    return contractAnswer(request, operation, query, cors, undefined, false, noDelay, undefined);
  };

  const handle = (request: EngineRequest): Outcome | Promise<Outcome> => {
    const decided = decide(request);
    if (decided instanceof Promise || decided.kind !== 'awaiting-body') return decided;
    return request.readBody(decided.limit).then(decided.resume);
  };
  return { handle, decide, journal, rules };
}

const none: readonly string[] = [];

/** A JSON body's value, for rules that match by body; `undefined` when it is not JSON. */
function jsonOf(body: Buffer | undefined, contentType: string | undefined): unknown {
  if (body === undefined || body.length === 0 || contentType === undefined || !isJsonMediaType(contentType)) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The statuses Prism looks for, in order, when it refuses a request for that reason. */
const refusalStatuses = { 400: [400], 413: [413], 415: [415, 422, 400], 422: [422, 400] } as const;

function unknownPath(method: string, pathname: string): PreparedAnswer {
  const shown = pathname.length > 200 ? `${pathname.slice(0, 200)}…` : pathname;
  return mockError(
    'unknown-path',
    404,
    `the contract documents no path ${shown}`,
    `${method} ${shown} is not an operation of the contract this mock serves. Check the path (and the base URL: paths start with /api).`,
    {
      path: shown,
    },
  );
}

function methodNotAllowed(method: string, template: string, allow: string): PreparedAnswer {
  return mockError(
    'method-not-allowed',
    405,
    `the contract documents no ${method.slice(0, 20)} ${template}`,
    `${template} answers ${allow}.`,
    { allowedMethods: allow.split(', ') },
    ['allow', allow],
  );
}

function allowedMethods(allow: string): PreparedAnswer {
  return prepareAnswer(204, undefined, Buffer.alloc(0), ['allow', allow]);
}

function malformedPrefer(problem: string): PreparedAnswer {
  return mockError('malformed-prefer', 400, 'the Prefer header cannot be read', `${problem}. Write it as Prefer: code=403, example=<name> or dynamic=true.`);
}
