// What the client's README promises for one call against a scripted server, checked: it settles, it resolves
// with the server's data or throws one of its typed errors, it makes as many attempts as its retry rules say,
// and the key shows nowhere.

import * as client from '@thumbnail-api/client';
import { type CallOutcome, type ClientCall, hangDeadlineMs, limitOf, maxAttemptsOf, methodOf, requestsPerAttempt } from './client-call.js';
import type { ReceivedRequest } from './hostile-server.js';
import { sameJson } from './json-walk.js';
import { keyLeaks } from './key-leaks.js';
import {
  allowedAttempts,
  answerFor,
  classify,
  declaresEncoding,
  fetchDropsStatus,
  hasBody,
  headerBytes,
  isComplete,
  MAX_HEADER_BYTES,
  passesLimit,
  refusesInterim,
  type ServerAnswer,
} from './server-answer.js';

/** One call and everything observed about it. */
export interface Exchange {
  script: readonly ServerAnswer[];
  call: ClientCall;
  outcome: CallOutcome;
  /** Requests the server received, counted until the server closed. */
  received: readonly ReceivedRequest[];
  key: string;
  /** Short time limits on a loaded machine: any attempt may time out, so only timing-proof rules are checked. */
  tight: boolean;
}

// Every error class the client exports, but the root and ConfigurationError with its subclasses (thrown before anything
// is sent): read from the package's exports, so a class added there is accepted here, and one thrown but not exported
// is not.
const THROWN_CLASSES: ReadonlySet<unknown> = new Set(
  Object.values(client).filter(
    (value) =>
      typeof value === 'function' &&
      value.prototype instanceof client.ThumbnailClientError &&
      value !== client.ConfigurationError &&
      !(value.prototype instanceof client.ConfigurationError),
  ),
);

// The code of the warning a failing logger gets (README "Debug logging").
const LOGGER_WARNING = 'THUMBNAIL_API_LOGGER_FAILED';

// Written from the README's error table, not taken from the client, so that its status-to-class mapping is checked.
const CLASS_BY_STATUS = new Map<number, abstract new (...args: never[]) => Error>([
  [400, client.BadRequestError],
  [401, client.AuthenticationError],
  [403, client.PermissionDeniedError],
  [404, client.NotFoundError],
  [409, client.ConflictError],
  [422, client.UnprocessableEntityError],
  [429, client.RateLimitError],
]);

/** The problems of one exchange; empty when the client kept every promise. */
export function clientProblems(exchange: Exchange): string[] {
  const { call, outcome, received, key } = exchange;
  const problems: string[] = [];
  if (outcome.settled === 'hung') return [`the call did not settle within ${hangDeadlineMs(call)} ms`];

  const error = outcome.error;
  if (outcome.settled === 'rejected' && !isTypedError(error) && !isRawJsonSyntaxError(exchange)) {
    problems.push(`threw ${describe(error)}, which is not one of the client's typed errors`);
  }
  if (error instanceof Error && (error.message.trim() === '' || error.name !== error.constructor.name)) {
    problems.push(`threw an error without a readable message or with a wrong name: ${describe(error)}`);
  }

  problems.push(...attemptProblems(exchange));
  if (call.abortAfterMs === undefined && call.fetchKind !== 'retrying' && problems.length === 0 && !fetchMayResend(exchange.script, call)) {
    problems.push(...(exchange.tight ? stallProblems(exchange) : outcomeProblems(exchange)));
  }

  for (const [index, request] of received.entries()) {
    const sent = call.auth === 'bearer' ? request.headers.authorization : request.headers['x-api-key'];
    const expected = call.auth === 'bearer' ? `Bearer ${key}` : key;
    if (sent !== expected) {
      const other = request.headers['x-api-key'] ?? request.headers.authorization;
      problems.push(
        `attempt ${index + 1} (${request.method} after ${request.atMs} ms) did not carry the key in the ${call.auth} header` +
          (other ? ` but ${JSON.stringify(other)}: a request of an earlier call that had already settled` : ''),
      );
    }
  }
  for (const leak of keyLeaks(error, outcome.log, key)) problems.push(`the key shows in ${leak}`);
  problems.push(...loggerProblems(exchange));
  return problems;
}

/** A failing logger changes nothing but one warning, without the key; nothing is left unhandled. */
function loggerProblems({ call, outcome, key }: Exchange): string[] {
  const problems = outcome.unhandled.map((reason) => `a promise rejection was left unhandled: ${describe(reason)}`);
  const warned = outcome.warnings.filter((warning) => (warning as Error & { code?: string }).code === LOGGER_WARNING);
  const fails = call.loggerKind === 'throwing' || call.loggerKind === 'rejecting';
  if (warned.length !== (fails ? 1 : 0)) problems.push(`a ${call.loggerKind} logger gave ${warned.length} warnings, not ${fails ? 1 : 0}`);
  if (warned.some((warning) => warning.message.includes(key))) problems.push('the key shows in the warning about the logger');
  return problems;
}

function attemptProblems({ script, call, outcome, received, tight }: Exchange): string[] {
  const attempts = received.length;
  const max = maxAttemptsOf(call);
  const limit = limitOf(call);
  // A fetch that retries by itself sends more than the client's attempts, except a POST or PATCH body, which it cannot send twice.
  if (requestsPerAttempt(call) > 1)
    return attempts <= 3 * max ? [] : [`made ${attempts} requests, more than three (the fetch's own tries) per ${max} attempts allowed`];
  // The Fetch standard re-sends a request answered 421 once, within one attempt, when it can replay it: for the
  // idempotent methods (the client sends POST and PATCH bodies so that it cannot). The server then counts more.
  if (fetchMayResend(script, call)) return attempts <= 2 * max ? [] : [`made ${attempts} requests, more than twice the ${max} attempts allowed`];
  const aborted = call.abortAfterMs !== undefined;
  const rule = methodOf(call) === 'POST' && max === 1 ? ' (POST is never retried unless the call asks)' : '';
  if (attempts > max) return [`made ${attempts} attempts, more than the ${max} allowed${rule}`];
  if (attempts === 0 && !aborted) return ['made no attempt'];
  if (aborted && outcome.error instanceof client.APIUserAbortError) return [];
  // Which answer the client sees depends on the fetch's own tries.
  if (call.fetchKind === 'retrying') return [];
  if (!tight) {
    const allowed = allowedAttempts(script, max, false, limit);
    return allowed.includes(attempts) ? [] : [`made ${attempts} attempts where the retry rules allow ${allowed.join(' or ')}`];
  }
  // Whatever the timing, an answer that is retryable by itself (a 5xx, a dropped connection, a stall) is retried.
  const retryUntilTheEnd = Array.from({ length: max - 1 }, (_, i) => classify(answerFor(script, i + 1), true, limit)).every((cls) => cls === 'retry');
  if (retryUntilTheEnd && attempts !== max && !aborted) return [`made ${attempts} attempts where every answer was retryable and ${max} were allowed`];
  return [];
}

function fetchMayResend(script: readonly ServerAnswer[], call: ClientCall): boolean {
  const method = methodOf(call);
  return method !== 'POST' && method !== 'PATCH' && script.some((answer) => answer.kind === 'response' && answer.status === 421);
}

/** With short time limits only one outcome is certain: an answer that stalls can only end in a timeout. */
function stallProblems({ script, call, outcome, received }: Exchange): string[] {
  const answer = answerFor(script, received.length);
  // (an answer whose bytes pass the size limit before the stall ends in ResponseTooLargeError instead)
  const underLimit = answer.kind !== 'response' || (passesLimit(answer, limitOf(call)).certain && !passesLimit(answer, limitOf(call)).passes);
  const stalls =
    (underLimit && answer.kind === 'silence') ||
    // (fetch refuses an interim 100 Continue it did not ask for at once: that one is a connection failure)
    (answer.kind === 'raw' && answer.keepOpen && !answer.text.startsWith('HTTP/1.1 100 ')) ||
    (answer.kind === 'response' &&
      underLimit &&
      answer.delivery.kind === 'stall' &&
      !isComplete(answer) &&
      headerBytes(answer) <= MAX_HEADER_BYTES &&
      !refusesInterim(answer) &&
      !fetchDropsStatus(answer) &&
      // fetch may fail to decode the bytes that came before the stall (a body that is not the gzip it says it is)
      !(hasBody(answer) && declaresEncoding(answer)));
  return !stalls || outcome.error instanceof client.APITimeoutError
    ? []
    : [`the last answer stalled, but the call ended with ${describe(outcome.error ?? outcome.value)}, not APITimeoutError`];
}

/** Checks the result against the answer of the last attempt. */
function outcomeProblems({ script, call, outcome, received }: Exchange): string[] {
  const answer = answerFor(script, received.length);
  const error = outcome.error;
  const expectConnection = (what: string) =>
    error instanceof client.APIConnectionError && !(error instanceof client.APITimeoutError)
      ? []
      : [`${what}: expected APIConnectionError, got ${describe(error ?? outcome.value)}`];

  if (answer.kind === 'drop') return expectConnection('the connection was dropped');
  if (answer.kind === 'silence') return [];
  if (answer.kind === 'raw' && answer.parsedStatus === undefined) return answer.keepOpen ? [] : expectConnection('the answer was not valid HTTP');
  if (answer.kind === 'response') {
    if (headerBytes(answer) > MAX_HEADER_BYTES) return expectConnection('the headers were too large');
    const size = passesLimit(answer, limitOf(call));
    if (!size.certain) return [];
    if (size.passes) return tooLargeProblems(outcome, answer.status);
    if (fetchDropsStatus(answer) && !refusesInterim(answer)) {
      const problems = expectConnection('fetch does not pass on a 407 answer');
      return problems.length > 0 || (error as Error).message.includes('407 Proxy Authentication Required')
        ? problems
        : [`a 407 answer gave an error that does not name it: ${describe(error)}`];
    }
    if (!isComplete(answer)) {
      if (answer.delivery.kind === 'stall') return [];
      return expectConnection('the body was cut off');
    }
    if (classify(answer) === 'either') return [];
    // A body in an encoding it does not decode: fetch fails while reading it, whatever the status.
    if (hasBody(answer) && declaresEncoding(answer)) return [];
  }
  const status = answer.kind === 'response' ? answer.status : answer.parsedStatus!;
  const text = answer.kind === 'response' ? (hasBody(answer) ? new TextDecoder().decode(answer.body) : '') : answer.body;
  return statusProblems(call, outcome, status, text);
}

function statusProblems(call: ClientCall, outcome: CallOutcome, status: number, text: string): string[] {
  const error = outcome.error;
  if (call.surface === 'raw.GET' || call.surface === 'raw.POST') {
    if (outcome.settled === 'rejected') return [];
    const response = (outcome.value as { response?: Response } | undefined)?.response;
    return response?.status === status ? [] : [`client.raw resolved without the ${status} response`];
  }
  const parsed = parseJson(text);
  const usable = call.surface === 'request' ? text === '' || parsed.ok : parsed.ok && isPlainObject(parsed.value);
  if (status >= 200 && status < 300 && usable) {
    if (outcome.settled !== 'resolved') return [`a ${status} with a usable body threw ${describe(error)}`];
    const expected = text === '' || !parsed.ok ? undefined : parsed.value;
    return sameJson(outcome.value, expected) ? [] : [`resolved with data that differs from the body the server sent`];
  }
  if (!(error instanceof client.ThumbnailApiError)) return [`a ${status} answer gave ${describe(error ?? outcome.value)}, expected a ThumbnailApiError`];
  const problems: string[] = [];
  if (error.status !== status) problems.push(`a ${status} answer gave a ThumbnailApiError with status ${error.status}`);
  const expectedClass = CLASS_BY_STATUS.get(status) ?? (status >= 500 ? client.InternalServerError : client.ThumbnailApiError);
  if (error.constructor !== expectedClass) problems.push(`a ${status} answer gave ${error.constructor.name}, expected ${expectedClass.name}`);
  return problems;
}

/** README "Response size": past maxResponseBytes, a ResponseTooLargeError with the answer's status, on every surface. */
function tooLargeProblems(outcome: CallOutcome, status: number): string[] {
  const error = outcome.error;
  if (!(error instanceof client.ResponseTooLargeError))
    return [`a body past maxResponseBytes gave ${describe(error ?? outcome.value)}, expected ResponseTooLargeError`];
  return error.status === status ? [] : [`a ${status} answer past maxResponseBytes gave a ResponseTooLargeError with status ${error.status}`];
}

function isTypedError(error: unknown): boolean {
  return error instanceof client.ThumbnailClientError && THROWN_CLASSES.has(error.constructor);
}

// client.raw is openapi-fetch's surface: like openapi-fetch, it throws a SyntaxError for a 2xx body that is not JSON
// (README "Calling the API"). Accepted only there.
function isRawJsonSyntaxError({ call, outcome, script, received }: Exchange): boolean {
  if (!(outcome.error instanceof SyntaxError) || !call.surface.startsWith('raw.')) return false;
  const answer = answerFor(script, received.length);
  const status = answer.kind === 'response' ? answer.status : answer.kind === 'raw' ? answer.parsedStatus : undefined;
  return status !== undefined && status >= 200 && status < 300;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function isPlainObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value instanceof Error) return `${value.constructor.name} (${value.name}: ${value.message.slice(0, 300)})`;
  if (value === undefined) return 'undefined';
  return typeof value;
}
