// The mock's own errors: what it answers when the contract has no answer for a request (an unknown path, a
// Prefer for a status the contract does not document, ...). They are problem details (RFC 9457) labelled as the
// mock's, never shaped like the service's `{success, error}` body, so nobody takes them for a real answer.
import { mockHeader } from '@thumbnail-api/spec/profile';
import { type PreparedAnswer, prepareAnswer } from './prepared-answer.js';

/** Response header naming the kind of a mock error; absent from every answer that comes from the contract. */
export const mockErrorHeader = mockHeader('error');

/** Where the kinds are described (the `type` of each problem); `.invalid` never resolves, the README documents them. */
const typeBase = 'https://thumbnail-api.invalid/mock-errors/';

/** Every kind of mock error, each a row of the README's table of them (a test holds the two together). */
export const MOCK_ERROR_KINDS = [
  'unknown-path',
  'method-not-allowed',
  'malformed-prefer',
  'undocumented-status',
  'undocumented-example',
  'no-documented-answer',
  'origin-not-allowed',
  'prism-unavailable',
  'prism-outside-contract',
  'not-compiled',
  'answer-failed',
  'host-not-allowed',
  'control-needs-json',
] as const;

export type MockErrorKind = (typeof MOCK_ERROR_KINDS)[number];

/**
 * A mock error: `title` says what happened in one line (it is what a client's error message shows first), `detail`
 * what to do; `extra` fields list what the contract does document (statuses, examples, methods).
 */
export function mockError(
  kind: MockErrorKind,
  status: number,
  title: string,
  detail: string,
  extra: Record<string, unknown> = {},
  headers: readonly string[] = [],
): PreparedAnswer {
  const problem = { title: `thumbnail-api-mock: ${title}`, detail, status, type: `${typeBase}${kind}`, ...extra };
  return prepareAnswer(status, 'application/problem+json', Buffer.from(JSON.stringify(problem)), [mockErrorHeader, kind, ...headers]);
}

/** Whether an answer is one of the mock's own errors (it carries {@link mockErrorHeader}). */
export function isMockError(answer: PreparedAnswer): boolean {
  const { headers } = answer;
  for (let index = 0; index < headers.length; index += 2) if (headers[index] === mockErrorHeader) return true;
  return false;
}
