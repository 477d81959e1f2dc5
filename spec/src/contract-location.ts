// What a place in an OpenAPI document belongs to (an operation, a path, a component), read from its keys alone, so
// that places can be named for a reader even in a document that is not at hand (e.g. a diff of two releases).
import { type HttpMethod, isHttpMethod } from './http-methods.js';

/** The owner of a place, and the keys from that owner down to the place (`rest`). */
export type ContractLocation =
  | { readonly kind: 'operation'; readonly path: string; readonly method: HttpMethod; readonly rest: readonly string[] }
  | { readonly kind: 'path'; readonly path: string; readonly rest: readonly string[] }
  | { readonly kind: 'component'; readonly componentKind: string; readonly name: string; readonly rest: readonly string[] }
  | { readonly kind: 'document'; readonly rest: readonly string[] };

/**
 * `['paths', '/api/items', 'get', 'responses', '200']` → the operation `get /api/items`, rest `['responses', '200']`;
 * `['components', 'schemas', 'Item', 'properties']` → the schema `Item`; anything else belongs to the document.
 * Use `parsePointer` or `refToPointer` first for a pointer or a `$ref`.
 */
export function contractLocation(keys: readonly string[]): ContractLocation {
  const [first, second, third, ...rest] = keys;
  if (first === 'paths' && second !== undefined) {
    if (third !== undefined && isHttpMethod(third)) return { kind: 'operation', path: second, method: third, rest };
    return { kind: 'path', path: second, rest: keys.slice(2) };
  }
  if (first === 'components' && second !== undefined && third !== undefined) {
    return { kind: 'component', componentKind: second, name: third, rest };
  }
  return { kind: 'document', rest: [...keys] };
}
