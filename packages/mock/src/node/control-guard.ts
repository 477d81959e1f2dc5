// Who may drive /__mock over the network: the developer's own tools (curl, any HTTP client, connectMock()), which send
// no Origin, and pages of the mock's own origin or of an origin the user listed with --cors-origin. A page on any other
// origin is refused, whatever --cors-origin allows on the API; and a write with a body must say it is JSON, which a
// page can only send after a preflight (that this guard refuses too).
import type { IncomingHttpHeaders } from 'node:http';
import { allowOf } from '../control/control-server.js';
import { essenceOf, isJsonMediaType } from '../http/media-type.js';
import { mockError } from '../http/mock-error.js';
import type { PreparedAnswer } from '../http/prepared-answer.js';
import { type CorsPolicy, corsLines, isPreflight, preflightAnswer } from '../pipeline/cors.js';

/**
 * What becomes of a control request: answered by the guard (a refusal, or the preflight of an allowed origin), or
 * passed on to the control routes, whose answer gets these CORS lines (none without an Origin).
 */
export type ControlVerdict = { readonly answer: PreparedAnswer } | { readonly answer: undefined; readonly cors: readonly string[] };

const noCors: ControlVerdict = { answer: undefined, cors: [] };

/** Judges a control request from the network (`framed`: it carries a body). */
export function judgeControlRequest(
  cors: CorsPolicy,
  request: { method: string; headers: IncomingHttpHeaders; path: string; framed: boolean },
): ControlVerdict {
  const { method, headers, path } = request;
  const origin = headers.origin;
  if (origin !== undefined) {
    // Only origins the user named: `corsOrigin`'s default (every origin) is for the API, never for /__mock.
    const own = headers.host === undefined ? undefined : `http://${headers.host.toLowerCase()}`;
    const allowed = origin === own || cors.origins?.has(origin) === true;
    if (!allowed) return { answer: foreignOrigin(origin) };
    const policy: CorsPolicy = { origins: new Set([origin]) };
    if (isPreflight(method, headers)) return { answer: preflightAnswer(policy, headers, allowOf(path)) };
    if (origin !== own) return checkedType(request, { answer: undefined, cors: corsLines(policy, origin) });
  }
  return checkedType(request, noCors);
}

/** A write with a body must be JSON: a page sends `text/plain`, forms and unnamed types cross-site without a preflight. */
function checkedType(request: { method: string; headers: IncomingHttpHeaders; framed: boolean }, verdict: ControlVerdict): ControlVerdict {
  if (!request.framed || request.method === 'GET' || request.method === 'HEAD') return verdict;
  const type = request.headers['content-type'];
  if (type !== undefined && isJsonMediaType(essenceOf(type))) return verdict;
  return {
    answer: mockError(
      'control-needs-json',
      415,
      `a ${request.method.slice(0, 20)} to the control surface with a body must send Content-Type: application/json`,
      `The body came as ${type === undefined ? 'no content type' : JSON.stringify(type.slice(0, 100))}. A web page can send that to your machine without asking, so /__mock refuses it. With curl: --json '{...}' (or -H 'content-type: application/json').`,
    ),
  };
}

function foreignOrigin(origin: string): PreparedAnswer {
  return mockError(
    'origin-not-allowed',
    403,
    `a page on ${JSON.stringify(origin.slice(0, 200))} may not drive the control surface /__mock`,
    'Any web page you visit could otherwise read your journal and change your rules. /__mock answers tools that send no Origin (curl, HTTP clients, connectMock()) and pages of the origins named with --cors-origin (the corsOrigin option).',
  );
}
