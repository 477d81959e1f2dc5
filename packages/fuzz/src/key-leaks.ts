// Every way a user could see what the client produced, searched for the API key.
import { inspect } from 'node:util';
import { containsAny } from './json-walk.js';

/** The forms a key takes in text: as is, URL-encoded, JSON-escaped, and lower-cased (as header names are). */
export function keyForms(key: string): string[] {
  return [...new Set([key, encodeURIComponent(key), JSON.stringify(key).slice(1, -1), key.toLowerCase()])];
}

/** The views of a thrown value and of the debug log that show the key, by name (empty when none does). */
export function keyLeaks(thrown: unknown, log: readonly string[], key: string): string[] {
  const forms = keyForms(key);
  const leaks: string[] = [];
  const check = (view: string, text: () => string) => {
    let shown: string;
    try {
      shown = text();
    } catch (error) {
      // A view that throws is a failure too: a logger calling it would crash.
      leaks.push(`${view} throws ${(error as Error).name}: ${(error as Error).message}`);
      return;
    }
    if (forms.some((form) => shown.includes(form))) leaks.push(view);
  };
  check('the debug log', () => log.join('\n'));
  if (thrown === undefined) return leaks;
  check('String(error)', () => String(thrown));
  check('JSON.stringify(error)', () => JSON.stringify(thrown) ?? '');
  check('util.inspect(error)', () =>
    inspect(thrown, { depth: Number.POSITIVE_INFINITY, showHidden: true, maxArrayLength: Number.POSITIVE_INFINITY, maxStringLength: Number.POSITIVE_INFINITY }),
  );
  let cause: unknown = thrown;
  for (let depth = 0; cause instanceof Error && depth < 10; depth++, cause = cause.cause) {
    const error = cause;
    const where = depth === 0 ? 'error' : `error${'.cause'.repeat(depth)}`;
    check(`${where}.message`, () => error.message);
    check(`${where}.stack`, () => error.stack ?? '');
    const fields = error as unknown as { headers?: unknown; body?: unknown };
    if (fields.headers instanceof Headers) {
      const headers = fields.headers;
      check(`${where}.headers`, () => {
        const lines: string[] = [];
        headers.forEach((value, name) => lines.push(`${name}: ${value}`));
        return lines.join('\n');
      });
    }
    if (containsAny(fields.body, forms)) leaks.push(`${where}.body`);
  }
  return leaks;
}
