// The one place that lists where the mock answers differently from Prism (same contract, same request), with the
// reason, and checks that it answers the way listed. Any other difference from Prism fails the differential campaign.
import {
  documentedExampleNames,
  documentedMethods,
  documentedOperation,
  documentedStatuses,
  documentsRequestBody,
  exampleBodyFor,
  undocumentedAnswer,
} from './contract-responses.js';
import type { HttpRequestPlan, MockAnswer } from './mock-request.js';
import { registryOutcome } from './mock-verdict.js';
import { acceptsJson, hasCredential, headerValue, isPreflight, isSerialisedOrigin, pathAndQuery, preferenceOf } from './request-reading.js';

/** One request sent to the mock and to Prism (same contract), and what each answered. */
export interface Exchange {
  request: HttpRequestPlan;
  ours: MockAnswer;
  reference: MockAnswer;
  /** The answers to the companion requests of the entries that asked for one, by entry id. */
  companions: Readonly<Record<string, MockAnswer | undefined>>;
  /** Whether the mock was started with the campaign's key registry. */
  withRegistry: boolean;
}

/** The verdict's own comparisons, handed to entries that build on them. */
export interface Comparison {
  /** Why the mock's answer is not Prism's (no entry applied, `ignore` headers left out); empty when it is. */
  same(exchange: Exchange, ignore?: readonly string[]): string[];
  /** The full verdict on an exchange, the table included (only its entries after `after`, when given). */
  judge(exchange: Exchange, after?: string): string[];
}

/** A difference from Prism: where it applies, why, and what the mock must answer there. */
export interface DeliberateDifference {
  /** Short name, printed in the summary and in failures. */
  id: string;
  /** What the mock answers instead of Prism's answer. */
  what: string;
  /** Why (the issue that asked for it). */
  why: string;
  /** The headers this entry decides, for an entry that leaves the rest of the answer to the comparison with Prism. */
  headers?: readonly string[];
  /** A second request whose answer the check needs, and who answers it. */
  companion?: { to: 'ours' | 'reference'; request(request: HttpRequestPlan): HttpRequestPlan | undefined };
  appliesTo(exchange: Exchange): boolean;
  /** What is wrong with the mock's answer; empty when it answered the way listed. */
  check(exchange: Exchange, compare: Comparison): string[];
}

const JSON_TYPE = 'application/json';
const PROBLEM_TYPE = 'application/problem+json';
const MOCK_ERROR = 'x-thumbnail-api-mock-error';
const NOTE = 'x-thumbnail-api-mock-note';
/** The headers of the mock's CORS answers, which differ from Prism's on purpose (the `cors` entry below). */
export const CORS_HEADERS = [
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-expose-headers',
  'access-control-max-age',
  'vary',
] as const;

/** The documented operation a request reaches: its own method's, or GET's for a HEAD. */
const operationOf = (request: HttpRequestPlan) => documentedOperation(request.method === 'HEAD' ? 'GET' : request.method, request.target);
/** The path is documented and the method is not OPTIONS (answered by the routing entries). */
const reachesOperation = (request: HttpRequestPlan) => !isPreflight(request) && request.method !== 'OPTIONS' && operationOf(request) !== undefined;
/** The mock gets past authentication and reads Prefer. */
const authenticated = ({ request, withRegistry }: Exchange) =>
  reachesOperation(request) && (withRegistry ? registryOutcome(request.headers) === 'ok' : hasCredential(request));
/** The Prefer of a request that gets past authentication; `undefined` when it does not get past, or its Prefer cannot be read. */
const statedPreference = (exchange: Exchange) => {
  const preference = authenticated(exchange) ? preferenceOf(exchange.request) : undefined;
  return preference === undefined || 'malformed' in preference ? undefined : preference;
};
/** Whether a Prefer chooses the answer: its status, its example, or a generated body. */
const choosesAnswer = (preference: ReturnType<typeof statedPreference>) =>
  preference !== undefined && (preference.code !== undefined || preference.example !== undefined || preference.dynamic === true);
const allowOf = (target: string) => {
  const methods = documentedMethods(target) ?? [];
  return [...methods, ...(methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'];
};

/** Checked in this order, the order in which the mock decides (routing, authentication, Prefer, body). */
export const deliberateDifferences: readonly DeliberateDifference[] = [
  {
    id: 'cors',
    headers: CORS_HEADERS,
    what: "CORS headers: the request's Origin reflected with credentials allowed and `Vary: Origin`; without an Origin only `Vary: Origin`; never `*` beside credentials.",
    why: 'Issue 13 item 10: Prism pairs `Access-Control-Allow-Origin: *` with `Access-Control-Allow-Credentials: true`, which browsers reject.',
    appliesTo: ({ ours }) => ours.kind === 'response',
    check: ({ request, ours }) => {
      if (ours.kind !== 'response') return [];
      const origin = headerValue(request, 'origin');
      const allowOrigin = text(ours.headers['access-control-allow-origin']);
      const credentials = text(ours.headers['access-control-allow-credentials']);
      const problems: string[] = [];
      if (allowOrigin === '*' && credentials === 'true') problems.push('Access-Control-Allow-Origin * beside Access-Control-Allow-Credentials: true');
      if (!/(^|,)\s*origin\s*(,|$)/i.test(text(ours.headers.vary) ?? '')) problems.push(`Vary ${JSON.stringify(text(ours.headers.vary))} does not name Origin`);
      if (origin !== undefined && isSerialisedOrigin(origin)) {
        if (allowOrigin !== origin) problems.push(`Access-Control-Allow-Origin ${JSON.stringify(allowOrigin)}, expected the request's origin ${origin}`);
        if (credentials !== 'true') problems.push(`Access-Control-Allow-Credentials ${JSON.stringify(credentials)}, expected true`);
      } else if (allowOrigin !== undefined && !isPreflight(request)) {
        problems.push(`Access-Control-Allow-Origin ${JSON.stringify(allowOrigin)} on a request without a usable Origin`);
      }
      return problems;
    },
  },
  {
    id: 'preflight',
    what: "A CORS preflight (OPTIONS with Origin and Access-Control-Request-Method) gets 204 with no body, allowing the path's methods (or the one asked for on a path the contract lacks).",
    why: 'Issue 13 item 9: OPTIONS preflight answered, with the methods the contract documents.',
    appliesTo: ({ request }) => isPreflight(request),
    check: ({ request, ours }) => {
      if (ours.kind !== 'response') return ['no answer'];
      const origin = headerValue(request, 'origin')!;
      if (!isSerialisedOrigin(origin)) return mockError(ours, 403, 'origin-not-allowed');
      const problems = ours.status === 204 && ours.body.length === 0 ? [] : [`${ours.status} with ${ours.body.length} bytes, expected 204 without a body`];
      const methods = text(ours.headers['access-control-allow-methods']) ?? '';
      const expected = documentedMethods(request.target) ? allowOf(request.target) : [headerValue(request, 'access-control-request-method')!];
      if (!sameSet(methods, expected)) problems.push(`Access-Control-Allow-Methods ${JSON.stringify(methods)}, expected ${expected.join(', ')}`);
      return problems;
    },
  },
  {
    id: 'unknown-path',
    what: "A path the contract does not document gets the mock's own 404 (problem+json, `x-thumbnail-api-mock-error: unknown-path`) naming the path.",
    why: "Issue 13 item 9: unknown paths a clear 404 naming the path, labelled as the mock's.",
    appliesTo: ({ request }) => !isPreflight(request) && documentedMethods(request.target) === undefined,
    check: ({ request, ours }) => {
      const problems = mockError(ours, 404, 'unknown-path');
      if (ours.kind === 'response' && request.method !== 'HEAD' && !ours.body.toString('utf8').includes(pathAndQuery(request).pathname))
        problems.push('the body does not name the path');
      return problems;
    },
  },
  {
    id: 'options',
    what: 'OPTIONS (not a preflight) on a documented path gets 204 with `Allow` listing its methods.',
    why: "Issue 13 item 9: an HTTP server's manners; Prism answers 405 (its router knows no OPTIONS operation).",
    appliesTo: ({ request }) => request.method === 'OPTIONS' && !isPreflight(request) && documentedMethods(request.target) !== undefined,
    check: ({ request, ours }) => {
      if (ours.kind !== 'response') return ['no answer'];
      const problems = ours.status === 204 && ours.body.length === 0 ? [] : [`${ours.status} with ${ours.body.length} bytes, expected 204 without a body`];
      if (!sameSet(text(ours.headers.allow) ?? '', allowOf(request.target)))
        problems.push(`Allow ${JSON.stringify(text(ours.headers.allow))}, expected ${allowOf(request.target).join(', ')}`);
      return problems;
    },
  },
  {
    id: 'method-not-allowed',
    what: "A method the path does not document gets the mock's own 405 with `Allow` listing the path's methods.",
    why: 'Issue 13 item 9: `Allow` on every 405 (Prism sends none).',
    appliesTo: ({ request }) =>
      !['OPTIONS', 'HEAD'].includes(request.method) &&
      documentedMethods(request.target) !== undefined &&
      documentedOperation(request.method, request.target) === undefined,
    check: ({ request, ours }) => {
      const problems = mockError(ours, 405, 'method-not-allowed');
      const allow = ours.kind === 'response' ? (text(ours.headers.allow) ?? '') : '';
      if (!sameSet(allow, allowOf(request.target))) problems.push(`Allow ${JSON.stringify(allow)}, expected ${allowOf(request.target).join(', ')}`);
      return problems;
    },
  },
  {
    id: 'head',
    what: 'HEAD on a GET operation is answered as the GET (same status and headers), without a body.',
    why: 'Issue 13 item 9: HEAD answered for GET operations; Prism answers 405.',
    companion: { to: 'ours', request: (request) => (request.method === 'HEAD' ? { ...request, method: 'GET' } : undefined) },
    appliesTo: ({ request }) => request.method === 'HEAD' && documentedOperation('GET', request.target) !== undefined,
    check: ({ ours, companions }) => {
      const get = companions.head;
      if (ours.kind !== 'response' || get?.kind !== 'response') return ['no answer to the HEAD or to its GET'];
      const problems = ours.body.length === 0 ? [] : [`a body of ${ours.body.length} bytes`];
      if (ours.status !== get.status) problems.push(`status ${ours.status}, the GET got ${get.status}`);
      for (const name of ['content-type', 'allow', MOCK_ERROR, ...CORS_HEADERS]) {
        if (text(ours.headers[name]) !== text(get.headers[name]))
          problems.push(`${name} ${JSON.stringify(text(ours.headers[name]))}, the GET got ${JSON.stringify(text(get.headers[name]))}`);
      }
      return problems;
    },
  },
  {
    id: 'key-registry',
    what: "With a key registry, a key it does not answer `ok` (listed as unauthorized or forbidden, not listed, or no key) gets the contract's 401 or 403 example, before Prefer, Accept or the body.",
    why: 'Mock README, key registry: Prism only checks that a key is present and never answers 403 by itself.',
    appliesTo: ({ request, withRegistry }) => withRegistry && reachesOperation(request) && registryOutcome(request.headers) !== 'ok',
    check: ({ request, ours }) => exactExample(request, ours, registryOutcome(request.headers) === 'forbidden' ? 403 : 401),
  },
  {
    id: 'authentication-first',
    what: "No credential gets the contract's 401 example whatever the body, Prefer or Accept.",
    why: 'Issue 13 item 8: authentication is decided before the body is read (Prism answers a malformed body 400 first).',
    appliesTo: ({ request, withRegistry }) => !withRegistry && reachesOperation(request) && !hasCredential(request),
    check: ({ request, ours }) => exactExample(request, ours, 401),
  },
  {
    id: 'malformed-prefer',
    what: "A Prefer the mock cannot read (`code=abc`, `code=`, `dynamic=maybe`) gets the mock's own 400 saying so.",
    why: "Issue 13 item 11: where Prism answers outside the contract (its 422 problem+json), the mock's own labelled error.",
    appliesTo: (exchange) => authenticated(exchange) && 'malformed' in preferenceOf(exchange.request),
    check: ({ ours }) => mockError(ours, 400, 'malformed-prefer'),
  },
  {
    id: 'undocumented-status',
    what: "`Prefer: code=` for a status the operation does not document (only `default` covers it) gets the mock's own 400 naming the documented statuses.",
    why: 'Issue 13 item 11: Prism dresses the `default` example up as that status, which looks like a real answer.',
    appliesTo: (exchange) => {
      const preference = statedPreference(exchange);
      if (preference?.code === undefined) return false;
      const statuses = documentedStatuses(operationOf(exchange.request)!);
      return !statuses.includes(String(preference.code)) && !statuses.includes(`${String(preference.code)[0]}XX`);
    },
    check: ({ request, ours }) => {
      const problems = mockError(ours, 400, 'undocumented-status');
      const statuses = documentedStatuses(operationOf(request)!);
      if (ours.kind === 'response' && request.method !== 'HEAD' && !statuses.every((status) => ours.body.toString('utf8').includes(status))) {
        problems.push(`the body does not name the documented statuses ${statuses.join(', ')}`);
      }
      return problems;
    },
  },
  {
    id: 'undocumented-example',
    what: "`Prefer: example=` naming no example of the chosen answer gets the mock's own 400 naming the documented ones.",
    why: "Issue 13 item 11: Prism's 404 problem+json for it is outside the contract.",
    appliesTo: (exchange) => {
      const preference = statedPreference(exchange);
      return preference?.example !== undefined && !documentedExampleNames(operationOf(exchange.request)!, preference.code ?? 200).includes(preference.example);
    },
    check: ({ ours }) => mockError(ours, 400, 'undocumented-example'),
  },
  {
    id: 'prefer-before-body',
    what: "A documented answer chosen with `Prefer: code=`/`example=` is sent whatever the body (Prism validates the body first: 400, 415, 422); `Accept` still applies (406 with the contract's error body). `dynamic=true` without an example is Prism's answer, judged by the entries below.",
    why: 'Issue 13: "decide the order, test it, and document it"; the mock\'s README and testing guide: authentication, then Prefer, then validation.',
    appliesTo: (exchange) => choosesAnswer(statedPreference(exchange)),
    check: (exchange, compare) => {
      const { request, ours } = exchange;
      const preference = statedPreference(exchange) ?? {};
      if (!acceptsJson(request)) {
        const problems = exactExample(request, ours, 406);
        if (ours.kind === 'response' && !ours.headers[NOTE]) problems.push(`no ${NOTE} header saying why`);
        return problems;
      }
      // Prism's own answer (the fallback's), body checks included: only kept inside the contract, as Prism's answers are.
      if (preference.dynamic === true && preference.example === undefined) return compare.judge(exchange, 'body-not-taken');
      return exactExample(request, ours, preference.code ?? 200, preference.example);
    },
  },
  {
    id: 'body-not-taken',
    what: "A body on an operation that documents none, or a body without a Content-Type, gets the contract's answer for 415 (its `default` error body) with a note, however it is framed.",
    why: "Mock README (where the mock answers otherwise than Prism): Prism's answer depends on the framing and the bytes (415 for a GET's JSON body, 400 with its own body for one that is not JSON; a body without a type read as text, 422).",
    appliesTo: (exchange) => {
      const { request } = exchange;
      if (!authenticated(exchange) || request.body.kind !== 'bytes' || request.body.bytes.length === 0) return false;
      return !documentsRequestBody(operationOf(request)!) || headerValue(request, 'content-type') === undefined;
    },
    check: ({ request, ours }) => {
      const problems = exactExample(request, ours, 415);
      if (ours.kind === 'response' && !ours.headers[NOTE]) problems.push(`no ${NOTE} header saying why`);
      return problems;
    },
  },
  {
    id: 'chunked-bodies',
    what: 'A chunked body is judged as the same body sent with a Content-Length.',
    why: "Prism 5.14 judges a chunked body differently (a text/plain POST: 422 instead of 415; a GET's body ignored): framing is no part of the contract.",
    companion: {
      to: 'reference',
      request: (request) => (request.body.kind === 'bytes' && request.body.chunked ? { ...request, body: { ...request.body, chunked: false } } : undefined),
    },
    appliesTo: ({ request }) => request.body.kind === 'bytes' && request.body.chunked,
    check: (exchange, compare) => {
      const request = exchange.request.body.kind === 'bytes' ? { ...exchange.request, body: { ...exchange.request.body, chunked: false } } : exchange.request;
      return compare.judge({ ...exchange, request, reference: exchange.companions['chunked-bodies'] ?? { kind: 'hung' } });
    },
  },
  {
    id: 'not-acceptable',
    what: "An `Accept` that refuses `application/json` (`application/json;q=0`) gets the contract's answer for 406 (its `default` error body) with a note.",
    why: 'RFC 9110 section 12.5.1: the most specific range decides and q=0 refuses; Prism picks JSON anyway, and `--errors` turns that into a 500 of its own.',
    appliesTo: (exchange) => {
      const { reference } = exchange;
      return authenticated(exchange) && !acceptsJson(exchange.request) && reference.kind === 'response' && reference.status === 500;
    },
    check: ({ request, ours }) => {
      const problems = exactExample(request, ours, 406);
      if (ours.kind === 'response' && !ours.headers[NOTE]) problems.push(`no ${NOTE} header saying why`);
      return problems;
    },
  },
  {
    id: 'contract-bodies-only',
    what: `Where Prism answers a documented operation with a body the contract does not document (its problem+json, its \`invalid_json\` error), the mock keeps the status, sends the contract's example for it (the \`default\` error body) and says why in \`${NOTE}\`.`,
    why: 'Mock README, "Contract answers only": a client under test only ever sees documented bodies.',
    appliesTo: ({ request, reference }) => {
      const operation = reachesOperation(request) ? operationOf(request) : undefined;
      return (
        operation !== undefined &&
        reference.kind === 'response' &&
        undocumentedAnswer(operation, reference.status, text(reference.headers['content-type']), reference.body).length > 0
      );
    },
    check: ({ request, ours, reference }) => {
      const problems = exactExample(request, ours, reference.kind === 'response' ? reference.status : 0);
      if (ours.kind === 'response' && !ours.headers[NOTE]) problems.push(`no ${NOTE} header saying why`);
      return problems;
    },
  },
];

/** The mock's answer must be the contract's example for `status`, as JSON, byte for byte. */
function exactExample(request: HttpRequestPlan, ours: MockAnswer, status: number, example?: string): string[] {
  if (ours.kind !== 'response') return [`no answer (${ours.kind}); expected ${status}`];
  const expected = exampleBodyFor(operationOf(request)!, status, example);
  const problems: string[] = [];
  if (ours.status !== status) problems.push(`status ${ours.status}, expected ${status}`);
  if (text(ours.headers['content-type']) !== JSON_TYPE)
    problems.push(`content-type ${JSON.stringify(text(ours.headers['content-type']))}, expected ${JSON_TYPE}`);
  if (request.method !== 'HEAD' && ours.body.toString('utf8') !== expected)
    problems.push(`body ${JSON.stringify(ours.body.toString('utf8', 0, 120))}, expected the contract's example ${expected}`);
  return problems;
}

/** The mock's own error: this status, problem+json, labelled with its kind (never shaped like the service's body). */
function mockError(ours: MockAnswer, status: number, kind: string): string[] {
  if (ours.kind !== 'response') return [`no answer (${ours.kind}); expected the mock's ${status} ${kind}`];
  const problems: string[] = [];
  if (ours.status !== status) problems.push(`status ${ours.status}, expected ${status}`);
  if (text(ours.headers[MOCK_ERROR]) !== kind) problems.push(`${MOCK_ERROR} ${JSON.stringify(text(ours.headers[MOCK_ERROR]))}, expected ${kind}`);
  if (text(ours.headers['content-type']) !== PROBLEM_TYPE)
    problems.push(`content-type ${JSON.stringify(text(ours.headers['content-type']))}, expected ${PROBLEM_TYPE}`);
  return problems;
}

function sameSet(list: string, expected: readonly string[]): boolean {
  const items = list
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return items.length === expected.length && expected.every((item) => items.includes(item));
}

function text(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}
