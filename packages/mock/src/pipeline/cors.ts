// CORS for browser tests: the request's origin is reflected (never `*` next to credentials), with `Vary: Origin`,
// for every origin or only the ones allowed with --cors-origin / `corsOrigin`.

import type { IncomingHttpHeaders } from 'node:http';
import { mockHeader } from '@thumbnail-api/spec/profile';
import { mockError } from '../http/mock-error.js';
import { type PreparedAnswer, prepareAnswer } from '../http/prepared-answer.js';

/** Which origins may read the mock's answers in a browser. */
export interface CorsPolicy {
  /** `undefined`: every origin. */
  readonly origins: ReadonlySet<string> | undefined;
}

/** Headers a page may read besides the CORS-safelisted ones: the mock's own and the ones it documents. */
const exposed = ['allow', 'deprecation', 'retry-after', ...['error', 'note', 'rule', 'simulated'].map(mockHeader)].join(', ');
/** How long a browser may keep a preflight answer, in seconds. */
const preflightMaxAge = '600';
// A serialised origin as browsers send it; anything else is never reflected into a header.
const originPattern = /^(?:null|[a-z][a-z0-9+.-]*:\/\/[^\s/?#,]+)$/i;
const tokenList = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+(?:[ \t]*,[ \t]*[!#$%&'*+.^_`|~0-9A-Za-z-]+)*$/;

const none: readonly string[] = [];

/** Checks `--cors-origin` values: `*` (every origin, the default) or origins such as `http://localhost:5173`. */
export function corsPolicy(allowed: string | readonly string[] | undefined): CorsPolicy {
  const values = (typeof allowed === 'string' ? [allowed] : (allowed ?? [])).flatMap((value) => value.split(',')).map((value) => value.trim());
  if (values.length === 0 || values.includes('*')) return { origins: undefined };
  const origins = new Set<string>();
  for (const value of values) {
    const url = URL.canParse(value) ? new URL(value) : undefined;
    const plain = url !== undefined && /^https?:$/.test(url.protocol) && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    if (!plain || /[/?#]./.test(value.replace(/^[a-z]+:\/\//i, ''))) {
      throw new Error(
        `The CORS origin ${JSON.stringify(value)} is not an origin. Give scheme, host and port only, e.g. http://localhost:5173, or * for every origin.`,
      );
    }
    // As browsers send it: lower-case host, no default port, no trailing slash.
    origins.add(url.origin);
  }
  return { origins };
}

function allows(policy: CorsPolicy, origin: string): boolean {
  return originPattern.test(origin) && (policy.origins === undefined || policy.origins.has(origin));
}

/** The CORS header lines of an answer to `origin`: none without one, or for one not allowed (`Vary: Origin` is in every answer). */
export function corsLines(policy: CorsPolicy, origin: string | undefined): readonly string[] {
  if (origin === undefined || !allows(policy, origin)) return none;
  return ['access-control-allow-origin', origin, 'access-control-allow-credentials', 'true', 'access-control-expose-headers', exposed];
}

/** Whether a request is a CORS preflight: OPTIONS with an Origin and the method the page wants to use. */
export function isPreflight(method: string | undefined, headers: IncomingHttpHeaders): boolean {
  return method === 'OPTIONS' && headers.origin !== undefined && headers['access-control-request-method'] !== undefined;
}

/** The answer to a preflight: 204 allowing `methods` (the path's, or the one asked for on a path the contract lacks). */
export function preflightAnswer(policy: CorsPolicy, headers: IncomingHttpHeaders, methods: string | undefined): PreparedAnswer {
  const origin = headers.origin!;
  const vary = ['vary', 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers'];
  if (!allows(policy, origin)) {
    const allowed = policy.origins === undefined ? [] : [...policy.origins];
    return mockError(
      'origin-not-allowed',
      403,
      `the origin ${JSON.stringify(origin.slice(0, 200))} may not call this mock from a browser`,
      'The mock was started with --cors-origin (or the corsOrigin option) and this origin is not one of them. Add it, or leave the option out to allow every origin.',
      { allowedOrigins: allowed },
      vary,
    );
  }
  const requested = headers['access-control-request-method']!;
  const allowMethods = methods ?? (tokenList.test(requested) ? requested : 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
  const lines = [...vary, 'access-control-allow-origin', origin, 'access-control-allow-credentials', 'true', 'access-control-allow-methods', allowMethods];
  const requestHeaders = headers['access-control-request-headers'];
  if (requestHeaders !== undefined && tokenList.test(requestHeaders.trim())) lines.push('access-control-allow-headers', requestHeaders.trim());
  lines.push('access-control-max-age', preflightMaxAge);
  return prepareAnswer(204, undefined, Buffer.alloc(0), lines);
}
