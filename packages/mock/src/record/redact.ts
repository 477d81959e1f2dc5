// What never reaches disk: the credentials a request carried (wherever they appear) and the body fields chosen with
// --redact (wherever their values appear again).
import type { IncomingHttpHeaders } from 'node:http';
import { parsePointer } from '@thumbnail-api/spec/model';

/** What a removed value is replaced with. */
export const REDACTED = '[redacted]';

/** The credentials a request carries: its x-api-key, its Authorization (whole and its token), its cookies. */
export function secretsOf(headers: IncomingHttpHeaders): string[] {
  const secrets: string[] = [];
  const add = (value: string | string[] | undefined) => {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      const trimmed = item.trim();
      if (trimmed !== '') secrets.push(trimmed);
    }
  };
  add(headers['x-api-key']);
  add(headers.authorization);
  add(headers['proxy-authorization']);
  for (const value of [headers.authorization, headers['proxy-authorization']].flat()) {
    const token = value?.trim().split(/\s+/)[1];
    if (token) secrets.push(token);
  }
  for (const cookie of [headers.cookie ?? ''].flat().flatMap((line) => line.split(';'))) {
    const value = cookie.slice(cookie.indexOf('=') + 1).trim();
    if (value !== '') secrets.push(value);
  }
  // Longest first, so that a token inside its own "Bearer <token>" is removed whole.
  return [...new Set(secrets)].sort((a, b) => b.length - a.length);
}

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

/** `value` with every occurrence of every secret replaced (object keys too); strings without one are kept as they are. */
export function scrub<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value;
  const clean = (text: string) => secrets.reduce((result, secret) => result.split(secret).join(REDACTED), text);
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return clean(node);
    if (Array.isArray(node)) return node.map(walk);
    if (typeof node === 'object' && node !== null) return Object.fromEntries(Object.entries(node).map(([name, item]) => [clean(name), walk(item)]));
    return node;
  };
  return walk(value) as T;
}

/** Headers without any whose value holds a secret (a header holding the key is dropped whole, not edited). */
export function withoutSecretHeaders(headers: Record<string, string>, secrets: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([, value]) => !secrets.some((secret) => value.includes(secret))));
}
