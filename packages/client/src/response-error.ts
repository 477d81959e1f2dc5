// Turns a response that is not usable data into a typed error with a readable message, whatever its body:
// the documented `{ success: false, error }`, empty, an HTML page from a proxy, or JSON of another shape.
import { apiErrorClassFor, errorTextOf, requestIdOf, type ThumbnailApiError } from './errors.js';
import { type Redact, redactHeaders, redactValue } from './secret-redaction.js';

const EXCERPT_LENGTH = 200;

/** What the failed call was and what came back. `body` is openapi-fetch's: parsed JSON, raw text or `undefined`. */
export interface FailedResponse {
  method: string;
  path: string;
  response: Response;
  body: unknown;
  redact: Redact;
}

/** The typed error for a non-2xx response (by status), a redirect, or a 2xx body that is not what was documented. */
export function responseError({ method, path, response, body, redact }: FailedResponse, problem?: string): ThumbnailApiError {
  const status = response.status;
  const headers = redactHeaders(response.headers, redact);
  const safeBody = body === '' ? undefined : redactValue(body, redact);
  const statusText = response.statusText ? ` ${redact(response.statusText)}` : '';
  const head = status === 0 ? `${method} ${path} was redirected` : `${status}${statusText} from ${method} ${path}`;
  const detail = problem ?? explain(status, headers, safeBody, errorTextOf(safeBody));
  const requestId = requestIdOf(headers);
  const ErrorClass = apiErrorClassFor(status);
  return new ErrorClass(`${head}: ${detail}${requestId ? ` (request id ${requestId})` : ''}`, { status, headers, body: safeBody });
}

function explain(status: number, headers: Headers, body: unknown, errorText: string | undefined): string {
  if (status === 0 || (status >= 300 && status < 400)) {
    const location = headers.get('location');
    return (
      `the client does not follow redirects, so the key is never sent to another address${location ? ` (it points to ${location})` : ''}. ` +
      'Set baseUrl to the final address of the API.'
    );
  }
  if (errorText !== undefined) return errorText || 'an empty error text';
  if (body === undefined) return 'the body is empty';
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

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH)}…` : flat;
}
