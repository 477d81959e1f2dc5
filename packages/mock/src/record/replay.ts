// --replay: recordings made with --record, checked against the contract at start, answering documented operations
// in place of the compiled success answer. The contract stays the judge: a recorded answer that breaks it is refused.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContractValidator } from '@thumbnail-api/spec/validator';
import type { CompiledContract } from '../engine/compile-contract.js';
import type { CompiledOperation } from '../engine/compile-operation.js';
import { essenceOf, isJsonMediaType, mediaTypeCovers } from '../engine/media-type.js';
import { type PreparedAnswer, prepareAnswer } from '../engine/prepared-answer.js';
import { queryValues, type RequestTarget } from '../engine/request-target.js';
import { bodyBytes, type Recording, readRecording, recordingFiles } from './recording.js';
import { REDACTED } from './redact.js';

/** The header on every recorded answer: the file it came from. */
export const recordedHeader = 'x-thumbnail-api-mock-recorded';

interface RecordedAnswer {
  readonly file: string;
  readonly path: string;
  /** The recorded query, each name's values sorted: a request must have the same names and values (a redacted value matches any). */
  readonly query: ReadonlyMap<string, readonly string[]>;
  /** The recorded request body, which a request must match field by field (redacted fields match anything). */
  readonly body: unknown;
  readonly answer: PreparedAnswer;
}

/** The recordings a mock answers from. */
export interface ReplayBook {
  /** The folder, absolute. */
  readonly dir: string;
  /** Recordings of documented operations, served. */
  readonly served: number;
  /** Recordings of paths or methods the contract does not describe: not served (see `propose`). */
  readonly undocumented: number;
  /** Recorded 401 and 403 answers: not served, the key registry answers those. */
  readonly authAnswers: number;
  /**
   * The newest recorded answer of `operation` for this path, query and JSON body, if any. The query must match the
   * recorded one exactly (names and values, in any order).
   */
  answerFor(operation: CompiledOperation, target: RequestTarget, body: unknown): PreparedAnswer | undefined;
}

/** Reads and checks every `*.json` file of `dir`; throws naming each file that cannot be served and why. */
export function loadReplay(dir: string, contract: CompiledContract, validator: ContractValidator): ReplayBook {
  const { folder, names } = recordingFiles(dir, 'The replay folder');
  const byOperation = new Map<CompiledOperation, RecordedAnswer[]>();
  const problems: string[] = [];
  let served = 0;
  let undocumented = 0;
  let authAnswers = 0;
  for (const name of names) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(join(folder, name), 'utf8'));
    } catch (error) {
      problems.push(`${name}: not readable JSON (${(error as Error).message.slice(0, 120)})`);
      continue;
    }
    const recording = readRecording(parsed);
    if (typeof recording === 'string') {
      problems.push(`${name}: ${recording}`);
      continue;
    }
    const operation = contract.find(recording.request.path)?.operations.get(recording.request.method.toUpperCase());
    if (operation === undefined) {
      undocumented++;
      continue;
    }
    if (recording.response.status === 401 || recording.response.status === 403) {
      authAnswers++;
      continue;
    }
    const answer = checkedAnswer(recording, operation, validator, name);
    if (typeof answer === 'string') {
      problems.push(`${name}: ${answer}`);
      continue;
    }
    const list = byOperation.get(operation) ?? [];
    // Newest first: file names start with the time of the exchange.
    list.unshift({ file: name, path: recording.request.path, query: recordedQuery(recording.request.query), body: recording.request.body, answer });
    byOperation.set(operation, list);
    served++;
  }
  if (problems.length > 0) {
    throw new Error(
      `${problems.length} recording(s) in ${folder} cannot be replayed; delete or correct them (or propose a contract change with \`thumbnail-api-mock propose ${dir}\`):\n  ${problems.join('\n  ')}`,
    );
  }
  return {
    dir: folder,
    served,
    undocumented,
    authAnswers,
    answerFor(operation, target, body) {
      const query = requestQuery(target.query);
      return byOperation
        .get(operation)
        ?.find((recorded) => recorded.path === target.pathname && sameQuery(query, recorded.query) && matches(body, recorded.body))?.answer;
    },
  };
}

/** The answer a recording gives, or what about it breaks the contract. */
function checkedAnswer(recording: Recording, operation: CompiledOperation, validator: ContractValidator, file: string): PreparedAnswer | string {
  const { status, headers } = recording.response;
  const where = `the recorded ${status} answer of ${operation.name}`;
  const response = operation.source.response(status);
  if (response === undefined) return `${where}: the contract documents no ${status} answer and no default response`;
  const media = response.content[0];
  const bytes = bodyBytes(recording.response);
  const contentType = headers['content-type'];
  if (media === undefined) {
    if (bytes.length > 0) return `${where} has a body; the contract documents none`;
  } else if (bytes.length > 0) {
    if (contentType === undefined || !mediaTypeCovers(media.mediaType, essenceOf(contentType))) {
      return `${where} is ${contentType ?? 'of no content type'}; the contract documents ${media.mediaType}`;
    }
    if (isJsonMediaType(media.mediaType)) {
      if (recording.response.body === undefined) return `${where}: the body is not JSON`;
      if (media.schemaPointer !== undefined) {
        const validate = validator.schemaAt(media.schemaPointer);
        if (!validate(recording.response.body)) {
          const why = (validate.errors ?? []).map(
            (error) => `at ${error.instancePath || '/'} ${error.message ?? 'is invalid'} (schema rule "${error.keyword}")`,
          );
          return `${where} breaks its schema: ${why.join('; ')}`;
        }
      }
    }
  }
  const extra = Object.entries(headers).flatMap(([name, value]) => (notReplayed.has(name) ? [] : [name, value]));
  return prepareAnswer(status, bytes.length > 0 ? contentType : undefined, bytes, [...extra, recordedHeader, file]);
}

/** Headers the mock sets itself (a recorded Date would be stale; Vary carries the mock's Origin). */
const notReplayed = new Set(['content-type', 'date', 'vary']);

/** A recorded query (checked by `readRecording` to map names to lists), each name's values sorted. */
function recordedQuery(query: Readonly<Record<string, readonly string[]>>): Map<string, string[]> {
  return new Map(Object.entries(query).map(([name, values]) => [name, (Array.isArray(values) ? values.map(String) : [String(values)]).sort()]));
}

/** A request's query as the recorder reads it (URLSearchParams), each name's values sorted. */
function requestQuery(search: string | undefined): Map<string, string[]> {
  const query = queryValues(search);
  for (const values of query.values()) values.sort();
  return query;
}

/** Same names, and for each the same values (a recorded `[redacted]` matches any one value). */
function sameQuery(actual: ReadonlyMap<string, readonly string[]>, recorded: ReadonlyMap<string, readonly string[]>): boolean {
  if (actual.size !== recorded.size) return false;
  for (const [name, values] of recorded) {
    const sent = actual.get(name);
    if (sent === undefined || sent.length !== values.length) return false;
    const exact = values.filter((value) => value !== REDACTED);
    const left = [...sent];
    for (const value of exact) {
      const at = left.indexOf(value);
      if (at === -1) return false;
      left.splice(at, 1);
    }
  }
  return true;
}

/** Whether a request body has every recorded field with its recorded value (a redacted value matches any). */
function matches(actual: unknown, recorded: unknown): boolean {
  if (recorded === undefined || recorded === REDACTED) return true;
  if (typeof recorded !== 'object' || recorded === null) return Object.is(actual, recorded);
  if (typeof actual !== 'object' || actual === null || Array.isArray(actual) !== Array.isArray(recorded)) return false;
  const record = actual as Record<string, unknown>;
  if (Array.isArray(recorded)) return (actual as unknown[]).length === recorded.length && recorded.every((item, index) => matches(record[index], item));
  return Object.entries(recorded).every(([field, item]) => Object.hasOwn(record, field) && matches(record[field], item));
}
