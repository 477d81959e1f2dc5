// One documented operation compiled for the hot path: its credential check, body rule and every answer it can
// give, chosen as Prism chooses them, prepared once at start.
import type { ContractModel, ContractOperation } from '@thumbnail-api/spec/model';
import { accepts } from '../http/accept.js';
import { mockError } from '../http/mock-error.js';
import { noteLines, type PreparedAnswer, withHeaders } from '../http/prepared-answer.js';
import { responseForCode, successResponse, undocumentedPreference } from './documented-statuses.js';
import type { LazyValidator } from './lazy-validator.js';
import { type BodyRule, compileBodyRule } from './request-body.js';
import { compileResponse, type ExampleCheck, type ResponsePlan } from './response-plan.js';
import { type CredentialCheck, compileSecurity } from './security.js';

/** A documented operation, ready to answer. */
export interface CompiledOperation {
  /** The operationId, or `METHOD path` when the contract names none. */
  readonly name: string;
  readonly method: string;
  readonly path: string;
  /** The operation as the contract model reads it. */
  readonly source: ContractOperation;
  /** Why the mock leaves this operation to Prism (after the key registry); `undefined` when it answers it itself. */
  readonly prismReason: string | undefined;
  /** Checks that credentials are present, as Prism does; `undefined` when none are needed or Prism checks them. */
  readonly credentials: CredentialCheck | undefined;
  /** Whether only Prism can check its credentials (a scheme the mock does not check), when there is no key registry. */
  readonly credentialsByPrism: boolean;
  /** The documented 401 (or the mock's own error when the contract documents none). */
  readonly unauthorized: PreparedAnswer;
  /** The documented 403, if the contract documents one (the key registry needs it). */
  readonly forbidden: PreparedAnswer | undefined;
  /** Whether the contract documents an example body for this status (the key registry sends only documented bodies). */
  documentsExample(status: 401 | 403): boolean;
  readonly body: BodyRule;
  /** The answer to a valid request that prefers nothing, when the client accepts its media type. */
  readonly success: PreparedAnswer;
  /**
   * The answer for `Prefer: code=` and/or `example=` (`documented`), or the mock's error when the contract documents
   * no such answer, or the 406 when the client accepts none of its media type.
   */
  preferred(code: number | undefined, example: string | undefined, accept: string | undefined): { answer: PreparedAnswer; documented: boolean };
  /** The mock's error when `Prefer` names an answer the contract does not document (also for operations left to Prism). */
  preferenceProblem(code: number | undefined, example: string | undefined): PreparedAnswer | undefined;
  /** The success answer for this Accept header (a 406 when the client accepts none of its media type). */
  successFor(accept: string | undefined): PreparedAnswer;
  /** The documented answer for a refused request, found as Prism finds it (the first of `statuses`, else `default`). */
  refused(statuses: readonly number[], note: string): PreparedAnswer;
}

/** How the mock names an operation (rules, the journal, coverage): its operationId, else `METHOD path`. */
export function operationNameOf(operation: ContractOperation): string {
  return operation.operationId ?? `${operation.method.toUpperCase()} ${operation.path}`;
}

/** Compiles an operation; anything the mock cannot answer itself makes it Prism's (`prismReason`). */
export function compileOperation(model: ContractModel, operation: ContractOperation, validator: LazyValidator, checkExample: ExampleCheck): CompiledOperation {
  const method = operation.method.toUpperCase();
  const name = operationNameOf(operation);
  const reasons: string[] = [];
  const security = compileSecurity(model, operation.security);
  if (typeof security === 'string') reasons.push(security);
  const parameters = [
    operation.object.parameters,
    (model.get(operation.pointer.slice(0, operation.pointer.lastIndexOf('/'))) as { parameters?: unknown } | undefined)?.parameters,
  ];
  if (parameters.some((list) => Array.isArray(list) && list.length > 0)) reasons.push('it documents parameters, which Prism validates');
  if (operation.object.callbacks !== undefined) reasons.push('it documents callbacks, which Prism calls');
  const body = compileBodyRule(operation.requestBody, validator);
  if (typeof body === 'string') reasons.push(body);

  const extraHeaders = operation.object.deprecated === true ? ['deprecation', 'true'] : [];
  const plans = new Map<string, ResponsePlan>();
  for (const entry of operation.responses) {
    const plan = compileResponse(entry, checkExample, extraHeaders);
    if (typeof plan === 'string') reasons.push(plan);
    else plans.set(entry.status, plan);
  }
  const compiled = [...plans.values()];
  const byCode = (code: number): ResponsePlan | undefined => responseForCode(compiled, code);
  const documentedStatuses = operation.responses.map((entry) => entry.status);
  // As Prism: the documented answer of the first status found, else `default` under the first status.
  const refusedCache = new Map<string, PreparedAnswer>();
  const refusedAnswer = (statuses: readonly number[]): PreparedAnswer => {
    const cacheKey = statuses.join(',');
    let answer = refusedCache.get(cacheKey);
    if (!answer) {
      const found = statuses.map((status) => ({ status, plan: byCode(status) })).find((candidate) => candidate.plan !== undefined);
      const status = found?.status ?? statuses[0]!;
      answer =
        (found?.plan ?? plans.get('default'))?.answer(status) ??
        mockError(
          'no-documented-answer',
          status,
          `the contract documents no ${status} answer for ${name}`,
          `The mock answers ${status} here and the contract has neither a ${status} nor a default response to send.`,
          { documentedStatuses },
        );
      refusedCache.set(cacheKey, answer);
    }
    return answer;
  };

  const chosen = successResponse(compiled);
  const successPlan = chosen?.response;
  const successStatus = chosen?.status ?? 200;
  const success =
    successPlan?.answer(successStatus) ??
    mockError('no-documented-answer', 500, `the contract documents no answer for ${name}`, 'Document a response for this operation.');
  const notAcceptable = (mediaType: string, accept: string) =>
    withHeaders(refusedAnswer([406]), noteLines(`The contract documents this answer as ${mediaType}, which Accept: ${accept} excludes.`));

  return {
    name,
    method,
    path: operation.path,
    source: operation,
    prismReason: reasons.length > 0 ? reasons.join('; ') : undefined,
    credentials: typeof security === 'function' ? security : undefined,
    credentialsByPrism: typeof security === 'string',
    unauthorized: refusedAnswer([401]),
    forbidden: byCode(403)?.answer(403) ?? plans.get('default')?.answer(403),
    documentsExample: (status) => ((byCode(status) ?? plans.get('default'))?.exampleNames.length ?? 0) > 0,
    body: typeof body === 'string' ? { kind: 'none' } : body,
    success,
    successFor(accept) {
      if (successPlan?.mediaType === undefined || accepts(accept, successPlan.mediaType)) return success;
      return notAcceptable(successPlan.mediaType, accept!);
    },
    preferenceProblem: (code, example) => undocumentedPreference(operation, name, code, example),
    preferred(code, example, accept) {
      const problem = undocumentedPreference(operation, name, code, example);
      if (problem !== undefined) return { answer: problem, documented: false };
      // Compiled operations have a plan for every documented response.
      const plan = (code === undefined ? successPlan : byCode(code))!;
      const answer = plan.answer(code ?? successStatus, example)!;
      if (plan.mediaType === undefined || accepts(accept, plan.mediaType)) return { answer, documented: true };
      return { answer: notAcceptable(plan.mediaType, accept!), documented: false };
    },
    refused: (statuses, note) => withHeaders(refusedAnswer(statuses), noteLines(note)),
  };
}
