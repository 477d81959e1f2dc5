// What a reader can choose in Try it, and the request the choices make: the same SampleRequest the code samples are
// written from, so that what the page sends and what it copies are one thing. Pure (no DOM), so the tests run it too.
import { defaultBaseUrlOf, exampleBodyOf, MOCK_KEYS } from '../samples/sample-request.mjs';

/**
 * @typedef {import('@thumbnail-api/spec/model').ContractModel} ContractModel
 * @typedef {import('@thumbnail-api/spec/model').ContractOperation} ContractOperation
 * @typedef {import('../samples/sample-request.mjs').SampleRequest} SampleRequest
 * @typedef {import('../samples/sample-request.mjs').KeyForm} KeyForm
 * @typedef {import('../samples/vitest-sample.mjs').ObservedAnswer} ObservedAnswer
 * @typedef {import('@thumbnail-api/mock/browser').MockRule<import('@thumbnail-api/mock/browser').AnyOperations>} MockRule
 * @typedef {'ok' | 'unauthorized' | 'forbidden' | 'none'} KeyChoice
 * @typedef {'none' | '503' | '429' | 'hang' | 'malformed' | 'reset'} FaultChoice
 */

/**
 * @typedef {object} TryItChoices What the reader set in Try it's form.
 * @property {KeyChoice} key
 * @property {KeyForm} keyForm
 * @property {string} answer `''` (the contract's own answer) or a documented one as `Prefer` names it: `code=403, example=Forbidden`.
 * @property {FaultChoice} fault
 * @property {number} timeLimitSeconds How long a `hang` is waited for.
 * @property {string} headers Other request headers, one `Name: value` a line.
 * @property {string | undefined} body The body as typed; `undefined` for an operation without one.
 */

/** The keys, by the outcome the mock's registry gives them. */
export const KEY_CHOICES = /** @type {const} */ ([
  { value: 'ok', label: 'ok', hint: 'a key the mock accepts' },
  { value: 'unauthorized', label: 'unauthorized', hint: 'answered as a missing or invalid key (401)' },
  { value: 'forbidden', label: 'forbidden', hint: 'answered as a key without access (403)' },
  { value: 'none', label: 'none', hint: 'no key sent (401)' },
]);

/** How the key is sent. */
export const KEY_FORMS = /** @type {const} */ ([
  { value: 'x-api-key', label: 'x-api-key: <key>', hint: 'recommended' },
  { value: 'bearer', label: 'Authorization: Bearer <key>', hint: '' },
]);

/** The test double's faults Try it offers, each as the rule that makes it (for the next request only). */
export const FAULT_CHOICES = /** @type {const} */ ([
  { value: 'none', label: 'None' },
  { value: '503', label: '503 Service Unavailable with Retry-After: 1' },
  { value: '429', label: '429 Too Many Requests' },
  { value: 'hang', label: 'hang: no answer, until the time limit' },
  { value: 'malformed', label: 'malformed: a 200 whose body is not JSON' },
  { value: 'reset', label: 'reset: the connection is reset' },
]);

/** The time limit of a `hang`, in seconds: its default and bounds. */
export const TIME_LIMIT = Object.freeze({ default: 2, min: 1, max: 30 });

/** Headers a web page cannot set (the browser sets or forbids them, fetch's "forbidden request headers"): refused, so the page and its copies send the same. */
const FORBIDDEN_HEADER =
  /^(?:accept-charset|accept-encoding|access-control-request-headers|access-control-request-method|connection|content-length|cookie2?|date|dnt|expect|host|keep-alive|origin|referer|set-cookie|te|trailer|transfer-encoding|upgrade|via|proxy-.*|sec-.*)$/i;
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** A choice the request cannot be made from; the message says which field and what to write. */
export class TryItInputError extends Error {
  name = 'TryItInputError';
  /**
   * @param {string} message
   * @param {'headers' | 'body' | 'timeLimit' | 'answer'} field
   */
  constructor(message, field) {
    super(message);
    this.field = field;
  }
}

/**
 * The rule a fault choice puts in force for the next request to `operationId`; `undefined` for none.
 * @param {FaultChoice} fault
 * @param {string} operationId
 * @returns {MockRule | undefined}
 */
export function faultRule(fault, operationId) {
  switch (fault) {
    case 'none':
      return undefined;
    case '503':
      return { operationId, times: 1, answer: { status: 503, headers: { 'retry-after': '1' } } };
    case '429':
      return { operationId, times: 1, answer: { status: 429 } };
    default:
      return { operationId, times: 1, fault };
  }
}

/**
 * The answers the operation documents, as `Prefer` asks for them: every named example of every response with a
 * status of its own (a `default` response documents no status to ask for).
 * @param {ContractModel} contract
 * @param {ContractOperation} operation
 * @returns {{ value: string, label: string }[]}
 */
export function documentedAnswers(contract, operation) {
  return operation.responses
    .filter((response) => /^\d{3}$/.test(response.status))
    .flatMap((response) => {
      const examples = response.content.flatMap((media) => media.examples).filter((example) => example.name !== undefined);
      if (examples.length === 0) return [{ value: `code=${response.status}`, label: response.status }];
      return examples.map((example) => {
        const summary = /** @type {{ summary?: unknown } | undefined} */ (contract.get(example.pointer.replace(/\/value$/, '')))?.summary;
        return {
          value: `code=${response.status}, example=${example.name}`,
          label: `${response.status}: ${typeof summary === 'string' ? summary : example.name}`,
        };
      });
    });
}

/**
 * What the form holds when Try it opens: a key the mock accepts as `x-api-key`, the contract's own answer, no fault,
 * and the contract's example body.
 * @param {ContractOperation} operation
 * @returns {TryItChoices}
 */
export function defaultChoices(operation) {
  const body = exampleBodyOf(operation, { pretty: true });
  return {
    key: 'ok',
    keyForm: 'x-api-key',
    answer: '',
    fault: 'none',
    timeLimitSeconds: TIME_LIMIT.default,
    headers: body === undefined ? 'Accept: application/json' : 'Accept: application/json\nContent-Type: application/json',
    body,
  };
}

/**
 * The request the choices make, to the mock with Try it's key registry.
 * @param {ContractModel} contract
 * @param {ContractOperation} operation
 * @param {TryItChoices} choices
 * @returns {SampleRequest}
 */
export function tryItRequest(contract, operation, choices) {
  const operationId = /** @type {string} */ (operation.operationId);
  const headers = parseHeaders(choices.headers);
  if (choices.answer !== '') {
    if (headers.some(([name]) => name.toLowerCase() === 'prefer')) {
      throw new TryItInputError('Prefer is set by the answer chosen above: remove the Prefer line, or choose "What the contract answers".', 'headers');
    }
    headers.push(['Prefer', choices.answer]);
  }
  const mockKey = Object.entries(MOCK_KEYS).find(([, outcome]) => outcome === choices.key)?.[0];
  const timed = choices.fault === 'hang';
  const seconds = choices.timeLimitSeconds;
  if (timed && !(Number.isInteger(seconds) && seconds >= TIME_LIMIT.min && seconds <= TIME_LIMIT.max)) {
    throw new TryItInputError(`The time limit must be a whole number of seconds from ${TIME_LIMIT.min} to ${TIME_LIMIT.max}.`, 'timeLimit');
  }
  return {
    operationId,
    method: operation.method.toUpperCase(),
    path: operation.path,
    defaultBaseUrl: defaultBaseUrlOf(contract),
    key: mockKey === undefined || choices.key === 'none' ? null : { mockKey, outcome: /** @type {'ok' | 'unauthorized' | 'forbidden'} */ (choices.key) },
    keyForm: choices.keyForm,
    headers,
    body: choices.body === undefined || choices.body === '' ? undefined : choices.body,
    rule: faultRule(choices.fault, operationId),
    timeoutMs: timed ? seconds * 1000 : undefined,
  };
}

/**
 * `Name: value` lines as header pairs; blank lines are skipped.
 * @param {string} text
 * @returns {[string, string][]}
 */
export function parseHeaders(text) {
  /** @type {[string, string][]} */
  const headers = [];
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    const where = `Headers, line ${index + 1}`;
    if (colon === -1 || !TOKEN.test(name))
      throw new TryItInputError(`${where}: write it as Name: value (got ${JSON.stringify(line.slice(0, 60))}).`, 'headers');
    if (!isHeaderValue(value)) {
      throw new TryItInputError(`${where}: a header value cannot hold control characters or characters beyond Latin-1.`, 'headers');
    }
    if (/^(?:x-api-key|authorization)$/i.test(name))
      throw new TryItInputError(`${where}: the key is chosen above; ${name} is set from that choice.`, 'headers');
    if (FORBIDDEN_HEADER.test(name)) throw new TryItInputError(`${where}: a web page cannot send ${name} (the browser sets or forbids it).`, 'headers');
    headers.push([name, value]);
  }
  return headers;
}

/** Whether a header can carry `value`: Latin-1, with no control character but tab. */
function isHeaderValue(/** @type {string} */ value) {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09) || code === 0x7f || code > 0xff) return false;
  }
  return true;
}

/**
 * The Fetch Request the page hands its mock for `request` (at the contract's default address: nothing is sent there).
 * @param {SampleRequest} request
 * @param {AbortSignal} [signal] Aborts a request the mock holds (a `hang`).
 */
export function toFetchRequest(request, signal) {
  const headers = new Headers(request.headers);
  if (request.key !== null) {
    const value = 'mockKey' in request.key ? request.key.mockKey : '';
    if (request.keyForm === 'bearer') headers.set('Authorization', `Bearer ${value}`);
    else headers.set('x-api-key', value);
  }
  return new Request(`${request.defaultBaseUrl}${request.path}`, { method: request.method, headers, body: request.body, signal });
}

/**
 * What came back for a request, as the page shows it and a copied test asserts it.
 * @param {Response} response
 * @param {AbortSignal | undefined} signal The request's signal: aborted, a network error is the time limit, else a reset.
 * @returns {Promise<ObservedAnswer>}
 */
export async function observe(response, signal) {
  if (response.type === 'error') return { kind: 'no-answer', cause: signal?.aborted ? 'timeout' : 'reset' };
  return { kind: 'answer', status: response.status, statusText: response.statusText, headers: headerPairs(response.headers), body: await response.text() };
}

/**
 * The header lines of a Headers object, in its order (names in lower case).
 * @param {Headers} headers
 * @returns {[string, string][]}
 */
export function headerPairs(headers) {
  /** @type {[string, string][]} */
  const pairs = [];
  headers.forEach((value, name) => {
    pairs.push([name, value]);
  });
  return pairs;
}
