// --replay: recordings made with --record, checked against the contract at start, answering documented operations
// in place of the compiled success answer. The contract stays the judge: a recorded answer that breaks it is refused.
// Each recording becomes a stub (as WireMock turns recordings into stubs): the rules' own matcher, given the recorded
// path, query and body, with `[redacted]` values matching any value.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mockHeader } from '@thumbnail-api/spec/profile';
import type { ContractValidator } from '@thumbnail-api/spec/validator';
import type { CompiledContract } from '../contract/compile-contract.js';
import type { CompiledOperation } from '../contract/compile-operation.js';
import { ANY_VALUE, matches, type RequestMatcher } from '../double/matcher.js';
import { REDACTED } from '../http/credentials.js';
import { HOP_BY_HOP, headerProblem } from '../http/headers.js';
import { essenceOf, isJsonMediaType, mediaTypeCovers } from '../http/media-type.js';
import { type PreparedAnswer, prepareAnswer } from '../http/prepared-answer.js';
import { queryValues, type RequestTarget } from '../http/request-target.js';
import { bodyBytes, type Recording, readRecording, recordingFiles } from './recording.js';

/** The header on every recorded answer: the file it came from. */
export const recordedHeader = mockHeader('recorded');

/** A recording as a stub: the request it matches (the same path, query names and values, and body fields) and its answer. */
interface RecordedAnswer {
  readonly file: string;
  readonly matcher: RequestMatcher;
  readonly answer: PreparedAnswer;
}

/** How many recordings a mock serves, and how many it leaves out. */
export interface ReplayCounts {
  /** Recordings of documented operations, served. */
  readonly served: number;
  /** Recordings of paths or methods the contract does not describe: not served (see `propose`). */
  readonly undocumented: number;
  /** Recorded 401 and 403 answers: not served, the key registry answers those. */
  readonly authAnswers: number;
}

/** The recordings a mock answers from. */
export interface ReplayBook extends ReplayCounts {
  /** The folder, absolute. */
  readonly dir: string;
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
    const operation = operationOf(recording, contract);
    if (typeof operation === 'string') {
      problems.push(`${name}: ${operation}`);
      continue;
    }
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
      `${problems.length} recording(s) in ${folder} cannot be replayed; delete or correct them (or propose a contract change with \`npx @thumbnail-api/mock propose ${dir}\`):\n  ${problems.join('\n  ')}`,
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

/**
 * The documented operation a recording is of: by its method and path, a `[redacted]` segment matching any one; `undefined`
 * for a path the contract lacks; what is wrong when it names an operation its method and path are not of.
 */
function operationOf(recording: Recording, contract: CompiledContract): CompiledOperation | undefined | string {
  const method = recording.request.method.toUpperCase();
  const { path } = recording.request;
  const routed = contract.find(path)?.operations.get(method);
  if (routed !== undefined) return routed;
  const named = contract.operations.find((operation) => operation.name === recording.operation);
  if (named === undefined) return undefined;
  const template = named.path.split('/');
  const segments = path.split('/');
  const fits =
    segments.length === template.length &&
    segments.every((segment, index) => segment === REDACTED || segment === template[index] || /^\{.+\}$/.test(template[index]!));
  if (fits && named.method === method) return named;
  return `recorded as ${named.name} (${named.method} ${named.path}), but ${method} ${path.slice(0, 200)} is not that operation; was part of the path redacted when it was recorded? Record it again, or correct "request.path"`;
}

/** The answer a recording gives, or what about it breaks the contract. */
function checkedAnswer(recording: Recording, operation: CompiledOperation, validator: ContractValidator, file: string): PreparedAnswer | string {
  const { status, headers } = recording.response;
  const where = `the recorded ${status} answer of ${operation.name}`;
  const response = operation.source.response(status);
  if (response === undefined) return `${where}: the contract documents no ${status} answer and no default response`;
  const media = response.content[0];
  const bytes = bodyBytes(recording.response);
  const contentType = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  if (media === undefined) {
    if (bytes.length > 0) return `${where} has a body; the contract documents none`;
  } else if (bytes.length > 0) {
    if (contentType === undefined || !mediaTypeCovers(media.mediaType, essenceOf(contentType))) {
      if (contentType === undefined) {
        return `${where} has a body but no content-type in "response.headers" (the contract documents ${media.mediaType}); add it back, e.g. "content-type": "${media.mediaType}"`;
      }
      return `${where} is ${contentType}; the contract documents ${media.mediaType}`;
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
  // Node's own rules, at start: a header it cannot write would fail every request this recording answers.
  for (const [name, value] of Object.entries(headers)) {
    const problem = headerProblem(name, value);
    if (problem !== undefined) return `response.headers: ${problem}`;
  }
  // Written in any case by hand, named in lower case as node reads them; framing headers are the mock's to set.
  const extra = Object.entries(headers).flatMap(([name, value]) => {
    const lower = name.toLowerCase();
    return notReplayed.has(lower) || HOP_BY_HOP.has(lower) ? [] : [lower, value];
  });
  // A file named by hand may hold what a header cannot carry: then its name is sent percent-encoded.
  const shownFile = headerProblem(recordedHeader, file) === undefined ? file : encodeURIComponent(file);
  return prepareAnswer(status, bytes.length > 0 ? contentType : undefined, bytes, [...extra, recordedHeader, shownFile]);
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
  const { path } = recording.request;
  const pathname = path.split('/').includes(REDACTED) ? path.split('/').map((segment) => (segment === REDACTED ? ANY_VALUE : segment)) : path;
  return { pathname, query, body: anyIfRedacted(recording.request.body) };
}

/** A recorded value with every `[redacted]` in it made to match any value. */
function anyIfRedacted(value: unknown): unknown {
  if (value === REDACTED) return ANY_VALUE;
  if (Array.isArray(value)) return value.map(anyIfRedacted);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([field, item]) => [field, anyIfRedacted(item)]));
  return value;
}
