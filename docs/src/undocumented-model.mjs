// What the contract records as not shown by the service (`x-not-shown`) or assumed by us (`x-assumptions`): where
// each applies, on which reference pages it shows, and which description carries its marker. Read through the
// contract model; undocumented.mjs renders it.
import { ASSUMPTIONS_KEY, contractLocation, formatPointer, isJsonObject, pointerToRef, readAssumptions, walkContract } from '@thumbnail-api/spec/model';

/** Extension listing what the service's interface description does not show. */
export const NOT_SHOWN_KEY = 'x-not-shown';
/** Extension listing the sides this contract took where the service is silent (each entry an id, its sentence, a check). */
export { ASSUMPTIONS_KEY };

/**
 * @typedef {import('@thumbnail-api/spec/model').ContractModel} ContractModel
 * @typedef {import('@thumbnail-api/spec/model').ContractOperation} ContractOperation
 * @typedef {import('@thumbnail-api/spec/model').JsonObject} JsonObject
 * @typedef {{ notShown: string[], assumptions: string[] }} GapItems
 * @typedef {object} Gap
 * @property {string} pointer JSON pointer of the contract object carrying the extensions, as a `$ref` (`#/...`).
 * @property {string} location That place, described for a reader.
 * @property {{ label: string, route: string }[]} shownAt Reference pages where the marker shows.
 * @property {string[]} notShown Items of `x-not-shown`.
 * @property {string[]} assumptions The sentences of the `x-assumptions` entries.
 */

const COMPONENT_KINDS = /** @type {Record<string, string>} */ ({
  schemas: 'Schema',
  responses: 'Response',
  parameters: 'Parameter',
  requestBodies: 'Request body',
  headers: 'Header',
  securitySchemes: 'Security scheme',
  examples: 'Example',
});

/**
 * Every place in the contract that carries `x-not-shown` or `x-assumptions`, in document order.
 * @param {ContractModel} contract
 * @returns {Gap[]}
 */
export function collectGaps(contract) {
  /** @type {Gap[]} */
  const gaps = [];
  walkContract(contract.document, (node, keys) => {
    const { notShown, assumptions } = readItems(node, keys);
    if (notShown.length === 0 && assumptions.length === 0) return;
    gaps.push({
      pointer: toRef(keys),
      location: describeLocation(contract, keys),
      shownAt: findShownAt(contract, keys),
      notShown,
      assumptions,
    });
  });
  return gaps;
}

/**
 * The objects whose description Redoc shows for each place with gaps, with the items their marker lists. Schema gaps
 * go to the request bodies and responses using the schema, because Redoc does not show a body's top-level schema
 * description. The keys are the document's own objects, so a marker is written into `contract.document`.
 * @param {ContractModel} contract
 * @returns {Map<JsonObject, GapItems>}
 */
export function findMarkerHosts(contract) {
  /** @type {Map<JsonObject, GapItems>} */
  const hosts = new Map();
  const addTo = (/** @type {JsonObject} */ host, /** @type {JsonObject} */ source) => {
    const { notShown, assumptions } = readItems(source, []);
    if (notShown.length === 0 && assumptions.length === 0) return;
    const entry = hosts.get(host) ?? { notShown: [], assumptions: [] };
    entry.notShown.push(...notShown);
    entry.assumptions.push(...assumptions);
    hosts.set(host, entry);
  };

  walkContract(contract.document, (node, keys) => {
    if (!isSchemaPath(keys)) addTo(node, node);
  });
  /** @type {Set<JsonObject>} */
  const bodies = new Set();
  for (const operation of contract.operations) {
    for (const body of [operation.requestBody, ...operation.responses]) {
      if (!body || bodies.has(body.object)) continue;
      bodies.add(body.object);
      for (const media of body.content) {
        if (!isJsonObject(media.schema)) continue;
        for (const reached of reachableSchemas(contract, media.schema)) addTo(body.object, reached);
      }
    }
  }
  return hosts;
}

/**
 * The route of a tag or an operation in the Redoc reference (`index.html#/<route>`).
 * @param {string} tagName
 * @param {string} [operationId]
 */
export function referenceRoute(tagName, operationId) {
  const tag = slugify(tagName);
  return operationId ? `${tag}/${operationId.toLowerCase()}` : tag;
}

/** @param {string} text */
function slugify(text) {
  return text
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/&/g, '-and-')
    .replace(/--+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Both extensions of `node`: `x-not-shown` must be a list of non-empty strings; of `x-assumptions`, the sentences.
 * @param {JsonObject} node
 * @param {readonly string[]} keys Where `node` sits, for the error.
 * @returns {GapItems}
 */
function readItems(node, keys) {
  return {
    notShown: readList(node, NOT_SHOWN_KEY, keys),
    assumptions: readAssumptions(node, formatPointer(keys)).map((assumption) => assumption.text),
  };
}

/**
 * @param {JsonObject} node
 * @param {string} key
 * @param {readonly string[]} keys
 * @returns {string[]}
 */
function readList(node, key, keys) {
  const value = node[key];
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || item.trim() === '')) {
    throw new Error(
      `${toRef(keys)}/${key} must be a list of non-empty strings, found ${JSON.stringify(value)}. ` +
        'Fix the extension in spec/ (one string per item) and rebuild the spec.',
    );
  }
  return /** @type {string[]} */ (value);
}

/**
 * How the reference names an operation, and its route there ('' when it has no tag or operationId).
 * @param {ContractOperation} operation
 */
function referenceEntry(operation) {
  const tag = operation.tags[0] ?? '';
  const operationId = operation.operationId ?? '';
  return {
    label: `${operation.method.toUpperCase()} ${operation.path} (${operation.summary ?? operationId})`,
    route: tag && operationId ? referenceRoute(tag, operationId) : '',
  };
}

/**
 * @param {ContractModel} contract
 * @param {readonly string[]} keys
 */
function describeLocation(contract, keys) {
  const tail = (/** @type {readonly string[]} */ rest) => (rest.length > 0 ? ` › ${rest.join(' › ')}` : '');
  const location = contractLocation(keys);
  if (location.kind === 'operation') {
    const summary = findOperation(contract, location.path, location.method)?.summary;
    return `${location.method.toUpperCase()} ${location.path}${summary === undefined ? '' : ` (${summary})`}${tail(location.rest)}`;
  }
  if (location.kind === 'path') return `Path ${location.path}${tail(location.rest)}`;
  if (location.kind === 'component') return `${COMPONENT_KINDS[location.componentKind] ?? location.componentKind} ${location.name}${tail(location.rest)}`;
  const [first, second] = keys;
  if (first === 'info' && keys.length === 1) return 'The API as a whole';
  if (first === 'tags' && second !== undefined && keys.length === 2) return `Tag ${String(tagAt(contract, second)?.name)}`;
  return toRef(keys);
}

/**
 * Where the reference shows the marker of the place at `keys`: its tag or operation page, or for a component, the
 * page of every operation that uses it.
 * @param {ContractModel} contract
 * @param {readonly string[]} keys
 * @returns {{ label: string, route: string }[]}
 */
function findShownAt(contract, keys) {
  const [first, second] = keys;
  if (first === 'info') return [{ label: 'Overview', route: '' }];
  if (first === 'tags' && second !== undefined) {
    const tag = tagAt(contract, second);
    return tag && typeof tag.name === 'string' ? [{ label: `Tag ${tag.name}`, route: referenceRoute(tag.name) }] : [];
  }
  const location = contractLocation(keys);
  if (location.kind === 'operation') {
    const operation = findOperation(contract, location.path, location.method);
    const entry = operation && referenceEntry(operation);
    return entry?.route ? [entry] : [];
  }
  if (location.kind === 'component') {
    const component = formatPointer(['components', location.componentKind, location.name]);
    return contract.operations
      .map((operation) => ({ operation, entry: referenceEntry(operation) }))
      .filter(({ operation, entry }) => entry.route && contract.referencesFrom(operation.object).has(component))
      .map(({ entry }) => entry);
  }
  return [];
}

/**
 * @param {ContractModel} contract
 * @param {string} path
 * @param {string} method
 */
function findOperation(contract, path, method) {
  return contract.operations.find((operation) => operation.path === path && operation.method === method);
}

/**
 * @param {ContractModel} contract
 * @param {string} index
 * @returns {JsonObject | undefined}
 */
function tagAt(contract, index) {
  const tag = contract.get(formatPointer(['tags', index]));
  return isJsonObject(tag) ? tag : undefined;
}

/**
 * The schema and every schema inside it or referenced from it.
 * @param {ContractModel} contract
 * @param {JsonObject} schema
 */
function reachableSchemas(contract, schema) {
  /** @type {Set<JsonObject>} */
  const seen = new Set();
  /** @param {unknown} node */
  const visit = (node) => {
    const resolved = contract.resolve(node).value;
    if (!isJsonObject(resolved) || seen.has(resolved)) return;
    seen.add(resolved);
    for (const key of ['allOf', 'oneOf', 'anyOf']) {
      const list = resolved[key];
      if (Array.isArray(list)) list.forEach(visit);
    }
    for (const key of ['items', 'additionalProperties', 'not', 'contains']) visit(resolved[key]);
    if (isJsonObject(resolved.properties)) Object.values(resolved.properties).forEach(visit);
  };
  visit(schema);
  return seen;
}

/** @param {readonly string[]} keys */
function isSchemaPath(keys) {
  return (keys[0] === 'components' && keys[1] === 'schemas') || keys.includes('schema');
}

/** @param {readonly string[]} keys */
function toRef(keys) {
  return pointerToRef(formatPointer(keys));
}
