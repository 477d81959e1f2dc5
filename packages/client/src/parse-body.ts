// How an answer's body becomes what a call gives: a 2xx body parsed as JSON (for a documented operation, the JSON object
// it documents), and an error answer's body read as openapi-fetch reads one. The APIPromise decides when to parse.
import type { ThumbnailApiError } from './errors.js';
import { responseError } from './response-error.js';
import type { Redact } from './secret-redaction.js';

type Bytes = Uint8Array<ArrayBuffer>;

/** The call an answer belongs to, as its errors name it. */
export interface CallSite {
  method: string;
  /** The path as called; redacted only when an error is built (the success path needs no redaction). */
  path: string;
  /** The URL sent (base URL, path and query) and the client's base URL, for a 404's message. */
  url: string;
  baseUrl: string;
  redact: Redact;
}

const utf8 = new TextDecoder();

/** An answer's body as openapi-fetch reads an error's: parsed JSON, else the text, else `undefined` when empty. */
export function parseErrorBody(bytes: Bytes | null): unknown {
  const text = bytes ? utf8.decode(bytes) : '';
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The typed error of an answer that is not usable data: `body` as `parseErrorBody` reads it, `problem` what was wrong. */
export function answerError(call: CallSite, response: Response, body: unknown, problem?: string): ThumbnailApiError {
  const sent = { url: call.url, baseUrl: call.baseUrl };
  return responseError({ method: call.method, path: call.redact(call.path), sent, response, body, redact: call.redact }, problem);
}

/**
 * A 2xx body as the call gives it: the parsed JSON, or `undefined` when empty. With `expectObject` (the documented
 * operations), an empty body or JSON that is not an object throws the ThumbnailApiError saying so; so does a body that
 * is not JSON, always.
 */
export function parseSuccessBody(call: CallSite, expectObject: boolean, bytes: Bytes | null, response: Response): unknown {
  const text = bytes ? utf8.decode(bytes) : '';
  if (!text) {
    if (expectObject) throw answerError(call, response, undefined, 'the body is empty, not the JSON object the API documents');
    return undefined;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw answerError(call, response, text);
  }
  if (expectObject && (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))) {
    throw answerError(call, response, parsed, 'the body is JSON but not the object the API documents');
  }
  return parsed;
}
