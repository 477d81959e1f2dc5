// What the mock's README promises for one request, checked: it answers (no hang), an answer to a documented
// operation is a response the contract documents, the key registry answers as documented, and no request ever
// reaches another host.
import type { IncomingHttpHeaders } from 'node:http';
import { documentedExample, documentedOperation, undocumentedAnswer } from './contract-responses.js';
import type { HttpRequestPlan, MockAnswer, MockRequest } from './mock-request.js';
import { REGISTRY } from './request-arbitraries.js';

/** One request to the mock and what came of it. */
export interface MockExchange {
  request: MockRequest;
  answer: MockAnswer;
  /** Whether the mock was started with the key registry ({@link REGISTRY}). */
  withRegistry: boolean;
}

/** The problems of one exchange; empty when the mock kept every promise. */
export function mockProblems({ request, answer, withRegistry }: MockExchange): string[] {
  if (answer.kind === 'hung') return [`${describeRequest(request)}: no answer, and the connection stayed open`];
  if (request.kind === 'raw') return [];
  const where = describeRequest(request);
  if (answer.kind === 'closed') return mayCloseWithoutAnswer(request) ? [] : [`${where}: the connection closed without an answer (${answer.reason})`];
  const operation = documentedOperation(request.method, request.target);
  if (operation === undefined) return [];

  const asked = askedStatus(request);
  const mockError = headerText(answer.headers['x-thumbnail-api-mock-error']);
  // The mock's own errors answer what the contract does not document (its README, "Honest answers"): for a
  // documented operation only a Prefer (or its ?__ query fallback) that asks for such a thing, or cannot be read.
  const problems =
    mockError === undefined
      ? undocumentedAnswer(operation, answer.status, headerText(answer.headers['content-type']), answer.body).map(
          (problem) => `${where} answered ${answer.status}, which the contract does not document: ${problem}`,
        )
      : preferMockErrors.has(mockError) && statesPreference(request)
        ? []
        : [`${where} got the mock's own error ${mockError} (${answer.status}): ${answer.body.toString('utf8', 0, 200)}`];
  // 502-504 are the mock's own failures (Prism gone or not answering): never an answer to a request that did not ask.
  // A 500 is Prism's answer to requests it chokes on (a malformed Content-Type), inside the contract as an error body.
  if (answer.status >= 502 && answer.status <= 504 && asked !== answer.status) {
    problems.push(
      `${where} answered ${answer.status} without being asked for it: ${headerText(answer.headers['x-thumbnail-api-mock-note']) ?? answer.body.toString('utf8', 0, 200)}`,
    );
  }

  if (withRegistry) {
    const outcome = registryOutcome(request.headers);
    if (outcome !== 'ok') {
      const status = outcome === 'unauthorized' ? 401 : 403;
      const expected = JSON.stringify(documentedExample(operation, status));
      if (answer.status !== status || answer.body.toString('utf8') !== expected) {
        problems.push(
          `${where} with a key the registry answers "${outcome}" got ${answer.status} ${answer.body.toString('utf8', 0, 120)}, expected ${status} ${expected}`,
        );
      }
    } else if (asked === undefined && (answer.status === 401 || answer.status === 403)) {
      problems.push(`${where} with an "ok" key was answered ${answer.status}`);
    }
  }
  return problems;
}

/**
 * The registry's outcome for a request, per the mock's README: the key comes from `x-api-key`, else from
 * `Authorization: Bearer <key>` (scheme written exactly so); a key not listed is answered like an unauthorized one.
 * As HTTP parses headers: values lose surrounding spaces and tabs, repeated `x-api-key` lines are joined with
 * ", ", and only the first `Authorization` line counts.
 */
export function registryOutcome(headers: ReadonlyArray<readonly [string, string]>): 'ok' | 'unauthorized' | 'forbidden' {
  const values = (name: string) => headers.filter(([header]) => header.toLowerCase() === name).map(([, value]) => value.replace(/^[ \t]+|[ \t]+$/g, ''));
  const apiKeys = values('x-api-key');
  const authorization = values('authorization')[0];
  let key: string | undefined = apiKeys.length > 0 ? apiKeys.join(', ') : undefined;
  if (!key) key = authorization?.startsWith('Bearer ') && authorization.length > 'Bearer '.length ? authorization.slice('Bearer '.length) : undefined;
  return (key !== undefined && Object.hasOwn(REGISTRY, key) ? REGISTRY[key as keyof typeof REGISTRY] : undefined) ?? 'unauthorized';
}

/**
 * Whether the mock may close the connection instead of answering a request HTTP can carry: a CONNECT (node's server
 * closes those it has no handler for), or a huge body (256 KB and more): the mock may answer before reading it (a 401
 * comes first, a body past 10 MB gets a 413) and close while it still arrives, and the reset that follows can reach
 * the sender before the answer does. Any other request gets an answer.
 */
function mayCloseWithoutAnswer(request: HttpRequestPlan): boolean {
  return request.method === 'CONNECT' || request.body.kind === 'huge';
}

/** A request in a few words, for a problem's message. */
function describeRequest(request: MockRequest): string {
  return request.kind === 'raw' ? `raw bytes ${JSON.stringify(request.text.slice(0, 60))}` : `${request.method} ${request.target.slice(0, 80)}`;
}

/** The mock's errors about a request's Prefer header (or its query fallbacks). */
const preferMockErrors = new Set(['undocumented-status', 'undocumented-example', 'malformed-prefer']);

/** Whether a request states a preference: a Prefer header, or one of Prism's `__` query fallbacks. */
function statesPreference(request: Extract<MockRequest, { kind: 'http' }>): boolean {
  return request.headers.some(([name]) => name.toLowerCase() === 'prefer') || /[?&]__/.test(request.target);
}

/** The status a request asks Prism for, through `Prefer: code=` or the `__code` query parameter. */
function askedStatus(request: Extract<MockRequest, { kind: 'http' }>): number | undefined {
  // Repeated Prefer lines reach Prism joined with ", ".
  const prefer = request.headers
    .filter(([name]) => name.toLowerCase() === 'prefer')
    .map(([, value]) => value)
    .join(', ');
  const fromPrefer = /code=(\d+)/.exec(prefer)?.[1];
  const fromQuery = /[?&]__code=(\d+)/.exec(request.target)?.[1];
  const code = fromPrefer ?? fromQuery;
  return code === undefined ? undefined : Number(code);
}

function headerText(value: IncomingHttpHeaders[string]): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}
