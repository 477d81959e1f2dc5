// What the recorded requests of one operation sent: query parameter names (their values never leave the recordings;
// a type is inferred from them) and a JSON Schema of the JSON bodies, each with how often it was seen.

import { REDACTED } from '../http/credentials.js';
import { essenceOf, isJsonMediaType } from '../http/media-type.js';
import { type InferredSchema, inferSchema } from './infer-schema.js';
import type { Recording } from './recording.js';

/** The JSON bodies the requests of one operation carried: how many, of how many requests, in which media type. */
export interface ObservedRequestBody {
  readonly count: number;
  readonly of: number;
  readonly contentType: string;
  readonly schema: InferredSchema;
  /** The recordings whose request had one. */
  readonly seen: readonly Recording[];
}

/** A Parameter Object (`in: query`) for each query name sent that `documented` lacks, marked x-observed with "seen in N of M". */
export function queryParametersOf(seen: readonly Recording[], documented: ReadonlySet<string>): Record<string, unknown>[] {
  const names = [...new Set(seen.flatMap((recording) => Object.keys(recording.request.query)))].filter((name) => !documented.has(name)).sort();
  return names.map((name) => {
    const sent = seen.filter((recording) => Object.hasOwn(recording.request.query, name));
    const lists = sent.map((recording) => valuesOf(recording.request.query[name]));
    const scalar = scalarSchema(lists.flat().filter((value) => value !== REDACTED));
    const seenIn = `${sent.length} of ${seen.length}`;
    const repeated = lists.some((values) => values.length > 1);
    return {
      name,
      in: 'query',
      required: false,
      description: `Observed, not documented by the service: sent in ${seenIn} request(s).`,
      schema: repeated ? { type: 'array', items: scalar } : scalar,
      ...(repeated ? { style: 'form', explode: true } : {}),
      'x-observed': { seenIn },
    };
  });
}

/** The schema of the JSON request bodies among `seen`, or `undefined` when none had one. */
export function requestBodyOf(seen: readonly Recording[]): ObservedRequestBody | undefined {
  const withBody = seen.filter((recording) => recording.request.body !== undefined && isJsonMediaType(recording.request.headers['content-type'] ?? ''));
  if (withBody.length === 0) return undefined;
  const types = [...new Set(withBody.map((recording) => essenceOf(recording.request.headers['content-type']!)))].sort();
  const schema = inferSchema(withBody.map((recording) => recording.request.body));
  return { count: withBody.length, of: seen.length, contentType: types[0]!, schema, seen: withBody };
}

/** A Request Body Object for an operation the contract lacks, marked x-observed. */
export function requestBodyObject(body: ObservedRequestBody): Record<string, unknown> {
  return {
    description: `Observed, not documented by the service: a JSON body in ${body.count} of ${body.of} request(s).`,
    required: body.count === body.of,
    content: { [body.contentType]: { schema: body.schema } },
    'x-observed': { seenIn: `${body.count} of ${body.of}` },
  };
}

/** The query parameter names an operation documents, with those of its path item. */
export function documentedQueryNames(operationObject: Record<string, unknown>, pathItem: unknown, resolve: (value: unknown) => unknown): Set<string> {
  const lists = [operationObject.parameters, (pathItem as Record<string, unknown> | undefined)?.parameters];
  const names = new Set<string>();
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      const parameter = resolve(item) as { in?: unknown; name?: unknown } | undefined;
      if (parameter?.in === 'query' && typeof parameter.name === 'string') names.add(parameter.name);
    }
  }
  return names;
}

function valuesOf(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : [String(value)];
}

/** integer, number, boolean or string: the narrowest type every value (as sent, a string) reads as. */
function scalarSchema(values: readonly string[]): InferredSchema {
  if (values.length > 0 && values.every((value) => /^-?(0|[1-9]\d{0,14})$/.test(value))) return { type: 'integer' };
  if (values.length > 0 && values.every((value) => value.trim() !== '' && Number.isFinite(Number(value)))) return { type: 'number' };
  if (values.length > 0 && values.every((value) => value === 'true' || value === 'false')) return { type: 'boolean' };
  return { type: 'string' };
}
