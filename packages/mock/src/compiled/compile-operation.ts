// One documented operation compiled for the hot path: its credential check, body rule and every answer it can
// give, chosen as Prism chooses them, prepared once at start.
import type { ContractModel, ContractOperation } from '@thumbnail-api/spec/model';
import type { LazyValidator } from '../contract/lazy-validator.js';
import { mockError } from '../server/mock-error.js';
import { noteLines, type PreparedAnswer, withHeaders } from '../server/prepared-answer.js';
import { accepts } from './accept.js';
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
  /** Checks that credentials are present, as Prism does; `undefined` when none are needed. */
  readonly credentials: CredentialCheck | undefined;
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
  /** The success answer for this Accept header (a 406 when the client accepts none of its media type). */
  successFor(accept: string | undefined): PreparedAnswer;
  /** The documented answer for a refused request, found as Prism finds it (the first of `statuses`, else `default`). */
  refused(statuses: readonly number[], note: string): PreparedAnswer;
}

/** Compiles an operation; anything the mock cannot answer itself makes it Prism's (`prismReason`). */
export function compileOperation(model: ContractModel, operation: ContractOperation, validator: LazyValidator, checkExample: ExampleCheck): CompiledOperation {
  const method = operation.method.toUpperCase();
  const name = operation.operationId ?? `${method} ${operation.path}`;
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
  const explicit = [...plans.values()].filter((plan) => plan.key !== 'default');
  const byCode = (code: number): ResponsePlan | undefined =>
    plans.get(String(code)) ?? explicit.find((plan) => plan.key.toUpperCase() === `${String(code)[0]}XX`);
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
          {
            documentedStatuses: documentedStatuses(plans),
          },
        );
      refusedCache.set(cacheKey, answer);
    }
    return answer;
  };

  const successPlan = lowest2xx(explicit) ?? plans.get('default') ?? [...plans.values()][0];
  const successStatus = successPlan === undefined ? 200 : successPlan.key === 'default' ? 200 : Number(successPlan.key.replace(/XX$/i, '00'));
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
    unauthorized: refusedAnswer([401]),
    forbidden: byCode(403)?.answer(403) ?? plans.get('default')?.answer(403),
    documentsExample: (status) => ((byCode(status) ?? plans.get('default'))?.exampleNames.length ?? 0) > 0,
    body: typeof body === 'string' ? { kind: 'none' } : body,
    success,
    successFor(accept) {
      if (successPlan?.mediaType === undefined || accepts(accept, successPlan.mediaType)) return success;
      return notAcceptable(successPlan.mediaType, accept!);
    },
    preferred(code, example, accept) {
      const plan = code === undefined ? successPlan : byCode(code);
      if (plan === undefined) {
        const answer = mockError(
          'undocumented-status',
          400,
          `the contract documents no ${code} answer for ${name}`,
          `Prefer a status the contract documents for ${method} ${operation.path}. Other statuses are covered only by its "default" response, which does not say which statuses the service uses, so the mock does not make them up.`,
          { documentedStatuses: documentedStatuses(plans) },
        );
        return { answer, documented: false };
      }
      const status = code ?? successStatus;
      const answer = plan.answer(status, example);
      if (answer === undefined) {
        const error = mockError(
          'undocumented-example',
          400,
          `the contract documents no example ${JSON.stringify(example!.slice(0, 100))} for the ${plan.key} answer of ${name}`,
          'Prefer one of the examples the contract documents for this answer.',
          { documentedExamples: plan.exampleNames },
        );
        return { answer: error, documented: false };
      }
      if (plan.mediaType === undefined || accepts(accept, plan.mediaType)) return { answer, documented: true };
      return { answer: notAcceptable(plan.mediaType, accept!), documented: false };
    },
    refused: (statuses, note) => withHeaders(refusedAnswer(statuses), noteLines(note)),
  };
}

/** Prism's default answer: the lowest 2xx status (ranges normalised, `2XX` as 200). */
function lowest2xx(plans: readonly ResponsePlan[]): ResponsePlan | undefined {
  return plans.filter((plan) => /^2(\d\d|XX)$/.test(plan.key)).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))[0];
}

/** The statuses the contract documents for an operation, for the mock's errors; `default` is named as such. */
function documentedStatuses(plans: ReadonlyMap<string, ResponsePlan>): string[] {
  return [...plans.keys()];
}
