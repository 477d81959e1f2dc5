// How a request reads to the mock's documented order of checks (authentication, then Prefer, then the body), written
// from the issues and the mock's README, not from its code: the deliberate differences are judged with these.
import type { HttpRequestPlan } from './mock-request.js';

/** A header as node hands it to a server: repeated lines joined with ", ", value without surrounding spaces or tabs. */
export function headerValue(request: HttpRequestPlan, name: string): string | undefined {
  const values = request.headers.filter(([header]) => header.toLowerCase() === name).map(([, value]) => value.replace(/^[ \t]+|[ \t]+$/g, ''));
  return values.length === 0 ? undefined : values.join(', ');
}

/**
 * Whether the request carries a credential as Prism checks it (CONTRIBUTING.md, "Traps"): one present credential is enough; any
 * non-empty `x-api-key` passes; `Authorization` must be `Bearer <token>`, the scheme written exactly so.
 */
export function hasCredential(request: HttpRequestPlan): boolean {
  const apiKey = headerValue(request, 'x-api-key');
  const authorization = headerValue(request, 'authorization');
  return (apiKey !== undefined && apiKey !== '') || (authorization !== undefined && /^Bearer\s+\S/.test(authorization));
}

/** The path and query of the request target, as a server reads it (dot segments removed). */
export function pathAndQuery(request: HttpRequestPlan): { pathname: string; query: string | undefined } {
  const url = new URL(`http://mock.invalid${request.target}`);
  const at = request.target.indexOf('?');
  return { pathname: url.pathname, query: at === -1 ? undefined : request.target.slice(at + 1) };
}

/** What a request prefers: a status, an example, a generated body, or why a preference it states cannot be read. */
export type Preference = { code?: number; example?: string; dynamic?: boolean } | { malformed: string };

/**
 * The request's `Prefer` choices (RFC 7240, as Prism reads them): comma-separated preferences, parameters after `;`
 * ignored, the first of a name counts; without a Prefer header, Prism's query fallbacks `__code`, `__example`,
 * `__dynamic`. `code` must be a three-digit status and `dynamic` true or false; other preferences are ignored.
 */
export function preferenceOf(request: HttpRequestPlan): Preference {
  const header = headerValue(request, 'prefer');
  const stated = new Map<string, string>();
  if (header) {
    for (const part of header.split(',')) {
      const [first = ''] = part.split(';');
      const at = first.indexOf('=');
      const name = (at === -1 ? first : first.slice(0, at)).trim().toLowerCase();
      const value = at === -1 ? '' : first.slice(at + 1).trim();
      if (!stated.has(name)) stated.set(name, value);
    }
  } else {
    const query = new URLSearchParams(pathAndQuery(request).query ?? '');
    for (const name of ['code', 'example', 'dynamic']) {
      const values = query.getAll(`__${name}`);
      if (values.length > 0) stated.set(name, values.length === 1 ? values[0]! : '');
    }
  }
  const code = stated.get('code');
  const dynamic = stated.get('dynamic');
  const example = stated.get('example');
  if (code !== undefined && !/^\d{3}$/.test(code)) return { malformed: `code=${code}` };
  if (dynamic !== undefined && dynamic !== 'true' && dynamic !== 'false') return { malformed: `dynamic=${dynamic}` };
  if (example === '') return { malformed: 'example=' };
  return { code: code === undefined ? undefined : Number(code), example, dynamic: dynamic === undefined ? undefined : dynamic === 'true' };
}

/** Whether `origin` is an origin as browsers serialise it (`null`, or scheme://host[:port]); others are never reflected. */
export function isSerialisedOrigin(origin: string): boolean {
  return /^(?:null|[a-z][a-z0-9+.-]*:\/\/[^\s/?#,]+)$/i.test(origin);
}

/** Whether the request is a CORS preflight: OPTIONS with an Origin and the method the page wants to send. */
export function isPreflight(request: HttpRequestPlan): boolean {
  return request.method === 'OPTIONS' && headerValue(request, 'origin') !== undefined && headerValue(request, 'access-control-request-method') !== undefined;
}

/**
 * Whether the request's Accept admits `application/json` (RFC 9110, section 12.5.1): the most specific range that
 * matches decides, `q=0` refuses; ranges that cannot be parsed are left out, and with none left it is as if absent.
 */
export function acceptsJson(request: HttpRequestPlan): boolean {
  const accept = headerValue(request, 'accept');
  if (accept === undefined || accept === '') return true;
  let readable = 0;
  let best: { specificity: number; quality: number } | undefined;
  for (const range of accept.split(',').map((part) => part.trim())) {
    const match = /^([\w.+-]+|\*)\/([\w.+-]+|\*)\s*((?:;\s*[\w.+-]+=[^;]*)*)$/.exec(range);
    if (!match) continue;
    readable++;
    const [, type, subtype, parameters = ''] = match;
    const specificity =
      type === '*' && subtype === '*' ? 0 : type === 'application' && subtype === '*' ? 1 : type === 'application' && subtype === 'json' ? 2 : -1;
    if (specificity < 0) continue;
    const q = /;\s*q=([\d.]+)/i.exec(parameters)?.[1];
    const quality = q === undefined ? 1 : Number(q);
    // The most specific range decides; of equally specific ones, the highest quality (as the mock and negotiator read it).
    if (best === undefined || specificity > best.specificity || (specificity === best.specificity && quality > best.quality)) best = { specificity, quality };
  }
  return readable === 0 || (best !== undefined && best.quality > 0);
}
