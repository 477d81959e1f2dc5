// One pass per request. Each step below is a named function over the request's Pass (what the pass knows of it so
// far), run in the order the README states: the target read, CORS, the route, authentication, the rules a test added,
// Prefer, the body's validation, the answer. The first step that decides ends the pass, and the journal gets one record
// of it, whatever decided (with, when rules did not answer, the nearest one: a near miss), and the coverage its count.
// A step that needs the body says so; the runner reads it once and runs that step again, so no step reads it before
// authentication. Transport-free: the node:http adapter (src/node/) and the Fetch one (src/fetch/) hand it an
// EngineRequest and act on the Outcome.
import type { ApiKeyForm } from '@thumbnail-api/spec/model';
import type { CompiledContract, PathEntry } from '../contract/compile-contract.js';
import type { CompiledOperation } from '../contract/compile-operation.js';
import { BODY_LIMIT, type BodyRefusal, checkBody, textOf } from '../contract/request-body.js';
import type { Coverage } from '../double/coverage.js';
import type { Journal, JournalRecord } from '../double/journal.js';
import type { MatchableRequest } from '../double/matcher.js';
import { type NearMissRecord, nearestMiss, nearMissNote } from '../double/near-miss.js';
import { type ActiveRule, type RuleBook, ruleHeader } from '../double/rules.js';
import { isJsonMediaType } from '../http/media-type.js';
import { mockError } from '../http/mock-error.js';
import { noteLines, type PreparedAnswer, prepareAnswer, withHeaders, withNoteFirst } from '../http/prepared-answer.js';
import { queryValues, type RequestTarget, readTarget } from '../http/request-target.js';
import type { Answerer } from './answerer.js';
import { type CorsPolicy, corsLines, isPreflight, preflightAnswer } from './cors.js';
import type { EngineRequest } from './engine-request.js';
import { type KeyOutcome, noKeyNote, outcomeOf, registryNote } from './key-outcome.js';
import type { Outcome } from './outcome.js';
import { choosesAnswer, type Preference, readPreference } from './prefer.js';

export interface PipelineOptions {
  readonly contract: CompiledContract;
  /** The key registry; `undefined`: any credential the contract asks for will do, as Prism checks it. */
  readonly keys: ReadonlyMap<string, KeyOutcome> | undefined;
  readonly cors: CorsPolicy;
  readonly journal: Journal;
  readonly rules: RuleBook;
  /** Recordings (--replay) answered in place of the compiled success answer. */
  readonly replay: RecordedAnswers | undefined;
  /** What answers where the compiled contract does not: Prism, or the not-compiled 501. */
  readonly generated: Answerer;
  /** What the suite exercised of the contract: every pass over a documented operation counts its outcome. */
  readonly coverage: Coverage;
}

/** The recordings replay serves, as the pipeline asks them (record/replay.ts). */
export interface RecordedAnswers {
  answerFor(operation: CompiledOperation, target: RequestTarget, body: unknown): PreparedAnswer | undefined;
}

/** Where a pass hands its outcome: `done` with it, recorded in the journal; `failed` when reading the body failed (the client broke off) or answering threw. */
export interface PassCallbacks {
  done(outcome: Outcome): void;
  failed(error: unknown): void;
}

export interface Pipeline {
  /**
   * Decides what to do with a request and hands the outcome to `callbacks.done`: within this call when no step waits
   * (a GET), else once the body or Prism's answer has come. Callbacks, not a promise: a POST's pass then makes no
   * promise at all (the bench measured one async handle() at a few percent more CPU per POST than 1dfff3b's path).
   */
  handle(request: EngineRequest, callbacks: PassCallbacks): void;
}

/** What the pass knows of one request so far. */
interface Pass {
  readonly request: EngineRequest;
  /** Where the outcome goes. */
  readonly callbacks: PassCallbacks;
  readonly time: number;
  /** The API key, read once (in the forms the contract's security schemes describe) for every step and the records. */
  readonly key: string | undefined;
  /** The form the key came in (`undefined` with no key), for coverage. */
  readonly keyForm: ApiKeyForm | undefined;
  readonly target: RequestTarget;
  readonly path: PathEntry | undefined;
  /** Set by `route`: every step after it has one. */
  operation: CompiledOperation | undefined;
  cors: readonly string[];
  /** The rule that matched (an answer, a fault, or only a delay). */
  rule: ActiveRule | undefined;
  /** With rules for the operation and none matching: the nearest, and where the request differs from it. */
  nearMiss: NearMissRecord | undefined;
  /** Why validation refused the body (400, 413, 415 or 422), when it did. */
  refusal: number | undefined;
  delayMs: number;
  /** The body once read (`undefined` past the limit, or when none was read). */
  body: Buffer | undefined;
  /** The body's text, once something decoded it (validation, a rule or recording matching by body): decoded once. */
  text: string | undefined;
  bodyRead: boolean;
}

/** What a step returns when it needs the body first: the runner reads it (once) and runs that step again. */
const needsBody: unique symbol = Symbol('the step needs the body');

type Step = (pass: Pass, options: PipelineOptions) => Outcome | undefined | typeof needsBody | Promise<Outcome | undefined>;

/** The steps, in order; each decides the outcome, or leaves it (`undefined`) to the next, or asks for the body. */
const steps: readonly Step[] = [cors, route, authenticate, applyRules, prefer, validate, answer];

export function createPipeline(options: PipelineOptions): Pipeline {
  return { handle: (request, callbacks) => run(begin(request, callbacks, options.contract), options, 0) };
}

/** Runs the steps from `from` on, until one decides; waits only for the body, or for a step that returns a promise. */
function run(pass: Pass, options: PipelineOptions, from: number): void {
  try {
    for (let index = from; index < steps.length; index++) {
      const decided = steps[index]!(pass, options);
      if (decided === undefined) continue;
      if (decided === needsBody) {
        const resume = (body: Buffer | undefined) => {
          pass.body = body;
          pass.bodyRead = true;
          run(pass, options, index);
        };
        pass.request.readBody(BODY_LIMIT, resume, pass.callbacks.failed);
      } else if (decided instanceof Promise) {
        decided.then((outcome) => (outcome === undefined ? run(pass, options, index + 1) : end(pass, outcome, options)), pass.callbacks.failed);
      } else {
        end(pass, decided, options);
      }
      return;
    }
    // `answer`, the last step, always decides.
    throw new Error('No step of the pipeline decided the outcome.');
  } catch (error) {
    pass.callbacks.failed(error);
  }
}

/** The journal's one record of the pass and its count in the coverage, then the outcome to the adapter. */
function end(pass: Pass, outcome: Outcome, options: PipelineOptions): void {
  try {
    options.journal.record(recordOf(pass, outcome));
    if (pass.operation !== undefined) options.coverage.count(pass, outcome.kind === 'answer' || outcome.kind === 'truncated' ? outcome.answer : undefined);
    pass.callbacks.done(outcome);
  } catch (error) {
    pass.callbacks.failed(error);
  }
}

/** The target read: its path and query, and the documented path it names (if any). */
function begin(request: EngineRequest, callbacks: PassCallbacks, contract: CompiledContract): Pass {
  const target = readTarget(request.target);
  const presented = contract.apiKeys.read(request.headers, target.query);
  return {
    request,
    callbacks,
    time: Date.now(),
    key: presented?.key,
    keyForm: presented?.form,
    target,
    path: contract.find(target.pathname),
    operation: undefined,
    cors: none,
    rule: undefined,
    nearMiss: undefined,
    refusal: undefined,
    delayMs: 0,
    body: undefined,
    text: undefined,
    bodyRead: false,
  };
}

/** CORS: a preflight is answered here (for any path); any other request gets the lines its Origin allows. */
function cors(pass: Pass, options: PipelineOptions): Outcome | undefined {
  const { method, headers } = pass.request;
  if (isPreflight(method, headers)) return send(pass, preflightAnswer(options.cors, headers, pass.path?.allow));
  pass.cors = corsLines(options.cors, headers.origin);
  return undefined;
}

/** The route: a path or method the contract does not document gets the mock's 404 or 405 (OPTIONS: 204 with Allow). */
function route(pass: Pass): Outcome | undefined {
  const { method } = pass.request;
  const path = pass.path;
  if (path === undefined) return send(pass, unknownPath(method, pass.target.pathname));
  const operation = path.operations.get(method) ?? (method === 'HEAD' ? path.operations.get('GET') : undefined);
  if (operation === undefined) return send(pass, method === 'OPTIONS' ? allowedMethods(path.allow) : methodNotAllowed(method, path.template, path.allow));
  pass.operation = operation;
  return undefined;
}

/** Authentication, before the body is read and whatever it holds: the registry answers every operation. */
function authenticate(pass: Pass, options: PipelineOptions): Outcome | undefined {
  const operation = pass.operation!;
  const { headers } = pass.request;
  const outcome = options.keys
    ? outcomeOf(options.keys, pass.key)
    : operation.credentials === undefined || operation.credentials(headers, pass.target.query)
      ? 'ok'
      : 'unauthorized';
  if (outcome === 'ok') return undefined;
  // With a registry both are documented (checked at start); without one only the 401 is sent.
  const refused = outcome === 'forbidden' ? operation.forbidden! : operation.unauthorized;
  // What the registry decided says why, in the answer and the journal.
  const note = options.keys === undefined ? undefined : pass.key === undefined ? noKeyNote(options.contract.apiKeys) : registryNote(options.keys, pass.key);
  return send(pass, note === undefined ? refused : withHeaders(refused, noteLines(note)));
}

/**
 * The rules a test added, newest first: with rules in force (or used up) the body is read first (a rule may match by
 * it). When none answers, the nearest one and where the request differs are recorded (a near miss).
 */
function applyRules(pass: Pass, options: PipelineOptions): Outcome | undefined | typeof needsBody {
  const operation = pass.operation!;
  const candidates = options.rules.of(operation);
  const usedUp = options.rules.retiredOf(operation);
  if (candidates === undefined && usedUp === undefined) return undefined;
  if (pass.request.framed && !pass.bodyRead) return needsBody;
  const request = matchable(pass);
  const rule = candidates === undefined ? undefined : options.rules.match(candidates, request);
  if (rule === undefined) {
    // Why none answered, for the journal: data of this pass, not a branch of the answer.
    pass.nearMiss = nearestMiss(candidates ?? none, usedUp ?? none, request);
    return undefined;
  }
  pass.rule = rule;
  if (rule.answer === undefined && rule.fault === undefined) {
    // A delay alone: the contract's answer, later.
    pass.delayMs = rule.delayMs;
    return undefined;
  }
  return byRule(pass, rule);
}

/** What a rule with an answer or a fault does. */
function byRule(pass: Pass, rule: ActiveRule): Outcome {
  const { delayMs } = rule;
  switch (rule.fault) {
    case 'reset':
      return { kind: 'reset', delayMs, key: pass.key };
    case 'hang':
      return { kind: 'hang', key: pass.key };
    case 'truncated':
      // A HEAD answer has no body to cut short: its headers are all of it, over HTTP and through MSW alike.
      if (pass.request.method === 'HEAD') break;
      return {
        kind: 'truncated',
        answer: byRuleOf(rule, rule.answer!),
        cors: pass.cors,
        delayMs,
        key: pass.key,
        sentBytes: Math.floor(rule.answer!.body.length / 2),
      };
  }
  pass.delayMs = delayMs;
  return send(pass, rule.answer!);
}

/**
 * Prefer (or its query fallbacks, `?__code=`) chooses a documented answer whatever the body; what the compiled contract
 * cannot answer (a generated body, an operation compiled for Prism) goes to the generated-answer step.
 */
function prefer(pass: Pass, options: PipelineOptions): Outcome | undefined | typeof needsBody | Promise<Outcome> {
  const operation = pass.operation!;
  const { headers } = pass.request;
  const query = pass.target.query;
  // Where only Prism can check the key, it checks Prefer too, after it.
  const keyChecked = options.keys !== undefined || !operation.credentialsByPrism;
  // node joins repeated Prefer lines with ', ', as Prism reads them.
  const header = headers.prefer as string | undefined;
  const read = header || query?.includes('__') ? readPreference(header, query) : undefined;
  if (read !== undefined && 'malformed' in read && keyChecked) return send(pass, malformedPrefer(read.malformed));
  const chosen: Preference | undefined = read !== undefined && 'preference' in read && choosesAnswer(read.preference) ? read.preference : undefined;
  if (operation.prismReason !== undefined) {
    // Prism answers, once the mock knows that what is preferred is documented.
    const problem = chosen && keyChecked ? operation.preferenceProblem(chosen.code, chosen.example) : undefined;
    return problem ? send(pass, problem) : generated(pass, options);
  }
  if (chosen === undefined) return undefined;
  const { answer: preferred, documented } = operation.preferred(chosen.code, chosen.example, headers.accept);
  // A generated body is Prism's, once the mock knows the status asked for is documented (an example wins over it).
  // A HEAD goes too, as its GET (found by the differential campaign: Prism checks the body before it generates).
  if (documented && chosen.dynamic === true && chosen.example === undefined) return generated(pass, options);
  return send(pass, preferred);
}

/** The answer of what the compiled contract does not cover (Prism, or the not-compiled 501), the body read first. */
function generated(pass: Pass, options: PipelineOptions): Outcome | typeof needsBody | Promise<Outcome> {
  const { request, body } = pass;
  const operation = pass.operation!;
  if (request.framed && !pass.bodyRead) return needsBody;
  if (request.framed && body === undefined) {
    return send(pass, operation.refused([413], `The request body is larger than the mock reads (${BODY_LIMIT} bytes).`));
  }
  return options.generated.answer(request, body, operation).then((answer) => send(pass, answer));
}

/** The body's validation: its size, media type, JSON and schema, as Prism checks them (an operation with no body: none sent). */
function validate(pass: Pass): Outcome | undefined | typeof needsBody | Promise<Outcome | undefined> {
  const { request } = pass;
  const operation = pass.operation!;
  if (operation.body.kind === 'none' && !request.framed) return undefined;
  if (!pass.bodyRead) return needsBody;
  const judge = (refusal: BodyRefusal | undefined) => {
    if (refusal === undefined) return undefined;
    pass.refusal = refusal.status;
    return send(pass, operation.refused(refusalStatuses[refusal.status], refusal.note));
  };
  // A promise only while the validator is still loading.
  const refusal = checkBody(operation.body, request.framed, pass, request.headers['content-type']);
  return refusal instanceof Promise ? refusal.then(judge) : judge(refusal);
}

/** The answer to a valid request: a recording of it (--replay), else the documented success answer for its Accept. */
function answer(pass: Pass, options: PipelineOptions): Outcome {
  const { request } = pass;
  const operation = pass.operation!;
  const recorded = options.replay?.answerFor(operation, pass.target, jsonOf(pass));
  return send(pass, recorded ?? operation.successFor(request.headers.accept));
}

/**
 * An answer outcome, with the request's CORS lines and any delay a rule asked for (and that rule's id); an answer no rule
 * made, when a rule nearly matched, says why in its note, so that the reason reaches the error where a test fails.
 */
function send(pass: Pass, answer: PreparedAnswer): Outcome {
  const { rule, nearMiss } = pass;
  const sent = rule !== undefined ? byRuleOf(rule, answer) : nearMiss === undefined ? answer : withNoteFirst(answer, nearMissNote(nearMiss, pass.key));
  return { kind: 'answer', answer: sent, cors: pass.cors, delayMs: pass.delayMs, key: pass.key };
}

/** An answer a rule made (or delayed), naming it: a test sees which of its rules answered. */
function byRuleOf(rule: ActiveRule, answer: PreparedAnswer): PreparedAnswer {
  return withHeaders(answer, [ruleHeader, rule.id]);
}

/** The request as a rule's matcher reads it. */
function matchable(pass: Pass): MatchableRequest {
  return {
    key: pass.key,
    pathname: pass.target.pathname,
    query: () => queryValues(pass.target.query),
    body: jsonOf(pass),
  };
}

/** A JSON body's value, for rules and recordings that match by body; `undefined` when none was read or it is not JSON. */
function jsonOf(pass: Pass): unknown {
  const body = pass.body;
  const contentType = pass.request.headers['content-type'];
  if (body === undefined || body.length === 0 || contentType === undefined || !isJsonMediaType(contentType)) return undefined;
  try {
    return JSON.parse(textOf(pass)!);
  } catch {
    return undefined;
  }
}

/** The journal's one record of the pass. */
function recordOf(pass: Pass, outcome: Outcome): JournalRecord {
  const { request, rule } = pass;
  return {
    time: pass.time,
    key: pass.key,
    method: request.method,
    target: request.target,
    headers: request.headers,
    operationId: pass.operation?.name ?? null,
    status: outcome.kind === 'answer' || outcome.kind === 'truncated' ? outcome.answer.status : null,
    rule: rule?.id ?? null,
    simulated: rule?.simulated ?? null,
    body: pass.body,
    text: pass.text,
    answerHeaders: outcome.kind === 'answer' || outcome.kind === 'truncated' ? outcome.answer.headers : undefined,
    nearMiss: pass.nearMiss,
  };
}

const none: readonly never[] = [];

/** The statuses Prism looks for, in order, when it refuses a request for that reason. */
const refusalStatuses = { 400: [400], 413: [413], 415: [415, 422, 400], 422: [422, 400] } as const;

function unknownPath(method: string, pathname: string): PreparedAnswer {
  const shown = pathname.length > 200 ? `${pathname.slice(0, 200)}…` : pathname;
  return mockError(
    'unknown-path',
    404,
    `the contract documents no path ${shown}`,
    `${method} ${shown} is not an operation of the contract this mock serves. Check the path (and the base URL: paths start with /api).`,
    { path: shown },
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
