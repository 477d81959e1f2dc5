// `propose`: what a folder of recordings says the contract could add, as an OpenAPI Overlay 1.0 document. Everything
// in it is marked `x-observed` with its evidence; nothing is applied: a maintainer reviews it (CONTRIBUTING.md).
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { ContractModel } from '@thumbnail-api/spec/model';
import { responseForCode } from '../contract/documented-statuses.js';
import { type InferredSchema, inferSchema } from './infer-schema.js';
import { documentedQueryNames, queryParametersOf, requestBodyObject, requestBodyOf } from './observed-request.js';
import { type Recording, readRecording, recordingFiles } from './recording.js';
import { MAX_EXAMPLES, namePositionsOf, type ObservedParameter, type TemplatedPath, templatePaths } from './template-paths.js';

/** How much was seen, when, and from where. */
interface Evidence {
  readonly count: number;
  readonly firstSeen: string;
  readonly lastSeen: string;
  readonly upstreams: readonly string[];
}

/** An OpenAPI Overlay 1.0 document. */
export interface Overlay {
  readonly overlay: '1.0.0';
  readonly info: { readonly title: string; readonly version: string };
  readonly actions: readonly { readonly target: string; readonly description: string; readonly update: unknown }[];
}

/** Headers every answer has, which say nothing about the API. */
const commonHeaders = new Set(['content-type', 'date', 'vary', 'server', 'etag', 'last-modified', 'cache-control', 'expires', 'age', 'via']);

/** Reads every recording of `dir`; throws naming a file that is not one. */
export function readRecordings(dir: string): Recording[] {
  const { folder, names } = recordingFiles(dir, 'The recordings folder');
  return names.map((name) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(`${folder}/${name}`, 'utf8'));
    } catch {
      throw new Error(`${name} in ${folder} is not JSON; propose reads the files --record writes.`);
    }
    const recording = readRecording(parsed);
    if (typeof recording === 'string') throw new Error(`${name} in ${folder} is not a recording: ${recording}.`);
    return recording;
  });
}

/** The overlay of what `recordings` show beyond `contract`, in a stable order (so that proposals diff well). */
export function proposeOverlay(recordings: readonly Recording[], contract: ContractModel, source: string): Overlay {
  // Paths the contract lacks are folded into templates (/api/persons/{personId}) before anything is grouped.
  const undocumented = recordings.map((recording) => recording.request.path).filter((path) => contract.findPath(path) === undefined);
  const templates = templatePaths(undocumented, namePositionsOf(contract.operations.map((operation) => operation.path)));
  const pathOf = (recording: Recording): string =>
    contract.findOperation(recording.request.method, recording.request.path)?.path ??
    contract.findPath(recording.request.path) ??
    templates.get(recording.request.path)!.path;
  const groups = new Map<string, Recording[]>();
  for (const recording of recordings) {
    const method = recording.request.method.toLowerCase();
    const path = pathOf(recording);
    const key = JSON.stringify([path, method, recording.response.status]);
    groups.set(key, [...(groups.get(key) ?? []), recording]);
  }
  const ofOperation = (path: string, method: string) =>
    recordings.filter((recording) => pathOf(recording) === path && recording.request.method.toLowerCase() === method);
  const documented = new Map<string, Record<string, unknown>>();
  const documentedOperations = new Map<string, { path: string; method: string }>();
  const newStatuses = new Map<string, Record<string, unknown>>();
  const newOperations = new Map<string, Record<string, Record<string, unknown>>>();
  for (const [key, seen] of [...groups].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const [path, method, status] = JSON.parse(key) as [string, string, number];
    const operation = contract.findOperation(method, path);
    const observed = { ...evidenceOf(seen), ...responseOf(seen) };
    const at = `$.paths[${quote(path)}].${method}`;
    if (operation !== undefined) documentedOperations.set(at, { path, method });
    if (operation !== undefined && responseForCode(operation.responses, status) !== undefined) {
      const entry = documented.get(at) ?? {};
      entry[String(status)] = observed;
      documented.set(at, entry);
    } else if (operation !== undefined) {
      const entry = newStatuses.get(`${at}.responses`) ?? {};
      entry[String(status)] = responseObject(observed, 'status');
      newStatuses.set(`${at}.responses`, entry);
    } else {
      const entry = newOperations.get(path) ?? {};
      const responses = (entry[method]?.responses ?? {}) as Record<string, unknown>;
      responses[String(status)] = responseObject(observed, 'operation');
      const sent = ofOperation(path, method);
      const parameters = queryParametersOf(sent, new Set());
      const body = requestBodyOf(sent);
      entry[method] = {
        summary: `Observed, not documented by the service: ${method.toUpperCase()} ${path}`,
        'x-observed': evidenceOf(sent),
        ...(parameters.length > 0 ? { parameters } : {}),
        ...(body === undefined ? {} : { requestBody: requestBodyObject(body) }),
        responses,
      };
      newOperations.set(path, entry);
    }
  }
  const actions: Overlay['actions'][number][] = [];
  for (const [target, { path, method }] of documentedOperations) {
    const operation = contract.findOperation(method, path)!;
    const sent = ofOperation(path, method);
    const pathItem = contract.get(operation.pointer.slice(0, operation.pointer.lastIndexOf('/')));
    const parameters = queryParametersOf(
      sent,
      documentedQueryNames(operation.object, pathItem, (value) => contract.resolve(value).value),
    );
    const body = requestBodyOf(sent);
    const statuses = documented.get(target);
    const observed = {
      ...(statuses === undefined ? {} : { responses: statuses }),
      ...(body === undefined
        ? {}
        : { requestBody: { ...evidenceOf(body.seen), seenIn: `${body.count} of ${body.of}`, contentType: body.contentType, schema: body.schema } }),
    };
    if (Object.keys(observed).length === 0 && parameters.length === 0) continue;
    actions.push({
      target,
      description:
        'Observed requests and answers of a documented operation: query parameters sent, request and answer bodies, headers and evidence, not documented facts.',
      update: { ...(parameters.length > 0 ? { parameters } : {}), ...(Object.keys(observed).length > 0 ? { 'x-observed': observed } : {}) },
    });
  }
  for (const [target, statuses] of newStatuses) {
    actions.push({
      target,
      description: `Statuses the service answered that the contract does not document: ${Object.keys(statuses).join(', ')}.`,
      update: statuses,
    });
  }
  if (newOperations.size > 0) {
    const byTemplate = new Map([...templates.values()].map((templated) => [templated.path, templated]));
    const paths = Object.fromEntries(
      [...newOperations].map(([path, operations]) => [path, { 'x-observed': true, ...parametersOf(byTemplate.get(path), recordings, pathOf), ...operations }]),
    );
    const existing = [...newOperations.keys()].filter((path) => contract.findPath(path) === path);
    for (const path of existing) {
      actions.push({
        target: `$.paths[${quote(path)}]`,
        description: `Methods observed on ${path} that the contract does not describe.`,
        update: newOperations.get(path),
      });
      delete paths[path];
    }
    if (Object.keys(paths).length > 0) {
      actions.push({
        target: '$.paths',
        description: `Paths the service answered that the contract does not describe: ${Object.keys(paths).join(', ')}.`,
        update: paths,
      });
    }
  }
  return {
    overlay: '1.0.0',
    info: { title: `Observed in ${recordings.length} recording(s) of ${basename(source)}, not documented by the service`, version: '0.0.0' },
    actions,
  };
}

/** The path parameters of a templated path, each marked x-observed with a few of the literal values it stood for. */
function parametersOf(templated: TemplatedPath | undefined, recordings: readonly Recording[], pathOf: (recording: Recording) => string) {
  if (templated === undefined || templated.parameters.length === 0) return {};
  const count = recordings.filter((recording) => pathOf(recording) === templated.path).length;
  return { parameters: templated.parameters.map((parameter) => parameterObject(parameter, count)) };
}

function parameterObject({ name, values }: ObservedParameter, count: number): Record<string, unknown> {
  const schema = values.every((value) => /^(0|[1-9]\d{0,14})$/.test(value))
    ? { type: 'integer' }
    : values.every((value) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value))
      ? { type: 'string', format: 'uuid' }
      : { type: 'string' };
  return {
    name,
    in: 'path',
    required: true,
    description: `Observed, not documented by the service: ${values.length} distinct value(s) in ${count} recording(s).`,
    schema,
    'x-observed': { count, distinctValues: values.length, examples: values.slice(0, MAX_EXAMPLES) },
  };
}

function evidenceOf(seen: readonly Recording[]): Evidence {
  const times = seen.map((recording) => recording.recordedAt).sort();
  return {
    count: seen.length,
    firstSeen: times[0]!,
    lastSeen: times[times.length - 1]!,
    upstreams: [...new Set(seen.map((recording) => recording.upstream))].sort(),
  };
}

/** The media type, body schema and headers seen in the answers of one status. */
function responseOf(seen: readonly Recording[]): { contentType?: string; schema?: InferredSchema; headers?: Record<string, { seenIn: string }> } {
  const result: { contentType?: string; schema?: InferredSchema; headers?: Record<string, { seenIn: string }> } = {};
  const types = [...new Set(seen.map((recording) => recording.response.headers['content-type']).filter((type) => type !== undefined))];
  if (types.length > 0) result.contentType = types.join(', ');
  const bodies = seen.filter((recording) => recording.response.body !== undefined).map((recording) => recording.response.body);
  if (bodies.length > 0) result.schema = inferSchema(bodies);
  const names = [...new Set(seen.flatMap((recording) => Object.keys(recording.response.headers)))].filter((name) => !commonHeaders.has(name)).sort();
  if (names.length > 0) {
    result.headers = Object.fromEntries(
      names.map((name) => [name, { seenIn: `${seen.filter((recording) => recording.response.headers[name] !== undefined).length} of ${seen.length}` }]),
    );
  }
  return result;
}

/** A Response Object for a status or operation the contract lacks, marked as observed. */
function responseObject(observed: Evidence & ReturnType<typeof responseOf>, what: 'status' | 'operation'): Record<string, unknown> {
  const { schema, headers, contentType, ...evidence } = observed;
  const response: Record<string, unknown> = {
    description: `Observed ${observed.count} time(s), not documented by the service (this ${what} is not in the contract).`,
    'x-observed': evidence,
  };
  if (headers !== undefined) {
    response.headers = Object.fromEntries(Object.entries(headers).map(([name, seenIn]) => [name, { schema: { type: 'string' }, 'x-observed': seenIn }]));
  }
  const mediaType = contentType?.split(';')[0]?.trim();
  if (mediaType !== undefined && mediaType !== '') response.content = { [mediaType]: { schema: schema ?? {} } };
  return response;
}

function quote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}
