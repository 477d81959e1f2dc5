// The mock's request handler. Checks run in this order, for every documented operation:
//   1. authentication (the key registry, else the presence of a credential), before the body is read;
//   2. Prefer (code=, example=; dynamic=true goes to Prism), which chooses the answer whatever the body;
//   3. validation of the body (size, media type, JSON, schema), then the Accept header.
// What the compiled contract cannot answer goes to the fallback (Prism); paths and methods it does not document
// get the mock's own errors.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type CorsPolicy, corsLines, isPreflight, preflightAnswer } from '../server/cors.js';
import { mockError } from '../server/mock-error.js';
import { type PreparedAnswer, prepareAnswer, sendAnswer } from '../server/prepared-answer.js';
import { hasBodyFraming } from '../server/read-body.js';
import { readTarget } from '../server/request-target.js';
import type { CompiledContract } from './compile-contract.js';
import type { CompiledOperation } from './compile-operation.js';
import { type KeyOutcome, outcomeOf } from './key-registry.js';
import { choosesAnswer, readPreference } from './prefer.js';
import { checkBody } from './request-body.js';

/** Where requests go that the compiled contract does not answer (Prism, or an error in the compiled-only mode). */
export interface Fallback {
  /** Answers the request (its body not yet read), for `operation`, with the request's CORS lines. */
  forward(req: IncomingMessage, res: ServerResponse, operation: CompiledOperation, cors: readonly string[]): void;
  close(): Promise<void>;
}

export interface MockHandler {
  handle(req: IncomingMessage, res: ServerResponse): void;
  close(): Promise<void>;
}

export function createMockHandler(options: {
  contract: CompiledContract;
  keys: ReadonlyMap<string, KeyOutcome> | undefined;
  cors: CorsPolicy;
  fallback: Fallback;
}): MockHandler {
  const { contract, keys, cors: policy, fallback } = options;

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const headers = req.headers;
    const method = req.method ?? 'GET';
    const { pathname, query } = readTarget(req.url);
    const path = contract.find(pathname);
    if (isPreflight(method, headers)) {
      sendAnswer(res, preflightAnswer(policy, headers, path?.allow), []);
      return;
    }
    const cors = corsLines(policy, headers.origin);
    if (path === undefined) {
      sendAnswer(res, unknownPath(method, pathname), cors);
      return;
    }
    const operation = path.operations.get(method) ?? (method === 'HEAD' ? path.operations.get('GET') : undefined);
    if (operation === undefined) {
      sendAnswer(res, method === 'OPTIONS' ? allowedMethods(path.allow) : methodNotAllowed(method, path.template, path.allow), cors);
      return;
    }

    // 1. Authentication, whatever the body: it is not read before this. The registry answers every operation.
    const outcome = keys ? outcomeOf(keys, headers) : operation.credentials === undefined || operation.credentials(headers, query) ? 'ok' : 'unauthorized';
    if (outcome !== 'ok') {
      // With a registry both are documented (checked at start); without one only the 401 is sent.
      sendAnswer(res, outcome === 'forbidden' ? operation.forbidden! : operation.unauthorized, cors);
      return;
    }

    // 2. Prefer chooses the answer, body or not. (Where only Prism can check the key, it checks Prefer too, after it.)
    const keyChecked = keys !== undefined || !operation.credentialsByPrism;
    // node joins repeated Prefer lines with ', ', as Prism reads them.
    const prefer = headers.prefer as string | undefined;
    const preference = prefer || query?.includes('__') ? readPreference(prefer, query) : undefined;
    if (preference !== undefined && 'malformed' in preference && keyChecked) {
      sendAnswer(res, malformedPrefer(preference.malformed), cors);
      return;
    }
    const chosen = preference !== undefined && 'preference' in preference && choosesAnswer(preference.preference) ? preference.preference : undefined;
    if (operation.prismReason !== undefined) {
      // Prism answers, once the mock knows that what is preferred is documented.
      const problem = chosen && keyChecked ? operation.preferenceProblem(chosen.code, chosen.example) : undefined;
      if (problem) sendAnswer(res, problem, cors);
      else fallback.forward(req, res, operation, cors);
      return;
    }
    if (chosen !== undefined) {
      const { answer, documented } = operation.preferred(chosen.code, chosen.example, headers.accept);
      // A generated body is Prism's, once the mock knows the status asked for is documented (an example wins over it).
      // A HEAD goes too, as its GET (found by the differential campaign: Prism checks the body before it generates).
      if (documented && chosen.dynamic === true && chosen.example === undefined) fallback.forward(req, res, operation, cors);
      else sendAnswer(res, answer, cors);
      return;
    }

    // 3. Validation.
    if (operation.body.kind === 'none' && !hasBodyFraming(req)) {
      sendAnswer(res, operation.successFor(headers.accept), cors);
      return;
    }
    answerAfterBodyCheck(req, res, operation, operation.successFor(headers.accept), cors);
  };
  return { handle, close: () => fallback.close() };
}

/** Sends `answer` if the body passes the operation's checks, else the documented refusal. */
function answerAfterBodyCheck(req: IncomingMessage, res: ServerResponse, operation: CompiledOperation, answer: PreparedAnswer, cors: readonly string[]): void {
  checkBody(operation.body, req).then(
    (refusal) => sendAnswer(res, refusal === undefined ? answer : operation.refused(refusalStatuses[refusal.status], refusal.note), cors),
    () => res.destroy(),
  );
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
