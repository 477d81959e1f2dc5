// What `verify` reports: every request it sent and why, each finding in its class with the exchanges that show it,
// and the verdict. Reporters (report-*.ts) only print this; nothing here holds a key (the run removes them first).

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

/** One thing the run found, with the exchanges that show it. */
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
  readonly message: string;
  /** The operation, e.g. `listThumbnails`. */
  readonly operation: string | undefined;
  /** Where in the answer, e.g. `response.body`, when the check says. */
  readonly location?: string;
  /** For the assumption classes: the entry, as the contract holds it. */
  readonly assumption?: { readonly id: string; readonly text: string; readonly pointer: string };
  /** Indexes into {@link VerifyReport.exchanges}. */
  readonly evidence: readonly number[];
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
  readonly counts: Readonly<Record<FindingClass, number>>;
  readonly probes: readonly ProbeRecord[];
  readonly exchanges: readonly Exchange[];
  readonly findings: readonly Finding[];
}

/** The verdict of a run with these findings. */
export function verdictOf(findings: readonly Finding[], stopped: string | undefined): Verdict {
  if (findings.some((finding) => FAILING_CLASSES.has(finding.class))) return 'failed';
  return stopped !== undefined || findings.some((finding) => finding.class === 'not-checked') ? 'incomplete' : 'passed';
}

/** How many findings of each class. */
export function countByClass(findings: readonly Finding[]): Record<FindingClass, number> {
  const counts = Object.fromEntries(FINDING_CLASSES.map((name) => [name, 0])) as Record<FindingClass, number>;
  for (const finding of findings) counts[finding.class]++;
  return counts;
}
