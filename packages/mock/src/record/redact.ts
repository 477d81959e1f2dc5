// What never reaches disk besides the credentials (http/credentials.ts): the body fields chosen with --redact, and
// their values and the credentials wherever else they appear, in a way that keeps the recording servable: headers are
// removed by name and only edited elsewhere, a path segment or query value holding a secret becomes `[redacted]` whole
// (which replay matches with any value), and the recording's own fields (method, status, content type, header names)
// are never edited.
import { parsePointer } from '@thumbnail-api/spec/model';
import { MIN_REPLACED_LENGTH, REDACTED, scrub } from '../http/credentials.js';

/** Checks `--redact` pointers (RFC 6901; a `*` segment means every item); throws naming the bad one. */
export function checkRedactPointers(pointers: readonly string[]): string[][] {
  return pointers.map((pointer) => {
    if (typeof pointer !== 'string' || !pointer.startsWith('/')) {
      throw new Error(`--redact takes a JSON pointer into a body, such as /prompt or /items/*/prompt; got ${JSON.stringify(pointer)}.`);
    }
    return parsePointer(pointer);
  });
}

/** Replaces the values at `pointers` in `body` (in place) with {@link REDACTED}; returns the string values removed. */
export function blankFields(body: unknown, pointers: readonly string[][]): string[] {
  const removed: string[] = [];
  const collect = (value: unknown) => {
    if (typeof value === 'string' && value !== '' && value !== REDACTED) removed.push(value);
    else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) collect(item);
  };
  const visit = (node: unknown, segments: readonly string[]) => {
    if (typeof node !== 'object' || node === null) return;
    const [head, ...rest] = segments as [string, ...string[]];
    const record = node as Record<string, unknown>;
    const names = head === '*' ? Object.keys(record) : Object.hasOwn(record, head) ? [head] : [];
    for (const name of names) {
      if (rest.length > 0) {
        visit(record[name], rest);
      } else {
        collect(record[name]);
        record[name] = REDACTED;
      }
    }
  };
  for (const segments of pointers) if (segments.length > 0) visit(body, segments);
  return removed;
}

/** The secrets worth replacing wherever else they appear: long enough to be a secret rather than a common word; longest first. */
export function replaceable(secrets: readonly string[]): string[] {
  return [...new Set(secrets.filter((secret) => secret.length >= MIN_REPLACED_LENGTH))].sort((a, b) => b.length - a.length);
}

/** A path with every segment that holds a secret (as sent, or decoded) made `[redacted]` whole: replay matches it with any segment. */
export function redactedPath(path: string, secrets: readonly string[]): string {
  if (secrets.length === 0) return path;
  return path
    .split('/')
    .map((segment) => (holdsSecret(segment, secrets) || holdsSecret(decoded(segment), secrets) ? REDACTED : segment))
    .join('/');
}

/** Query values that hold a secret made `[redacted]` whole (replay matches them with any value); names edited in place. */
export function redactedQuery(query: ReadonlyMap<string, readonly string[]>, secrets: readonly string[]): Record<string, string[]> {
  const entries = [...query].map(([name, values]) => [scrub(name, secrets), values.map((value) => (holdsSecret(value, secrets) ? REDACTED : value))]);
  return Object.fromEntries(entries);
}

/**
 * Header values with every secret replaced; names never edited. `credentials` are replaced in every header, the other
 * secrets (redacted body values) not in Content-Type, which a recording needs to be served.
 */
export function redactedHeaders(headers: Readonly<Record<string, string>>, secrets: readonly string[], credentials: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, scrub(value, name === 'content-type' ? credentials : secrets)]));
}

function holdsSecret(text: string, secrets: readonly string[]): boolean {
  return secrets.some((secret) => text.includes(secret));
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
