// What never reaches disk besides the credentials (http/credentials.ts): the body fields chosen with --redact, wherever
// their values appear again.
import { parsePointer } from '@thumbnail-api/spec/model';
import { REDACTED } from '../http/credentials.js';

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

/** Headers without any whose value holds a secret (a header holding the key is dropped whole, not edited). */
export function withoutSecretHeaders(headers: Record<string, string>, secrets: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([, value]) => !secrets.some((secret) => value.includes(secret))));
}
