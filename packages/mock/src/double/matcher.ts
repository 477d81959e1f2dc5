// The one request matcher, for the rules a test adds and for the recordings replay serves (as WireMock turns
// recordings into stubs): every part is optional, and a request matches when it has every part given. The same walk
// lists where a request differs from a matcher, for near misses (double/near-miss.ts).

/** A value that matches any value: what a recording's `[redacted]` fields and query values become. */
export const ANY_VALUE: unique symbol = Symbol('any value');
/** What a request lacks where a matcher expects something: a body field it does not have, a key it did not send. */
export const ABSENT: unique symbol = Symbol('absent');

/** What a request must have to match. */
export interface RequestMatcher {
  /** The API key, in full. */
  readonly key?: string | undefined;
  /** The path as sent, without the query; or its segments, {@link ANY_VALUE} matching any one segment. */
  readonly pathname?: string | readonly (string | typeof ANY_VALUE)[] | undefined;
  /** Exactly these query names, each with these values in any order ({@link ANY_VALUE} matches any one value). */
  readonly query?: ReadonlyMap<string, readonly (string | typeof ANY_VALUE)[]> | undefined;
  /** Fields the JSON body must have, with these values (objects: recursively; arrays: element by element). */
  readonly body?: unknown;
}

/** What a request offers a matcher; the query is read only when a matcher asks for it. */
export interface MatchableRequest {
  readonly key: string | undefined;
  readonly pathname: string;
  /** Each query name's values, in the order sent. */
  query(): ReadonlyMap<string, readonly string[]>;
  /** The JSON body's value; `undefined` when it was not read or is not JSON. */
  readonly body: unknown;
}

/** Where a request differs from a matcher: the part (`key`, `path`, `query`, `body`, `body.prompt`, `body.items[0]`), and both values. */
export interface Difference {
  readonly field: string;
  readonly expected: unknown;
  /** What the request has there; {@link ABSENT} when it has nothing. */
  readonly got: unknown;
}

/** Called with each difference found; `undefined`: stop at the first (the hot path allocates nothing). */
type Report = ((difference: Difference) => void) | undefined;

/** Whether `request` has every part `matcher` gives. */
export function matches(matcher: RequestMatcher, request: MatchableRequest): boolean {
  return compare(matcher, request, undefined);
}

/** Every part of `matcher` that `request` does not have, in the matcher's order (key, path, query, body); empty when it matches. */
export function differences(matcher: RequestMatcher, request: MatchableRequest): Difference[] {
  const found: Difference[] = [];
  compare(matcher, request, (difference) => found.push(difference));
  return found;
}

function compare(matcher: RequestMatcher, request: MatchableRequest, report: Report): boolean {
  let same = true;
  if (matcher.key !== undefined && matcher.key !== request.key) {
    if (report === undefined) return false;
    report({ field: 'key', expected: matcher.key, got: request.key ?? ABSENT });
    same = false;
  }
  if (matcher.pathname !== undefined && !samePath(request.pathname, matcher.pathname)) {
    if (report === undefined) return false;
    report({ field: 'path', expected: matcher.pathname, got: request.pathname });
    same = false;
  }
  if (matcher.query !== undefined && !sameQuery(request.query(), matcher.query)) {
    if (report === undefined) return false;
    report({ field: 'query', expected: matcher.query, got: request.query() });
    same = false;
  }
  if (matcher.body !== undefined && !contains(request.body, matcher.body, 'body', report)) same = false;
  return same;
}

/** The same path, or the same segments where they are given. */
function samePath(sent: string, expected: string | readonly (string | typeof ANY_VALUE)[]): boolean {
  if (typeof expected === 'string') return sent === expected;
  const segments = sent.split('/');
  return segments.length === expected.length && expected.every((segment, index) => segment === ANY_VALUE || segment === segments[index]);
}

/** Same names, and for each the same values in any order. */
function sameQuery(sent: ReadonlyMap<string, readonly string[]>, expected: ReadonlyMap<string, readonly (string | typeof ANY_VALUE)[]>): boolean {
  if (sent.size !== expected.size) return false;
  for (const [name, values] of expected) {
    const actual = sent.get(name);
    if (actual === undefined || actual.length !== values.length) return false;
    const left = [...actual];
    for (const value of values) {
      if (value === ANY_VALUE) continue;
      const at = left.indexOf(value);
      if (at === -1) return false;
      left.splice(at, 1);
    }
  }
  return true;
}

/**
 * Whether `value` has everything `expected` has: objects field by field (others may be there too), arrays item by item.
 * With `report`, every difference below `path` is reported; without, the first ends the walk.
 */
function contains(value: unknown, expected: unknown, path: string, report: Report): boolean {
  if (expected === ANY_VALUE) return true;
  const differ = (got: unknown): false => {
    report?.({ field: path, expected, got });
    return false;
  };
  if (typeof expected !== 'object' || expected === null) return Object.is(value, expected) || differ(value === undefined ? ABSENT : value);
  if (typeof value !== 'object' || value === null) return differ(value === undefined ? ABSENT : value);
  if (Array.isArray(expected)) {
    if (!Array.isArray(value) || value.length !== expected.length) return differ(value);
    let same = true;
    for (let index = 0; index < expected.length; index++) {
      if (contains(value[index], expected[index], `${path}[${index}]`, report)) continue;
      if (report === undefined) return false;
      same = false;
    }
    return same;
  }
  if (Array.isArray(value)) return differ(value);
  const record = value as Record<string, unknown>;
  let same = true;
  for (const [field, item] of Object.entries(expected)) {
    const at = `${path}.${field}`;
    if (!Object.hasOwn(record, field)) report?.({ field: at, expected: item, got: ABSENT });
    else if (contains(record[field], item, at, report)) continue;
    if (report === undefined) return false;
    same = false;
  }
  return same;
}
