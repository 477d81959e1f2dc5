// `--observed <overlay>`: what an accepted `propose` overlay saw the service answer (per operation and status: media
// types, headers seen in every answer, the inferred body schema), and how an answer of this run differs from it.
import type { ContractOperation } from '@thumbnail-api/spec/model';
import { type NamedAnswer, type Observed, observedIn, operationAt } from './findings.js';

/** What the overlay saw for one status of one operation. */
export interface ObservedStatus {
  readonly count: number;
  readonly mediaTypes: readonly string[];
  /** Headers present in every answer seen. */
  readonly alwaysHeaders: readonly string[];
  readonly schema: Record<string, unknown> | undefined;
}

/** Everything an overlay saw, by `method path` (e.g. `get /api/thumbnails`), then status. */
export type ObservedAnswers = ReadonlyMap<string, ReadonlyMap<number, ObservedStatus>>;

/** An overlay that is not one `propose` wrote; the message says what is wrong. */
export class ObservedOverlayError extends Error {
  override readonly name = 'ObservedOverlayError';
}

const OPERATION_TARGET = /^\$\.paths\['((?:[^'\\]|\\.)*)'\]\.([a-z]+)(\.responses)?$/;

/** Reads an overlay `propose` wrote (parsed from YAML or JSON); throws {@link ObservedOverlayError} saying what is wrong. */
export function readObservedOverlay(document: unknown, source: string): ObservedAnswers {
  if (!isRecord(document) || typeof document.overlay !== 'string' || !Array.isArray(document.actions)) {
    throw new ObservedOverlayError(
      `${source} is not an OpenAPI Overlay (it needs "overlay" and "actions"); give the file \`npx @thumbnail-api/mock propose <dir>\` printed.`,
    );
  }
  const answers = new Map<string, Map<number, ObservedStatus>>();
  const put = (key: string, status: string, observed: ObservedStatus | undefined) => {
    if (!/^\d{3}$/.test(status) || observed === undefined) return;
    const statuses = answers.get(key) ?? new Map<number, ObservedStatus>();
    statuses.set(Number(status), observed);
    answers.set(key, statuses);
  };
  for (const action of document.actions) {
    if (!isRecord(action) || typeof action.target !== 'string' || !isRecord(action.update)) continue;
    const target = OPERATION_TARGET.exec(action.target);
    if (target === null) continue;
    const key = `${target[2]} ${target[1]!.replace(/\\(.)/g, '$1')}`;
    if (target[3] === undefined) {
      // A documented status: x-observed.responses.<status> holds the evidence, the media type, headers and schema.
      const responses = isRecord(action.update['x-observed']) ? action.update['x-observed'].responses : undefined;
      if (isRecord(responses)) for (const [status, seen] of Object.entries(responses)) put(key, status, fromDocumented(seen));
    } else {
      // A status the contract lacks, written as a Response Object marked x-observed.
      for (const [status, response] of Object.entries(action.update)) put(key, status, fromResponseObject(response));
    }
  }
  return answers;
}

/** An answer of this run to compare. */
export interface AnswerToCompare extends NamedAnswer {
  readonly operation: ContractOperation;
  readonly kind: string;
  readonly mediaType: string | undefined;
  readonly headerNames: readonly string[];
  readonly json: unknown;
  readonly isJson: boolean;
}

/** Validates a value against an observed schema: the problems, or none. */
export type SchemaCheck = (schema: Record<string, unknown>, value: unknown) => string[];

/** How `answer` differs from what the overlay saw for its operation and status. */
export function driftOf(observed: ObservedAnswers, answer: AnswerToCompare, validate: SchemaCheck): Observed[] {
  const statuses = observed.get(`${answer.operation.method} ${answer.operation.path}`);
  if (statuses === undefined) return [];
  const at = operationAt(answer);
  const findings: Observed[] = [];
  const add = (check: string, message: string, location: string) => findings.push(observedIn(answer, { class: 'observed-drift', check, location }, message));
  const seen = statuses.get(answer.status);
  if (seen === undefined) {
    // Only a success status is compared when unseen: the recordings may simply hold no answer of that error.
    const successes = [...statuses.keys()].filter((status) => status >= 200 && status < 300);
    if (answer.kind === 'valid-request' && answer.status >= 200 && answer.status < 300 && successes.length > 0) {
      add('status_changed', `${at}: the success status was ${successes.join(', ')} in every answer seen before.`, 'response');
    }
    return findings;
  }
  if (seen.mediaTypes.length > 0 && !seen.mediaTypes.includes(answer.mediaType ?? '')) {
    add(
      'content_type_changed',
      `${at}: Content-Type ${answer.mediaType ?? '(none)'}, where ${seen.mediaTypes.join(' or ')} was seen before.`,
      'response.headers.content-type',
    );
  }
  const missing = seen.alwaysHeaders.filter((name) => !answer.headerNames.includes(name));
  if (missing.length > 0) {
    add('header_missing', `${at}: no ${missing.join(', ')} header, seen in all ${seen.count} answer(s) before.`, 'response.headers');
  }
  if (seen.schema !== undefined && answer.isJson) {
    const problems = validate(seen.schema, answer.json);
    if (problems.length > 0) add('body_changed', `${at}: the body no longer fits what was seen before: ${problems.join('; ')}.`, 'response.body');
  }
  return findings;
}

function fromDocumented(seen: unknown): ObservedStatus | undefined {
  if (!isRecord(seen)) return undefined;
  const count = typeof seen.count === 'number' ? seen.count : 0;
  const headers = isRecord(seen.headers) ? seen.headers : {};
  return {
    count,
    mediaTypes: mediaTypesOf(seen.contentType),
    alwaysHeaders: Object.entries(headers)
      .filter(([, header]) => isRecord(header) && seenInAll(header.seenIn))
      .map(([name]) => name.toLowerCase()),
    schema: isRecord(seen.schema) ? seen.schema : undefined,
  };
}

function fromResponseObject(response: unknown): ObservedStatus | undefined {
  if (!isRecord(response) || !isRecord(response['x-observed'])) return undefined;
  const evidence = response['x-observed'];
  const content = isRecord(response.content) ? Object.entries(response.content) : [];
  const headers = isRecord(response.headers) ? Object.entries(response.headers) : [];
  const [first] = content;
  return {
    count: typeof evidence.count === 'number' ? evidence.count : 0,
    mediaTypes: content.map(([mediaType]) => mediaType),
    alwaysHeaders: headers
      .filter(([, header]) => isRecord(header) && isRecord(header['x-observed']) && seenInAll(header['x-observed'].seenIn))
      .map(([name]) => name.toLowerCase()),
    schema: first !== undefined && isRecord(first[1]) && isRecord(first[1].schema) && Object.keys(first[1].schema).length > 0 ? first[1].schema : undefined,
  };
}

/** `contentType` as `propose` writes it (the distinct Content-Types joined by ", "), as media types without parameters. */
function mediaTypesOf(contentType: unknown): string[] {
  if (typeof contentType !== 'string') return [];
  return [...new Set(contentType.split(',').map((type) => type.split(';')[0]!.trim().toLowerCase()))].filter((type) => type.includes('/'));
}

/** `seenIn` as `propose` writes it: "k of n", every answer when k is n. */
function seenInAll(seenIn: unknown): boolean {
  const match = typeof seenIn === 'string' ? /^(\d+) of (\d+)$/.exec(seenIn) : null;
  return match !== null && match[1] === match[2];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
