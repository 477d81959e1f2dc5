// A rule as a test gives it, checked when it is added: its fields, the operation it names, and its answer against the
// response the contract documents for that status. Errors say which field, which JSON pointer, which schema rule.
import { mockHeader } from '@thumbnail-api/spec/profile';
import type { ContractValidator } from '@thumbnail-api/spec/validator';
import type { CompiledContract } from '../contract/compile-contract.js';
import type { CompiledOperation } from '../contract/compile-operation.js';
import { responseForCode } from '../contract/documented-statuses.js';
import { isUsableKey } from '../http/credentials.js';
import { HOP_BY_HOP, headerProblem } from '../http/headers.js';
import { essenceOf, mediaTypeCovers } from '../http/media-type.js';
import { type PreparedAnswer, prepareAnswer } from '../http/prepared-answer.js';
import { FAULTS, type Fault } from './mock-rule.js';
import { simulatedBody } from './simulated-body.js';

/** A rule refused when it was added: `field` names the part at fault (`answer.body`, `fault`, ...). */
export class MockRuleError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.name = 'MockRuleError';
  }
}

/** A checked rule, ready for the hot path. */
export interface CheckedRule {
  readonly operation: CompiledOperation;
  readonly key: string | undefined;
  readonly body: Readonly<Record<string, unknown>> | undefined;
  readonly times: number;
  readonly delayMs: number;
  readonly fault: Fault | undefined;
  /** What is sent (for `truncated`: announced); `undefined` for `reset`, `hang` and a delay alone. */
  readonly answer: PreparedAnswer | undefined;
  /** What is simulated and not documented by the service, e.g. `fault=reset`; `null` for a documented answer. */
  readonly simulated: string | null;
}

/** The header on every answer a fault or an undocumented status makes. */
export const simulatedHeader = mockHeader('simulated');
/** Delays longer than this are refused: a test waiting 10 minutes is a mistake. */
const maxDelayMs = 600_000;
const ruleFields = new Set(['operationId', 'method', 'path', 'key', 'body', 'times', 'delayMs', 'fault', 'answer']);
const answerFields = new Set(['status', 'headers', 'body']);
const malformedBody = Buffer.from('{"thumbnail-api-mock": "this body is not JSON, on purpose (fault=malformed)"');

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Checks `input` against the contract; throws a {@link MockRuleError} naming what is wrong. */
export function checkRule(input: unknown, contract: CompiledContract, validator: ContractValidator): CheckedRule {
  if (!isObject(input)) throw new MockRuleError('A rule must be a JSON object, e.g. {"operationId": "listThumbnails", "answer": {"status": 503}}.', 'rule');
  for (const field of Object.keys(input)) {
    if (!ruleFields.has(field)) throw new MockRuleError(`Unknown rule field "${field}"; a rule has ${[...ruleFields].join(', ')}.`, field);
  }
  const operation = operationOf(input, contract);
  const key = optionalString(input, 'key');
  if (key !== undefined && !isUsableKey(key)) {
    throw new MockRuleError('"key" must be a non-empty API key without spaces or control characters.', 'key');
  }
  if (input.body !== undefined && !isObject(input.body)) {
    throw new MockRuleError('"body" must be a JSON object of the fields a request body must have, e.g. {"prompt": "a cat"}.', 'body');
  }
  const times = input.times ?? Number.POSITIVE_INFINITY;
  if (input.times !== undefined && !(Number.isInteger(times) && (times as number) > 0)) {
    throw new MockRuleError(`"times" must be a whole number of requests above 0, got ${JSON.stringify(input.times)}.`, 'times');
  }
  const delayMs = input.delayMs ?? 0;
  if (typeof delayMs !== 'number' || !Number.isFinite(delayMs) || delayMs < 0 || delayMs > maxDelayMs) {
    throw new MockRuleError(`"delayMs" must be a number of milliseconds from 0 to ${maxDelayMs}, got ${JSON.stringify(input.delayMs)}.`, 'delayMs');
  }
  const fault = input.fault as Fault | undefined;
  if (fault !== undefined && !FAULTS.includes(fault)) {
    throw new MockRuleError(`"fault" must be one of ${FAULTS.map((name) => `"${name}"`).join(', ')}, got ${JSON.stringify(fault)}.`, 'fault');
  }
  if (input.answer === undefined && fault === undefined && input.delayMs === undefined) {
    throw new MockRuleError('A rule needs "answer", "fault" or "delayMs": what should the mock do with the requests it matches?', 'answer');
  }
  if ((fault === 'reset' || fault === 'hang') && input.answer !== undefined) {
    throw new MockRuleError(`"answer" does not apply with the fault "${fault}": no answer is sent.`, 'answer');
  }
  let answer: PreparedAnswer | undefined;
  let simulated: string | null = fault === undefined ? null : `fault=${fault}`;
  if (input.answer !== undefined || fault === 'malformed' || fault === 'truncated') {
    const made = answerOf(input.answer, operation, validator, fault);
    answer = made.answer;
    if (made.undocumented) simulated = [simulated, `status=${made.status} (not documented by the service)`].filter(Boolean).join('; ');
    if (simulated !== null) answer = { ...answer, headers: [...answer.headers, simulatedHeader, simulated] };
  }
  return { operation, key, body: input.body as CheckedRule['body'], times: times as number, delayMs, fault, answer, simulated };
}

function optionalString(input: Record<string, unknown>, field: string): string | undefined {
  const value = input[field];
  if (value !== undefined && typeof value !== 'string') throw new MockRuleError(`"${field}" must be a string, got ${JSON.stringify(value)}.`, field);
  return value;
}

function operationOf(input: Record<string, unknown>, contract: CompiledContract): CompiledOperation {
  const operationId = optionalString(input, 'operationId');
  const method = optionalString(input, 'method');
  const path = optionalString(input, 'path');
  const names = contract.operations.map((operation) => operation.name).join(', ');
  let byId: CompiledOperation | undefined;
  if (operationId !== undefined) {
    byId = contract.operations.find((operation) => operation.name === operationId);
    if (byId === undefined) throw new MockRuleError(`Unknown operationId "${operationId}"; the contract has ${names}.`, 'operationId');
  }
  if (method === undefined && path === undefined) {
    if (byId === undefined) throw new MockRuleError(`A rule names its operation: "operationId" (one of ${names}), or "method" and "path".`, 'operationId');
    return byId;
  }
  if (method === undefined || path === undefined)
    throw new MockRuleError('"method" and "path" go together: give both, or "operationId".', method ? 'path' : 'method');
  const entry = contract.find(path);
  const byRoute = entry?.operations.get(method.toUpperCase());
  if (byRoute === undefined) throw new MockRuleError(`The contract documents no ${method.toUpperCase()} ${path}; it has ${names}.`, 'path');
  if (byId !== undefined && byId !== byRoute) {
    throw new MockRuleError(`"operationId" ${operationId} and ${method.toUpperCase()} ${path} (${byRoute.name}) name different operations.`, 'operationId');
  }
  return byRoute;
}

/** The answer of a rule, made from its `answer` (if any) and the documented response for its status. */
function answerOf(
  given: unknown,
  operation: CompiledOperation,
  validator: ContractValidator,
  fault: Fault | undefined,
): { answer: PreparedAnswer; status: number; undocumented: boolean } {
  if (given !== undefined && !isObject(given))
    throw new MockRuleError('"answer" must be an object: {"status": 503, "headers"?: {...}, "body"?: ...}.', 'answer');
  const answer = given ?? {};
  for (const field of Object.keys(answer)) {
    if (!answerFields.has(field)) throw new MockRuleError(`Unknown answer field "${field}"; an answer has status, headers and body.`, `answer.${field}`);
  }
  const success = operation.success.status;
  const status = answer.status ?? success;
  if (!Number.isInteger(status) || (status as number) < 200 || (status as number) > 599) {
    throw new MockRuleError(`"answer.status" must be an HTTP status from 200 to 599, got ${JSON.stringify(answer.status)}.`, 'answer.status');
  }
  const code = status as number;
  const response = operation.source.response(code);
  if (response === undefined) {
    const listed = operation.source.responses.map((entry) => entry.status).join(', ');
    throw new MockRuleError(
      `The contract documents no ${code} answer for ${operation.name} (it lists ${listed}) and no default response to send one with.`,
      'answer.status',
    );
  }
  const undocumented = responseForCode(operation.source.responses, code) === undefined;
  const documentedAs = `the ${code} response ${undocumented ? '(the contract\'s "default" response) ' : ''}of ${operation.name}`;
  const media = response.content[0];
  const extra: string[] = [];
  let contentType = media?.mediaType;
  if (answer.headers !== undefined) {
    if (!isObject(answer.headers))
      throw new MockRuleError('"answer.headers" must be an object of header names to values (strings, or numbers).', 'answer.headers');
    for (const [name, given] of Object.entries(answer.headers)) {
      const field = `answer.headers.${name}`;
      // A number is written as its decimal text, as fetch's Headers and Node's setHeader take it (`"Retry-After": 1`).
      if (typeof given !== 'string' && !(typeof given === 'number' && Number.isFinite(given)))
        throw new MockRuleError(`The header "${name.slice(0, 100)}" needs a string or a number, got ${describeValue(given)}.`, field);
      const value = String(given);
      // Node's own rules: a header it cannot write would fail every request the rule matches.
      const problem = headerProblem(name, value);
      if (problem !== undefined) throw new MockRuleError(`${problem[0]!.toUpperCase()}${problem.slice(1)}.`, field);
      const lower = name.toLowerCase();
      if (HOP_BY_HOP.has(lower))
        throw new MockRuleError(`The header "${name}" is set by the mock (it describes the connection or the framing); leave it out.`, field);
      if (lower === 'content-type') {
        if (fault === 'malformed' || media === undefined || !mediaTypeCovers(media.mediaType, essenceOf(value))) {
          throw new MockRuleError(`Content-Type "${value}" is not the one ${documentedAs} documents (${media?.mediaType ?? 'no body'}).`, field);
        }
        contentType = value;
        continue;
      }
      extra.push(lower, value);
    }
  }
  if (fault === 'malformed') {
    if (answer.body !== undefined)
      throw new MockRuleError('"answer.body" does not apply with the fault "malformed": the mock sends a body that is not JSON.', 'answer.body');
    return { answer: prepareAnswer(code, 'application/json', malformedBody, extra), status: code, undocumented };
  }
  let bytes: Buffer;
  if (answer.body !== undefined) {
    if (media === undefined) throw new MockRuleError(`${documentedAs} documents no body; leave "answer.body" out.`, 'answer.body');
    if (media.schemaPointer !== undefined) {
      const validate = validator.schemaAt(media.schemaPointer);
      if (!validate(answer.body)) {
        const problems = (validate.errors ?? []).map(
          (error) => `at ${error.instancePath || '/'} ${error.message ?? 'is invalid'} (schema rule "${error.keyword}")`,
        );
        throw new MockRuleError(`"answer.body" breaks the schema of ${documentedAs}: ${problems.join('; ')}.`, 'answer.body');
      }
    }
    bytes = Buffer.from(JSON.stringify(answer.body), 'utf8');
  } else {
    const example = media?.examples[0];
    if (media !== undefined && example === undefined) {
      throw new MockRuleError(`${documentedAs} documents no example to send; give "answer.body".`, 'answer.body');
    }
    // A status the service does not document: its example's text says it is simulated (within the schema).
    const fits = media?.schemaPointer === undefined ? undefined : validator.schemaAt(media.schemaPointer);
    const value = example === undefined || !undocumented ? example?.value : simulatedBody(example.value, code, fits && ((body) => fits(body) === true));
    bytes =
      example === undefined
        ? Buffer.alloc(0)
        : Buffer.from(typeof value === 'string' && !/json/i.test(media!.mediaType) ? value : JSON.stringify(value), 'utf8');
  }
  const headers = operation.source.object.deprecated === true ? [...extra, 'deprecation', 'true'] : extra;
  return { answer: prepareAnswer(code, media === undefined ? undefined : contentType, bytes, headers), status: code, undocumented };
}

/** A value as an error names it: its JSON (cut short), or its type. */
function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text === undefined ? typeof value : text.length > 60 ? `${text.slice(0, 60)}…` : text;
}
