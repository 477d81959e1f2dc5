// Turns a response that is not usable data into a typed error with a readable message, whatever its body:
// the documented `{ success: false, error }`, empty, an HTML page from a proxy, or JSON of another shape.
import { apiErrorClassFor, errorTextOf, mockNoteOf, ResponseTooLargeError, requestIdOf, type ThumbnailApiError } from './errors.js';
import { HEADER_VALUE } from './http-syntax.js';
import { type Redact, redactHeaders, redactValue } from './secret-redaction.js';

// Characters of a body (or of its error text) that an error keeps: a body of hundreds of MB must not end up in a log line.
const KEPT_LENGTH = 4096;
// Characters of a body quoted in a message.
const EXCERPT_LENGTH = 200;

/** What the failed call was and what came back. `body` is openapi-fetch's: parsed JSON, raw text or `undefined`. */
export interface FailedResponse {
  method: string;
  path: string;
  /** The URL sent and the client's base URL, where known: a 404 names the URL, and what in the base URL may be wrong. */
  sent?: { url: string; baseUrl: string } | undefined;
  response: Response;
  body: unknown;
  redact: Redact;
}

/** The typed error for a non-2xx response (by status), a redirect, or a 2xx body that is not what was documented. */
export function responseError(
  { method, path, sent, response, body, redact }: FailedResponse,
  problem?: string,
  ErrorClass = apiErrorClassFor(response.status),
): ThumbnailApiError {
  const status = response.status;
  const headers = redactHeaders(response.headers, redact);
  const safeBody = body === '' ? undefined : redactValue(body, redact);
  const errorText = errorTextOf(safeBody);
  // A reason phrase a Response would refuse (fetch reads bytes that are not UTF-8 into U+FFFD) is left out, as client.raw drops it.
  const statusText = response.statusText && HEADER_VALUE.test(response.statusText) ? ` ${redact(cut(response.statusText, EXCERPT_LENGTH))}` : '';
  // A 404 is most often a wrong address: it names the URL sent, and what in the base URL may be wrong.
  const notFound = status === 404 && sent !== undefined;
  const head = status === 0 ? `${method} ${path} was redirected` : `${status}${statusText} from ${method} ${notFound ? redact(sent.url) : path}`;
  let detail = problem ?? explain(status, headers, safeBody, errorText);
  const hint = notFound && baseUrlHint(sent.baseUrl, path);
  if (hint) detail = `${/[.!?]$/.test(detail) ? detail : `${detail}.`} ${redact(hint)}`;
  const note = mockNoteOf(headers);
  const requestId = requestIdOf(headers);
  const message = `${head}: ${detail}${note ? ` (mock: ${cut(note, KEPT_LENGTH / 4)})` : ''}${requestId ? ` (request id ${cut(requestId, EXCERPT_LENGTH)})` : ''}`;
  return new ErrorClass(message, { status, headers, body: kept(safeBody), error: errorText === undefined ? undefined : cut(errorText, KEPT_LENGTH) });
}

/** The error for an answer whose body passed maxResponseBytes; `excerpt` holds its first bytes. */
export function tooLargeError(failed: Omit<FailedResponse, 'body'>, excerpt: Uint8Array, limit: number): ThumbnailApiError {
  const text = new TextDecoder().decode(excerpt);
  const body = text && `${text}… [the rest, past maxResponseBytes, was not read]`;
  const problem = `the body is longer than maxResponseBytes (${limit} bytes), so the client stopped reading it; raise maxResponseBytes if answers this large are expected`;
  return responseError({ ...failed, body }, problem, ResponseTooLargeError);
}

/** What an error keeps of a body: the body itself when short, else the first KB of its text, saying how much was cut. */
function kept(body: unknown): unknown {
  if (body === undefined || (typeof body !== 'string' && (body === null || typeof body !== 'object'))) return body;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return text.length > KEPT_LENGTH ? cut(text, KEPT_LENGTH) : body;
}

function cut(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}… [${text.length - length} more characters cut]` : text;
}

function explain(status: number, headers: Headers, body: unknown, errorText: string | undefined): string {
  if (status === 0 || (status >= 300 && status < 400)) {
    const location = headers.get('location');
    return (
      `the client does not follow redirects, so the key is never sent to another address${location ? ` (it points to ${location})` : ''}. ` +
      'Set baseUrl to the final address of the API.'
    );
  }
  if (errorText !== undefined) return errorText ? cut(errorText, KEPT_LENGTH / 4) : 'an empty error text';
  if (body === undefined) return 'the body is empty';
  const problem = problemDetailsOf(body);
  if (problem) return cut(problem, KEPT_LENGTH / 4);
  if (typeof body === 'string') {
    const type = headers.get('content-type') ?? 'unknown type';
    if (/html/i.test(type) || /^\s*</.test(body)) {
      const title = /<title[^>]*>([^<]{1,200})<\/title>/i.exec(body)?.[1]?.trim();
      return `the body is an HTML page, not JSON${title ? ` ("${title}")` : ''}; a proxy or gateway may have answered instead of the service`;
    }
    return `the body is not JSON (${type}): ${excerpt(body)}`;
  }
  return `the body is JSON without the documented "error" text: ${excerpt(JSON.stringify(body))}`;
}

// The start of a body, on one line, for a message; a cut one says how long the whole is.
function excerpt(text: string): string {
  const flat = text
    .slice(0, EXCERPT_LENGTH * 2)
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH)}… (${text.length} characters in all)` : flat;
}

/** The `title` and `detail` of an RFC 9457 problem details body (the mock's own errors, many gateways'), else undefined. */
function problemDetailsOf(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const { title, detail } = body as { title?: unknown; detail?: unknown };
  const parts = [title, detail]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .map((part) => part.replace(/\s+/g, ' ').trim());
  return parts.length === 0 ? undefined : parts.map((part, index) => (index < parts.length - 1 && !/[.!?:]$/.test(part) ? `${part}.` : part)).join(' ');
}

/**
 * What a 404 says of a base URL with a path: that it repeats the path's first segment (`/api` twice, the slip the getting
 * started guide warns of), or that it is sent before every path; nothing when the base URL has no path.
 */
function baseUrlHint(baseUrl: string, path: string): string | undefined {
  const { origin, pathname } = new URL(baseUrl);
  if (pathname === '/') return undefined;
  const first = /^\/[^/]+/.exec(path)?.[0];
  if (first && pathname.endsWith(first)) {
    return `baseUrl ${baseUrl} ends in ${first}, and the client's path ${path} starts with it, so ${first} was sent twice: set baseUrl to ${baseUrl.slice(0, -first.length)}.`;
  }
  return `baseUrl ${baseUrl} has a path (${pathname}), sent before every path the client calls: if the service's address has none, set baseUrl to ${origin}.`;
}
