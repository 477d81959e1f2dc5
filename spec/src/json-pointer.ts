// JSON pointers (RFC 6901) and the `#...` URI fragments that carry them in `$ref`s, read and written by one set of rules.

/** A pointer or fragment that RFC 6901 (or RFC 3986 for the fragment) does not allow. */
export class JsonPointerError extends Error {
  override name = 'JsonPointerError';
}

/** `a/b~c` → `a~1b~0c`: a key as one pointer segment. */
export function escapeSegment(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** `a~1b~0c` → `a/b~c`; a `~` not followed by 0 or 1 is an error (RFC 6901, section 3). */
export function unescapeSegment(segment: string): string {
  if (/~(?![01])/.test(segment)) {
    throw new JsonPointerError(`The pointer segment "${segment}" has a "~" not followed by 0 or 1; write "~" as "~0" and "/" as "~1".`);
  }
  // ~1 first, so that "~01" reads as "~1" and not as "/" (RFC 6901, section 4).
  return segment.replaceAll('~1', '/').replaceAll('~0', '~');
}

/** `/paths/~1api~1items/get` → `['paths', '/api/items', 'get']`; the empty pointer is the whole document. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new JsonPointerError(`"${pointer}" is no JSON pointer: a non-empty pointer starts with "/".`);
  return pointer.slice(1).split('/').map(unescapeSegment);
}

/** `['paths', '/api/items', 'get']` → `/paths/~1api~1items/get`. */
export function formatPointer(keys: readonly (string | number)[]): string {
  return keys.map((key) => `/${escapeSegment(String(key))}`).join('');
}

/**
 * The pointer of a local reference, `#/paths/~1api~1items%7Bid%7D` → `/paths/~1api~1items{id}`: the fragment is
 * percent-decoded first, then read as a pointer (RFC 6901, section 6).
 */
export function refToPointer(ref: string): string {
  if (!ref.startsWith('#')) {
    throw new JsonPointerError(`"${ref}" is not a reference inside this document: a local reference starts with "#".`);
  }
  let pointer: string;
  try {
    pointer = decodeURIComponent(ref.slice(1));
  } catch {
    throw new JsonPointerError(`The reference "${ref}" has a malformed percent-escape; write "%" itself as "%25".`);
  }
  parsePointer(pointer); // reject what is no pointer here, where the reference is still known
  return pointer;
}

/** `/paths/~1api~1items{id}` → `#/paths/~1api~1items%7Bid%7D`: what a fragment does not allow is percent-encoded. */
export function pointerToRef(pointer: string): string {
  parsePointer(pointer);
  // RFC 3986 fragment characters stay as they are; everything else, `%` included, is percent-encoded as UTF-8.
  return `#${pointer.replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@/?]/gu, (character) => encodeURIComponent(character))}`;
}

/**
 * The value at `pointer` in `root`, or `undefined` when there is none. Only own properties count (`/constructor` of
 * an object is not its prototype's), and an array index is `0` or a number without leading zeros (`-` is past the end).
 */
export function valueAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const key of parsePointer(pointer)) {
    if (Array.isArray(node)) {
      if (!/^(0|[1-9][0-9]*)$/.test(key)) return undefined;
      node = node[Number(key)];
    } else if (typeof node === 'object' && node !== null && Object.hasOwn(node, key)) {
      node = (node as Record<string, unknown>)[key];
    } else {
      return undefined;
    }
  }
  return node;
}
