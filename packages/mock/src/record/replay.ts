// --replay: recordings made with --record, checked against the contract at start, answering documented operations
// in place of the compiled success answer. The contract stays the judge: a recorded answer that breaks it is refused.
// Each recording becomes a stub (as WireMock turns recordings into stubs): the rules' own matcher, given the recorded
// path, query and body, with `[redacted]` values matching any value.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContractValidator } from '@thumbnail-api/spec/validator';
import type { CompiledContract } from '../contract/compile-contract.js';
import type { CompiledOperation } from '../contract/compile-operation.js';
import { ANY_VALUE, matches, type RequestMatcher } from '../double/matcher.js';
import { REDACTED } from '../http/credentials.js';
import { essenceOf, isJsonMediaType, mediaTypeCovers } from '../http/media-type.js';
import { type PreparedAnswer, prepareAnswer } from '../http/prepared-answer.js';
import { queryValues, type RequestTarget } from '../http/request-target.js';
import { bodyBytes, type Recording, readRecording, recordingFiles } from './recording.js';

/** The header on every recorded answer: the file it came from. */
export const recordedHeader = 'x-thumbnail-api-mock-recorded';

/** A recording as a stub: the request it matches (the same path, query names and values, and body fields) and its answer. */
interface RecordedAnswer {
  readonly file: string;
  readonly matcher: RequestMatcher;
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
    list.unshift({ file: name, matcher: matcherOf(recording), answer });
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
      const stubs = byOperation.get(operation);
      if (stubs === undefined) return undefined;
      let query: Map<string, string[]> | undefined;
      const request = { key: undefined, pathname: target.pathname, query: () => (query ??= queryValues(target.query)), body };
      return stubs.find((recorded) => matches(recorded.matcher, request))?.answer;
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

/** The request a recording matches: its path, exactly its query (names and values), and the fields of its JSON body. */
function matcherOf(recording: Recording): RequestMatcher {
  const query = new Map(
    Object.entries(recording.request.query).map(([name, values]) => [
      name,
      (Array.isArray(values) ? values : [values]).map((value) => (String(value) === REDACTED ? ANY_VALUE : String(value))),
    ]),
  );
  return { pathname: recording.request.path, query, body: anyIfRedacted(recording.request.body) };
}

/** A recorded value with every `[redacted]` in it made to match any value. */
function anyIfRedacted(value: unknown): unknown {
  if (value === REDACTED) return ANY_VALUE;
  if (Array.isArray(value)) return value.map(anyIfRedacted);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([field, item]) => [field, anyIfRedacted(item)]));
  return value;
}
