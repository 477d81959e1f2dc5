// The one place that lists where the mock answers differently from Prism (same contract, same request), with the
// reason, and checks that it answers the way listed. Any other difference from Prism fails the differential campaign.
import { documentedOperation, exampleBodyFor, undocumentedAnswer } from './contract-responses.js';
import type { HttpRequestPlan, MockAnswer } from './mock-request.js';
import { registryOutcome } from './mock-verdict.js';

/** One request sent to the mock and to Prism (same contract), and what each answered. */
export interface Exchange {
  request: HttpRequestPlan;
  ours: MockAnswer;
  reference: MockAnswer;
  /** Prism's answer to the same request with its body sent chunked (only for a body sent with a Content-Length). */
  referenceChunked?: MockAnswer;
  /** Whether the mock was started with the campaign's key registry. */
  withRegistry: boolean;
}

/** A difference from Prism: where it applies, why, and what the mock must answer there. */
export interface DeliberateDifference {
  /** Short name, printed in the summary and in failures. */
  id: string;
  /** `improvement`: on purpose, asserted for good; `known defect`: to fix, asserted so that the fix shows (the entry then fails and goes). */
  kind: 'improvement' | 'known defect';
  /** What the mock answers instead of Prism's answer. */
  what: string;
  /** Why. */
  why: string;
  appliesTo(exchange: Exchange, compare: Comparison): boolean;
  /** What is wrong with the mock's answer; empty when it answered the way listed. */
  check(exchange: Exchange, compare: Comparison): string[];
}

/** The verdict's own comparisons, handed to entries that build on them. */
export interface Comparison {
  /** Why the mock's answer is not Prism's answer (no table applied); empty when it is. */
  same(exchange: Exchange): string[];
  /** The full verdict on an exchange, table included. */
  judge(exchange: Exchange): string[];
}

const JSON_TYPE = 'application/json';
const NOTE_HEADER = 'x-thumbnail-api-mock-note';

/** Checks in order; the first entry that applies decides. */
export const deliberateDifferences: readonly DeliberateDifference[] = [
  {
    id: 'key-registry',
    kind: 'improvement',
    what: "With a key registry, a documented operation called with a key the registry does not answer `ok` (listed as unauthorized or forbidden, not listed, or no key) gets the contract's 401 or 403 example, before Prefer, Accept or body are looked at.",
    why: "The mock README's key registry: Prism only checks that a key is present and never answers 403 by itself, so a test suite could not see a revoked or a no-access key.",
    appliesTo: ({ request, withRegistry }) =>
      withRegistry && documentedOperation(request.method, request.target) !== undefined && registryOutcome(request.headers) !== 'ok',
    check: ({ request, ours }) => {
      const status = registryOutcome(request.headers) === 'forbidden' ? 403 : 401;
      return exactExample(request, ours, status);
    },
  },
  {
    id: 'chunked-forwarding',
    kind: 'known defect',
    what: "A body sent with a Content-Length is answered as Prism answers the same body sent chunked (e.g. a text/plain POST: 422 instead of Prism's 415; a GET's JSON body with an odd Content-Type: 200 instead of 415).",
    why: 'The front server streams every body on to its Prism child chunked (commit da79bb9), and Prism 5.14 judges a chunked body differently. Gone with the compiled mock (issue 15), which answers without a Prism child.',
    appliesTo: (exchange, compare) => exchange.referenceChunked !== undefined && compare.same(exchange).length > 0,
    check: (exchange, compare) => {
      const chunked: Exchange = {
        ...exchange,
        request: { ...exchange.request, body: asChunked(exchange.request) },
        reference: exchange.referenceChunked!,
        referenceChunked: undefined,
      };
      const problems = compare.judge(chunked);
      return problems.length === 0 ? [] : [`not even as Prism answers the body sent chunked: ${problems.join('; ')}`];
    },
  },
  {
    id: 'contract-bodies-only',
    kind: 'improvement',
    what: `Where Prism answers a documented operation with a body the contract does not document (its problem+json, its \`invalid_json\` error), the mock keeps Prism's status, sends the contract's example for that status (the \`default\` error body) and says what Prism had said in an \`${NOTE_HEADER}\` header.`,
    why: 'Mock README, "Contract answers only": a client under test only ever sees bodies the contract documents.',
    appliesTo: ({ request, reference }) => {
      const operation = documentedOperation(request.method, request.target);
      return (
        operation !== undefined &&
        reference.kind === 'response' &&
        undocumentedAnswer(operation, reference.status, text(reference.headers['content-type']), reference.body).length > 0
      );
    },
    check: ({ request, ours, reference }) => {
      const status = reference.kind === 'response' ? reference.status : 0;
      const problems = exactExample(request, ours, status);
      if (ours.kind === 'response' && !ours.headers[NOTE_HEADER]) problems.push(`no ${NOTE_HEADER} header saying what Prism had answered`);
      return problems;
    },
  },
];

/** The mock's answer must be the contract's example for `status`, as JSON, byte for byte. */
function exactExample(request: HttpRequestPlan, ours: MockAnswer, status: number): string[] {
  if (ours.kind !== 'response') return [`no answer (${ours.kind}); expected ${status}`];
  const operation = documentedOperation(request.method, request.target)!;
  const expected = exampleBodyFor(operation, status);
  const problems: string[] = [];
  if (ours.status !== status) problems.push(`status ${ours.status}, expected ${status}`);
  if (text(ours.headers['content-type']) !== JSON_TYPE)
    problems.push(`content-type ${JSON.stringify(text(ours.headers['content-type']))}, expected ${JSON_TYPE}`);
  if (request.method !== 'HEAD' && ours.body.toString('utf8') !== expected)
    problems.push(`body ${JSON.stringify(ours.body.toString('utf8', 0, 120))}, expected the contract's example ${expected}`);
  return problems;
}

function asChunked(request: HttpRequestPlan): HttpRequestPlan['body'] {
  return request.body.kind === 'bytes' ? { ...request.body, chunked: true } : request.body;
}

function text(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}
