// Visits the objects an OpenAPI document is made of, telling them apart from data it merely carries (example values,
// `const`, `enum`, defaults, extension values), so that a `$ref` or an `x-` key inside an example is not read as one.

/** A JSON object of the document. */
export type JsonObject = { [key: string]: unknown };

/** Keys whose object maps names (paths, statuses, media types, property names, ...) to contract objects. */
const NAME_MAP_KEYS = new Set([
  'paths',
  'webhooks',
  'components',
  'responses',
  'content',
  'headers',
  'links',
  'callbacks',
  'encoding',
  'variables',
  'examples',
  'properties',
  'patternProperties',
  'dependentSchemas',
  '$defs',
  'definitions',
]);

/** Name maps that are OpenAPI objects, whose `x-` keys are extensions, not names (as they may be in `properties`). */
const EXTENSIBLE_NAME_MAPS = new Set(['paths', 'webhooks', 'components', 'responses']);
/** How a map of `components` is marked, so that `components/responses` is not taken for an operation's responses. */
const COMPONENT_MAP = 'components/';

/** Keys of a contract object (outside name maps) whose values are data, not contract objects. */
const DATA_KEYS = new Set(['example', 'const', 'enum', 'default']);

/**
 * Calls `visit` for every object of the contract in document order, depth first, with its keys from `root`. Data is
 * skipped: `example`, `const`, `enum`, `default` and `x-` values, an array of JSON Schema `examples`, and the
 * `value` of an Example object. Keys inside name maps are names, never keywords (a property called `example` is
 * visited). A value reached again through itself (a cyclic document) is not visited twice on one branch.
 */
export function walkContract(root: unknown, visit: (node: JsonObject, keys: readonly string[]) => void): void {
  walk(root, [], visit, new Set(), undefined, undefined);
}

/** Whether `value` is a JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function walk(
  node: unknown,
  keys: string[],
  visit: (node: JsonObject, keys: readonly string[]) => void,
  ancestors: Set<unknown>,
  ownMapKey: string | undefined,
  parentMapKey: string | undefined,
): void {
  if (ancestors.has(node)) return;
  if (Array.isArray(node)) {
    ancestors.add(node);
    node.forEach((item, index) => walk(item, [...keys, String(index)], visit, ancestors, undefined, undefined));
    ancestors.delete(node);
    return;
  }
  if (!isJsonObject(node)) return;
  visit(node, keys);
  ancestors.add(node);
  const isExampleObject = parentMapKey === 'examples' || parentMapKey === `${COMPONENT_MAP}examples`;
  for (const [key, value] of Object.entries(node)) {
    let childMapKey: string | undefined;
    if (ownMapKey !== undefined) {
      if (key.startsWith('x-') && EXTENSIBLE_NAME_MAPS.has(ownMapKey)) continue;
      // The children of `components` (schemas, responses, ...) are name maps themselves.
      if (ownMapKey === 'components') childMapKey = `${COMPONENT_MAP}${key}`;
    } else {
      if (isData(key, value, isExampleObject)) continue;
      if (NAME_MAP_KEYS.has(key) && isJsonObject(value)) childMapKey = key;
    }
    walk(value, [...keys, key], visit, ancestors, childMapKey, ownMapKey);
  }
  ancestors.delete(node);
}

function isData(key: string, value: unknown, isExampleObject: boolean): boolean {
  if (DATA_KEYS.has(key) || key.startsWith('x-')) return true;
  if (key === 'examples' && Array.isArray(value)) return true;
  return isExampleObject && key === 'value';
}
