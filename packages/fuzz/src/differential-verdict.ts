// Whether the mock answered a request as Prism did, on the same contract: the same status, the same
// contract-relevant headers, and the same body, or, where Prism generates values, bodies the contract's schema
// accepts. Answers that differ on purpose are checked against the table of deliberate differences instead.
import type { IncomingHttpHeaders } from 'node:http';
import { documentedOperation, undocumentedAnswer } from './contract-responses.js';
import { CORS_HEADERS, type Comparison, type DeliberateDifference, deliberateDifferences, type Exchange } from './deliberate-differences.js';
import type { MockAnswer } from './mock-request.js';

/**
 * The headers that carry meaning for a client or a browser. Left out: framing (content-length follows from the body,
 * connection, keep-alive, transfer-encoding, date) and Prism's diagnostics (`sl-violations`), which the contract
 * does not describe.
 */
export const COMPARED_HEADERS = ['content-type', 'allow', 'www-authenticate', ...CORS_HEADERS] as const;

/** The verdict on one exchange. */
export interface ExchangeVerdict {
  /** What differs from what the mock must answer; empty when it answered as it must. */
  problems: string[];
  /** The entries of the table that decided (part of) the answer. */
  decidedBy: DeliberateDifference[];
  /** Whether the mock's answer differs from Prism's at all (decided or not). */
  unlikePrism: boolean;
}

/**
 * Compares the mock's answer to Prism's. Entries of the table that decide some headers (CORS) check those, and the
 * rest is compared; the first entry that decides the whole answer checks it instead of the comparison. With `after`,
 * only the entries after that one are considered (an entry that hands the answer on to the rest of the table).
 */
export function judgeExchange(exchange: Exchange, after?: string): ExchangeVerdict {
  const { ours, reference } = exchange;
  if (reference.kind !== 'response')
    return { problems: [`Prism gave no answer (${describeAnswer(reference)}): no reference`], decidedBy: [], unlikePrism: true };
  if (ours.kind !== 'response')
    return { problems: [`the mock gave no answer (${describeAnswer(ours)}); Prism answered ${reference.status}`], decidedBy: [], unlikePrism: true };
  const partial = deliberateDifferences.filter((entry) => entry.headers !== undefined && entry.appliesTo(exchange));
  const problems = partial.flatMap((entry) => entry.check(exchange, comparison).map((problem) => `[${entry.id}] ${problem}`));
  const ignored = partial.flatMap((entry) => entry.headers ?? []);
  // Unlike Prism's answer beyond the headers such entries decide (CORS differs on every answer).
  const unlikePrism = sameAnswer(exchange, ignored).length > 0;
  const candidates =
    after === undefined ? deliberateDifferences : deliberateDifferences.slice(deliberateDifferences.findIndex((entry) => entry.id === after) + 1);
  const whole = candidates.find((entry) => entry.headers === undefined && entry.appliesTo(exchange));
  if (whole) problems.push(...whole.check(exchange, comparison).map((problem) => `[${whole.id}] ${problem}`));
  else problems.push(...sameAnswer(exchange, ignored));
  return { problems, decidedBy: whole ? [...partial, whole] : partial, unlikePrism };
}

const comparison: Comparison = {
  same: (exchange, ignore) => sameAnswer(exchange, ignore),
  judge: (exchange, after) => judgeExchange(exchange, after).problems,
};

/** Why the two answers are not the same answer; empty when they are. */
export function sameAnswer({ request, ours, reference }: Exchange, ignore: readonly string[] = []): string[] {
  if (ours.kind !== 'response' || reference.kind !== 'response') return ['one side gave no answer'];
  const problems: string[] = [];
  if (ours.status !== reference.status) problems.push(`status ${ours.status}, Prism ${reference.status}`);
  for (const name of COMPARED_HEADERS.filter((header) => !ignore.includes(header))) {
    const mine = headerText(ours.headers[name]);
    const theirs = headerText(reference.headers[name]);
    if (mine !== theirs) problems.push(`header ${name}: ${JSON.stringify(mine)}, Prism ${JSON.stringify(theirs)}`);
  }
  if (ours.body.equals(reference.body)) return problems;
  const operation = documentedOperation(request.method, request.target);
  if (generatesValues(request) && operation && ours.status === reference.status) {
    // Prism makes up values from the schema: each body must be one the contract documents for that status.
    const contentType = headerText(ours.headers['content-type']);
    problems.push(...undocumentedAnswer(operation, ours.status, contentType, ours.body).map((problem) => `generated body: ${problem}`));
  } else {
    problems.push(`body ${excerpt(ours.body)}, Prism ${excerpt(reference.body)}`);
  }
  return problems;
}

/** Whether Prism generates the body from the schema instead of sending an example (`Prefer: dynamic=true`, `__dynamic`). */
export function generatesValues(request: Exchange['request']): boolean {
  const prefer = request.headers
    .filter(([name]) => name.toLowerCase() === 'prefer')
    .map(([, value]) => value)
    .join(', ');
  return /(^|[\s,;])dynamic=true/.test(prefer) || /[?&]__dynamic=true(&|$)/.test(request.target);
}

export function headerText(value: IncomingHttpHeaders[string]): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

export function excerpt(body: Buffer): string {
  return JSON.stringify(body.toString('utf8', 0, 160) + (body.length > 160 ? '…' : ''));
}

export function describeAnswer(answer: MockAnswer): string {
  if (answer.kind === 'response') return `${answer.status} ${headerText(answer.headers['content-type']) ?? '(no content-type)'} ${excerpt(answer.body)}`;
  return answer.kind === 'closed' ? `connection closed: ${answer.reason}` : 'no answer in time';
}
