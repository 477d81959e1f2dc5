// The one request matcher, for the rules a test adds and for the recordings replay serves (as WireMock turns
// recordings into stubs): every part is optional, and a request matches when it has every part given.

/** A value that matches any value: what a recording's `[redacted]` fields and query values become. */
export const ANY_VALUE: unique symbol = Symbol('any value');

/** What a request must have to match. */
export interface RequestMatcher {
  /** The API key, in full. */
  readonly key?: string | undefined;
  /** The path as sent, without the query. */
  readonly pathname?: string | undefined;
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

/** Whether `request` has every part `matcher` gives. */
export function matches(matcher: RequestMatcher, request: MatchableRequest): boolean {
  if (matcher.key !== undefined && matcher.key !== request.key) return false;
  if (matcher.pathname !== undefined && matcher.pathname !== request.pathname) return false;
  if (matcher.query !== undefined && !sameQuery(request.query(), matcher.query)) return false;
  return matcher.body === undefined || contains(request.body, matcher.body);
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

/** Whether `value` has everything `expected` has: objects field by field (others may be there too), arrays item by item. */
function contains(value: unknown, expected: unknown): boolean {
  if (expected === ANY_VALUE) return true;
  if (typeof expected !== 'object' || expected === null) return Object.is(value, expected);
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(expected)) {
    return Array.isArray(value) && value.length === expected.length && expected.every((item, index) => contains(value[index], item));
  }
  if (Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  return Object.entries(expected).every(([field, item]) => Object.hasOwn(record, field) && contains(record[field], item));
}
