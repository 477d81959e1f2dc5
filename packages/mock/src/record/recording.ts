// One recorded exchange with the real service, as a file: what `--record` writes and `--replay`/`propose` read.
import { readdirSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { ApiKeyForms } from '@thumbnail-api/spec/model';
import { HOP_BY_HOP } from '../http/headers.js';
import { isJsonMediaType } from '../http/media-type.js';

/** The format's version, written in every file; a reader refuses another. */
export const RECORDING_VERSION = 1;

/** A body as recorded: parsed JSON, else text, else base64 (absent when empty). */
export interface RecordedBody {
  readonly body?: unknown;
  readonly bodyText?: string;
  readonly bodyBase64?: string;
}

/** One exchange: what the client sent (credentials removed) and what the service answered. */
export interface Recording {
  readonly recording: typeof RECORDING_VERSION;
  /** When the answer came, ISO 8601. */
  readonly recordedAt: string;
  /** The upstream's base URL. */
  readonly upstream: string;
  /** The documented operation it matched, or `null` when the contract does not describe it. */
  readonly operation: string | null;
  readonly request: RecordedBody & {
    readonly method: string;
    readonly path: string;
    readonly query: Readonly<Record<string, readonly string[]>>;
    readonly headers: Readonly<Record<string, string>>;
  };
  readonly response: RecordedBody & { readonly status: number; readonly headers: Readonly<Record<string, string>> };
}

/**
 * Headers never written: credentials (and the headers the contract's API key travels in), and those that describe the
 * connection or the bytes rather than the message.
 */
const NEVER_RECORDED: ReadonlySet<string> = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'host',
  'content-encoding',
  ...HOP_BY_HOP,
]);

/** The headers worth keeping, one string each, sorted by name (so files diff well). */
export function recordedHeaders(headers: IncomingHttpHeaders, apiKeys: ApiKeyForms): Record<string, string> {
  const kept: [string, string][] = [];
  for (const name of Object.keys(headers).sort()) {
    const value = headers[name];
    if (value === undefined || NEVER_RECORDED.has(name) || apiKeys.headerNames.has(name)) continue;
    kept.push([name, Array.isArray(value) ? value.join(', ') : value]);
  }
  // Names are data (`__proto__` too): made an object with fromEntries, never assigned.
  return Object.fromEntries(kept);
}

/** A body's bytes decoded (gzip, deflate, br) and read as JSON where its type says so. */
export function recordedBody(bytes: Buffer | undefined, contentType: string | undefined, contentEncoding: string | undefined): RecordedBody {
  if (bytes === undefined || bytes.length === 0) return {};
  let decoded = bytes;
  try {
    const encoding = contentEncoding?.trim().toLowerCase();
    if (encoding === 'gzip' || encoding === 'x-gzip') decoded = gunzipSync(bytes);
    else if (encoding === 'deflate') decoded = inflateSync(bytes);
    else if (encoding === 'br') decoded = brotliDecompressSync(bytes);
  } catch {
    return { bodyBase64: bytes.toString('base64') };
  }
  const text = decoded.toString('utf8');
  if (contentType !== undefined && isJsonMediaType(contentType)) {
    try {
      return { body: JSON.parse(text) };
    } catch {
      // Not JSON after all: kept as text below.
    }
  }
  if (Buffer.from(text, 'utf8').equals(decoded)) return { bodyText: text };
  return { bodyBase64: decoded.toString('base64') };
}

/** The bytes of a recorded body, as replay sends them. */
export function bodyBytes(body: RecordedBody): Buffer {
  if (body.body !== undefined) return Buffer.from(JSON.stringify(body.body), 'utf8');
  if (body.bodyText !== undefined) return Buffer.from(body.bodyText, 'utf8');
  if (body.bodyBase64 !== undefined) return Buffer.from(body.bodyBase64, 'base64');
  return Buffer.alloc(0);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isStringMap = (value: unknown): boolean => isObject(value) && Object.values(value).every((item) => typeof item === 'string');

/** Checks a file's parsed JSON; returns what is wrong with it, or the recording. */
export function readRecording(value: unknown): Recording | string {
  if (!isObject(value)) return 'it is not a JSON object';
  if (value.recording !== RECORDING_VERSION) return `"recording" must be ${RECORDING_VERSION} (the format's version), got ${JSON.stringify(value.recording)}`;
  const { request, response } = value;
  if (typeof value.recordedAt !== 'string' || Number.isNaN(Date.parse(value.recordedAt))) return '"recordedAt" must be an ISO 8601 time';
  if (typeof value.upstream !== 'string') return '"upstream" must be a string';
  if (value.operation !== null && typeof value.operation !== 'string') return '"operation" must be a string or null';
  if (!isObject(request) || typeof request.method !== 'string' || typeof request.path !== 'string' || !request.path.startsWith('/')) {
    return '"request" must have a "method" and a "path" starting with /';
  }
  if (!isStringMap(request.headers) || !isObject(request.query)) return '"request.headers" must map names to strings and "request.query" names to lists';
  if (!isObject(response) || !Number.isInteger(response.status) || (response.status as number) < 100 || (response.status as number) > 599) {
    return '"response.status" must be an HTTP status';
  }
  if (!isStringMap(response.headers)) return '"response.headers" must map names to strings';
  return value as unknown as Recording;
}

/** The recording files of `dir` (`*.json`, sorted by name, so by time); throws naming the folder (`what`) if unreadable. */
export function recordingFiles(dir: string, what: string): { folder: string; names: string[] } {
  const folder = resolve(dir);
  try {
    const names = readdirSync(folder)
      .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
      .sort();
    return { folder, names };
  } catch (error) {
    throw new Error(`${what} ${folder} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`);
  }
}
