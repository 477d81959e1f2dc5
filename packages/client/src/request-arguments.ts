// Turns a call's body and query into what goes over the wire, or refuses them before anything is sent with a
// RequestArgumentError that names the argument at fault and the fix.
import { RequestArgumentError } from './errors.js';
import type { Redact } from './secret-redaction.js';

const PLAIN_DATA = 'Send plain data: objects, arrays, strings, finite numbers, booleans and null.';

/** The JSON text of a body; `call` and `argument` name it in the error, e.g. `request()` and `options.body`. */
export function jsonBody(body: unknown, call: string, argument: string, redact: Redact): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(body);
  } catch (failure) {
    const [where, problem] = unserialisable(body, argument) ?? [argument, redact(String((failure as Error)?.message ?? failure))];
    throw new RequestArgumentError(`${call} ${argument} cannot be sent as JSON: ${where} ${problem}. ${PLAIN_DATA}`, where, { cause: failure });
  }
  if (text === undefined) throw new RequestArgumentError(`${call} ${argument} cannot be sent as JSON: it is a ${typeof body}. ${PLAIN_DATA}`, argument);
  return text;
}

/** Where and why JSON.stringify fails on `value`: a BigInt, a circular reference, or nesting too deep to walk. */
function unserialisable(value: unknown, path: string, parents: object[] = []): [string, string] | undefined {
  if (typeof value === 'bigint') return [path, 'is a BigInt, which JSON has no form for: convert it with String() or Number()'];
  // An object with toJSON() says itself what it becomes; its own error is the one to show.
  if (value === null || typeof value !== 'object' || typeof (value as { toJSON?: unknown }).toJSON === 'function') return undefined;
  if (parents.includes(value)) return [path, 'refers back to an object that contains it (a circular reference): send a copy without the cycle'];
  if (parents.length >= 1_000) return [path, 'is nested more than 1000 levels deep'];
  parents.push(value);
  for (const [key, item] of Object.entries(value)) {
    const found = unserialisable(item, Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`, parents);
    if (found) return found;
  }
  parents.pop();
  return undefined;
}

const QUERY_VALUES = 'a query value can be a string, number or boolean, an array of those (sent as tags=a&tags=b), or an object of those (sent as filter[a]=1)';

/**
 * Refuses a query that openapi-fetch's serializer would throw on or garble (a nested object, a Date, a function);
 * `ownSerializer` when the call takes a `querySerializer` option, which is then suggested too.
 */
export function checkQuery(query: unknown, call: string, argument: string, ownSerializer: boolean): void {
  if (query === undefined) return;
  const fix = `Flatten it, or encode it into a string yourself (e.g. with JSON.stringify)${ownSerializer ? ', or pass your own querySerializer' : ''}.`;
  const refuse = (path: string, what: string): never => {
    throw new RequestArgumentError(`${call} ${path} is ${what}: ${QUERY_VALUES}. ${fix}`, path);
  };
  if (query === null || typeof query !== 'object' || Array.isArray(query)) {
    throw new RequestArgumentError(`${call} ${argument} must be an object of parameter names to values, got ${kind(query)}.`, argument);
  }
  for (const [name, value] of Object.entries(query)) {
    const path = `${argument}.${name}`;
    if (value === undefined || value === null || isScalar(value)) continue;
    if (typeof value !== 'object' || !(Array.isArray(value) || isPlainObject(value))) refuse(path, kind(value));
    // One level only: an array of scalars is exploded (tags=a&tags=b), an object of scalars becomes filter[a]=1.
    for (const [key, item] of Object.entries(value)) {
      if (item != null && !isScalar(item)) refuse(Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`, kind(item));
    }
  }
}

function isScalar(value: unknown): boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint';
}

function isPlainObject(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

// What a value is, without showing it (it may be a secret).
function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object')
    return isPlainObject(value)
      ? 'an object'
      : `a ${value.constructor?.name || 'non-plain object'}${value instanceof Date ? ' (pass date.toISOString())' : ''}`;
  return `a ${typeof value}`;
}
