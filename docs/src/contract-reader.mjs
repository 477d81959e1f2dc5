// The few ways the Markdown reference reads the bundled contract: local `$ref`s, the operations in
// document order, and the not-documented marks of an object. Kept in one place so the typed contract
// model of @thumbnail-api/spec can replace it.
import { ASSUMPTIONS_KEY, NOT_SHOWN_KEY } from './undocumented.mjs';

/** The operation keys of a path item, in the order OpenAPI lists them. */
export const HTTP_METHODS = /** @type {const} */ (['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/**
 * @typedef {{ [key: string]: unknown }} JsonObject
 * @typedef {{ method: string, path: string, operation: JsonObject }} OperationEntry
 */

/**
 * @param {unknown} value
 * @returns {value is JsonObject}
 */
export function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Follows local `$ref`s (`#/components/...`, RFC 6901 pointers) until an object that is not a reference.
 * @param {JsonObject} contract
 * @param {unknown} node
 * @returns {unknown}
 */
export function resolveRef(contract, node) {
  let current = node;
  for (let depth = 0; isObject(current) && typeof current.$ref === 'string'; depth++) {
    const ref = current.$ref;
    if (depth === 20 || !ref.startsWith('#/')) throw new Error(`Cannot resolve ${ref}: only local references without cycles are supported.`);
    current = ref
      .slice(2)
      .split('/')
      .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((/** @type {unknown} */ parent, segment) => (isObject(parent) || Array.isArray(parent) ? /** @type {any} */ (parent)[segment] : undefined), contract);
  }
  return current;
}

/**
 * Every operation, in document order (paths, then methods as written).
 * @param {JsonObject} contract
 * @returns {OperationEntry[]}
 */
export function listOperations(contract) {
  const paths = isObject(contract.paths) ? contract.paths : {};
  return Object.entries(paths).flatMap(([path, pathItem]) =>
    isObject(pathItem)
      ? Object.entries(pathItem)
          .filter(([method, operation]) => /** @type {readonly string[]} */ (HTTP_METHODS).includes(method) && isObject(operation))
          .map(([method, operation]) => ({ method, path, operation: /** @type {JsonObject} */ (operation) }))
      : [],
  );
}

/**
 * What an object of the contract marks as not documented by the service, and assumed instead.
 * @param {unknown} node
 * @returns {{ notShown: string[], assumptions: string[] }}
 */
export function readMarks(node) {
  const list = (/** @type {string} */ key) => {
    const value = isObject(node) ? node[key] : undefined;
    return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
  };
  return { notShown: list(NOT_SHOWN_KEY), assumptions: list(ASSUMPTIONS_KEY) };
}
