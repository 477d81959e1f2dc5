// What `verify` reports: every request it sent and why, each finding (a cause, with its symptoms) in its class with
// the exchanges that show it, and the verdict. Reporters (report-*.ts) only print this; nothing here holds a key (the run removes them first).

/**
 * `contract-violation`: the service broke what the contract documents. `assumption-contradicted` /
 * `assumption-confirmed` / `assumption-untested`: an `x-assumptions` entry the answers showed wrong, showed right, or
 * could not show. `observed-drift`: an answer differs from what an accepted `propose` overlay (`--observed`) saw
 * before. `not-shown`: the answer shows something the contract leaves open, for `propose`. `not-checked`: a request
 * got no answer (a time-out, a reset connection), or its answer could not be read.
 */
export type FindingClass =
  | 'contract-violation'
  | 'assumption-contradicted'
  | 'observed-drift'
  | 'not-checked'
  | 'not-shown'
  | 'assumption-confirmed'
  | 'assumption-untested';

/** In the order reports show them: what fails the run first. */
export const FINDING_CLASSES: readonly FindingClass[] = [
  'contract-violation',
  'assumption-contradicted',
  'observed-drift',
  'not-checked',
  'not-shown',
  'assumption-confirmed',
  'assumption-untested',
];

/** The classes that make the verdict `failed` (exit code 1). */
export const FAILING_CLASSES: ReadonlySet<FindingClass> = new Set(['contract-violation', 'assumption-contradicted', 'observed-drift']);

/**
 * One thing the run found: a cause (a drift of the service, an assumption's verdict, requests left unanswered), with
 * every sign of it an answer showed (its symptoms: the same drift seen through each way of sending the key, and the
 * schema errors that follow from a changed media type or status). Reports count findings, not symptoms.
 */
export interface Finding {
  readonly class: FindingClass;
  /**
   * What was checked, named for what it means (Schemathesis's words where they fit): `ignored_auth`,
   * `auth_status_conformance`, `auth_scheme_refused`, `status_code_conformance`, `content_type_conformance`,
   * `response_schema_conformance`, `response_headers_conformance`; an assumption's id; `status_changed`,
   * `content_type_changed`, `header_missing`, `body_changed`; `undocumented_status`, `undocumented_header`,
   * `undocumented_field`, `both_schemes`; `timeout`, `reset`, `unreachable`, `stopped`, `truncated`, `unchecked`.
   */
  readonly check: string;
  /** The cause, in words that hold for every symptom (no request named where several showed it). */
  readonly message: string;
  /** The operation, e.g. `listThumbnails`. */
  readonly operation: string | undefined;
  /** Where in the answer, e.g. `response.body`, when the check says. */
  readonly location?: string;
  /** For the assumption classes: the entry, as the contract holds it. */
  readonly assumption?: { readonly id: string; readonly text: string; readonly pointer: string };
  /** Indexes into {@link VerifyReport.exchanges}: every exchange of every symptom. */
  readonly evidence: readonly number[];
  /** What each request showed of it, in the order they were sent. */
  readonly symptoms: readonly Symptom[];
}

/** One request's sign of a finding. */
export interface Symptom {
  readonly check: string;
  /** The request and its answer, e.g. `GET /api/thumbnails (the key as Authorization: Bearer) → 200`. */
  readonly request: string;
  /** What the request showed, naming it: {@link request}, then what is wrong. */
  readonly message: string;
  readonly location?: string;
  /** Whether it follows from the finding's cause rather than showing it (a schema error of a body sent as another media type). */
  readonly derived?: boolean;
  readonly evidence: readonly number[];
}

/** What one answer showed, before the run groups what it shows by cause ({@link Finding}). */
export interface Observed extends Omit<Finding, 'message' | 'symptoms' | 'assumption'> {
  /** The cause: the finding's message, the same for every request that shows it. */
  readonly cause: string;
  /** This request's sign of it: the symptom's message, which starts with {@link request}. */
  readonly message: string;
  /** The request and its answer, as the symptom names it. */
  readonly request: string;
}

/** An answer, as {@link observedIn} names it. */
export interface NamedAnswer {
  readonly exchange: number;
  /** The request, as the report names it, e.g. `GET /api/thumbnails (no key)`. */
  readonly request: string;
  readonly operation: { readonly method: string; readonly path: string };
  readonly operationName: string;
  readonly status: number;
}

/** `METHOD /path → status`: how a cause names the answer of an operation, whichever request got it. */
export function operationAt(answer: NamedAnswer): string {
  return `${answer.operation.method.toUpperCase()} ${answer.operation.path} → ${answer.status}`;
}

/** What `answer` showed: `message` (written with {@link operationAt}) is the cause; the symptom names the request instead. */
export function observedIn(answer: NamedAnswer, finding: Pick<Observed, 'class' | 'check' | 'location'>, message: string): Observed {
  const request = `${answer.request} → ${answer.status}`;
  return {
    ...finding,
    cause: message,
    message: message.replace(operationAt(answer), request),
    request,
    operation: answer.operationName,
    evidence: [answer.exchange],
  };
}

/** A request as sent, keys removed. */
export interface SentRequest {
  readonly method: string;
  /** Path and query on the service, e.g. `/api/thumbnails`. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The body as text (at most a few KiB shown), when one was sent. */
  readonly body?: string;
}

/** An answer as received, keys removed. */
export interface ReceivedAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The body as text (at most a few KiB shown). */
  readonly body: string;
  /** Whether the body was longer than verify reads (it was then not checked). */
  readonly truncated: boolean;
}

/** One request sent and what came of it. */
export interface Exchange {
  readonly index: number;
  /** The probe it belongs to ({@link ProbeRecord.id}). */
  readonly probe: string;
  /** 1, or 2 for a GET sent again after a 429 and its Retry-After. */
  readonly attempt: number;
  readonly startedAt: string;
  readonly durationMs: number;
  /** Whether this request was counted against `--allow-billing`. */
  readonly billed: boolean;
  readonly request: SentRequest;
  readonly answer: ReceivedAnswer | undefined;
  /** Without an answer: what happened instead (`timeout`, `reset`, `unreachable`, `stopped`). */
  readonly failure?: { readonly kind: string; readonly message: string };
  /** The service pushed back (429, or 503 with Retry-After): the answer says nothing about the probe itself. */
  readonly pushback?: boolean;
  /** What the contract says about the request as sent (a probe that breaks it on purpose says so here). */
  readonly requestNotes: readonly string[];
}

/** One request verify meant to send, and whether it did. */
export interface ProbeRecord {
  /** Unique in the run, e.g. `listThumbnails.valid-request.x-api-key`. */
  readonly id: string;
  /** The kind of request (`valid-request`, `no-key`, `missing-required-field`, ...), as `x-assumptions` checks name them. */
  readonly kind: string;
  readonly operation: string;
  readonly method: string;
  readonly path: string;
  /** What it sends, in a few words, e.g. `the key as Authorization: Bearer`. */
  readonly title: string;
  /** Why it is sent: what its answer shows. */
  readonly why: string;
  /** For a POST: why it counts against `--allow-billing`. */
  readonly billing?: string;
  /** Why it was not sent, when it was not. */
  readonly skipped?: string;
  readonly exchanges: readonly number[];
}

/** `passed`: exit code 0. `failed`: something violated, contradicted or drifted. `incomplete`: nothing failed, but the run could not finish. */
export type Verdict = 'passed' | 'failed' | 'incomplete';

/** Everything a run found. */
export interface VerifyReport {
  readonly tool: 'thumbnail-api-verify';
  readonly version: string;
  readonly baseUrl: string;
  readonly contract: { readonly title: string; readonly version: string };
  readonly startedAt: string;
  readonly finishedAt: string;
  readonly verdict: Verdict;
  /** Why the run stopped early, when it did. */
  readonly stopped?: string;
  readonly budget: { readonly allowed: number; readonly spent: number };
  readonly limits: { readonly maxRps: number; readonly requestTimeoutMs: number; readonly maxTimeMs: number; readonly maxWaitMs: number };
  /** Per class: how many findings (causes), and how many symptoms they have in all. */
  readonly counts: Readonly<Record<FindingClass, ClassCount>>;
  readonly probes: readonly ProbeRecord[];
  readonly exchanges: readonly Exchange[];
  readonly findings: readonly Finding[];
}

/** The verdict of a run with these findings. */
export function verdictOf(findings: readonly Finding[], stopped: string | undefined): Verdict {
  if (findings.some((finding) => FAILING_CLASSES.has(finding.class))) return 'failed';
  return stopped !== undefined || findings.some((finding) => finding.class === 'not-checked') ? 'incomplete' : 'passed';
}

/** The findings of one class, and their symptoms. */
export interface ClassCount {
  readonly findings: number;
  readonly symptoms: number;
}

/** How many findings of each class, and how many symptoms they have. */
export function countByClass(findings: readonly Finding[]): Record<FindingClass, ClassCount> {
  const counts = Object.fromEntries(FINDING_CLASSES.map((name) => [name, { findings: 0, symptoms: 0 }])) as Record<FindingClass, ClassCount>;
  for (const finding of findings) {
    const count = counts[finding.class];
    counts[finding.class] = { findings: count.findings + 1, symptoms: count.symptoms + finding.symptoms.length };
  }
  return counts;
}
