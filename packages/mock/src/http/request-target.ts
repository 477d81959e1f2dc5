// The path and query of a request target, read once and the same way for routing, the key registry and Prism.

/** A request target's path (what routes) and query (without `?`; `undefined` when there is none). */
export interface RequestTarget {
  readonly pathname: string;
  readonly query: string | undefined;
}

/**
 * The origin form (`/path?query`) of a request target. A target in absolute form (`http://host/path`) keeps only
 * its path and query: the host it names is never contacted.
 */
export function originForm(requestTarget: string | undefined): string {
  const target = requestTarget ?? '/';
  if (target.startsWith('/')) return target;
  try {
    const url = new URL(target);
    return `${url.pathname}${url.search}`;
  } catch {
    return `/${target}`;
  }
}

/**
 * The URL of a request target on `base`'s host. Never `new URL(target, base)`: a target in absolute form, or one
 * starting with `//` or `/\`, would resolve to another host, and the request (key included) would go there.
 * The path keeps one leading slash: `//x/api/thumbnails` is the path `/x/api/thumbnails`, not host `x`.
 */
export function targetOn(base: URL, requestTarget: string | undefined): URL {
  return new URL(`${base.origin}${originForm(requestTarget).replace(/^[/\\]+/, '/')}`);
}

/**
 * Reads a request target as Prism does: dot segments removed, escapes of unreserved characters decoded
 * (`/api/%74humbnails` is `/api/thumbnails`, RFC 3986 section 6.2.2.2). A plain `/path?query` is read without
 * allocating more than the path.
 */
export function readTarget(requestTarget: string | undefined): RequestTarget {
  const url = requestTarget ?? '/';
  // indexOf, not a regular expression: this runs on every request, and three scans of a short target cost less.
  const plain =
    url.charCodeAt(0) === 0x2f &&
    url.charCodeAt(1) !== 0x2f &&
    url.charCodeAt(1) !== 0x5c &&
    url.indexOf('%') === -1 &&
    url.indexOf('/.') === -1 &&
    url.indexOf('\\') === -1;
  if (plain) {
    const at = url.indexOf('?');
    return at === -1 ? { pathname: url, query: undefined } : { pathname: url.slice(0, at), query: url.slice(at + 1) };
  }
  const parsed = targetOn(placeholder, url);
  const pathname = parsed.pathname.replace(/%[0-9A-Fa-f]{2}/g, (escaped) => {
    const code = Number.parseInt(escaped.slice(1), 16);
    return isUnreserved(code) ? String.fromCharCode(code) : escaped;
  });
  const queryAt = url.indexOf('?');
  return { pathname, query: queryAt === -1 ? undefined : url.slice(queryAt + 1) };
}

/** A query's values by name, in the order sent, read as `URLSearchParams` reads it (`+` a space, escapes decoded). */
export function queryValues(query: string | undefined): Map<string, string[]> {
  const values = new Map<string, string[]>();
  for (const [name, value] of new URLSearchParams(query ?? '')) {
    const sent = values.get(name);
    if (sent === undefined) values.set(name, [value]);
    else sent.push(value);
  }
  return values;
}

const placeholder = new URL('http://mock.invalid');

function isUnreserved(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    code === 0x2d ||
    code === 0x2e ||
    code === 0x5f ||
    code === 0x7e
  );
}
