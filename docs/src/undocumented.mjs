// Reads what the contract records as not shown by the service (`x-not-shown`) or assumed by us
// (`x-assumptions`), says where each applies, and marks it visibly in the docs-only copy of the
// contract. Generated from the contract on every build, so the markers and the list never drift.
import { marked } from 'marked';
import { escapeHtml } from './site-layout.mjs';

/** Extension listing what the service's interface description does not show. */
export const NOT_SHOWN_KEY = 'x-not-shown';
/** Extension listing the sides this contract took where the service is silent. */
export const ASSUMPTIONS_KEY = 'x-assumptions';
/** Title of every marker, in the reference and on the list page. */
export const MARKER_TITLE = 'Not documented by the service';

/**
 * @typedef {{ [key: string]: unknown }} JsonObject
 * @typedef {object} Gap
 * @property {string} pointer JSON pointer of the contract object carrying the extensions.
 * @property {string} location That place, described for a reader.
 * @property {{ label: string, route: string }[]} shownAt Reference pages where the marker shows.
 * @property {string[]} notShown Items of `x-not-shown`.
 * @property {string[]} assumptions Items of `x-assumptions`.
 */

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const COMPONENT_KINDS = /** @type {Record<string, string>} */ ({
  schemas: 'Schema',
  responses: 'Response',
  parameters: 'Parameter',
  requestBodies: 'Request body',
  headers: 'Header',
  securitySchemes: 'Security scheme',
  examples: 'Example',
});
// Values under these keys are data (examples, constants, code), not annotated contract objects.
const DATA_KEYS = new Set(['example', 'const', 'enum', 'x-codeSamples']);

/**
 * Every place in the contract that carries `x-not-shown` or `x-assumptions`, in document order.
 * @param {JsonObject} contract The bundled contract (`spec/dist/openapi.json`, parsed).
 * @returns {Gap[]}
 */
export function collectGaps(contract) {
  const operations = listOperations(contract);
  /** @type {Gap[]} */
  const gaps = [];
  walk(contract, [], (node, path) => {
    const notShown = readList(node, NOT_SHOWN_KEY, path);
    const assumptions = readList(node, ASSUMPTIONS_KEY, path);
    if (notShown.length === 0 && assumptions.length === 0) return;
    gaps.push({
      pointer: toPointer(path),
      location: describeLocation(contract, path),
      shownAt: findShownAt(contract, path, operations),
      notShown,
      assumptions,
    });
  });
  return gaps;
}

/**
 * A copy of the contract in which every description that Redoc shows for a place with gaps ends
 * with a visible marker. Schema gaps are shown on the request bodies and responses using the
 * schema, because Redoc does not show the description of a body's top-level schema.
 * @param {JsonObject} contract The bundled contract; not modified.
 * @param {{ listHref: string }} options `listHref`: link to the page listing every gap.
 * @returns {JsonObject}
 */
export function markGaps(contract, { listHref }) {
  const copy = /** @type {JsonObject} */ (structuredClone(contract));
  /** @type {Map<JsonObject, { notShown: string[], assumptions: string[] }>} */
  const hosts = new Map();
  const addTo = (/** @type {JsonObject} */ host, /** @type {JsonObject} */ source) => {
    const notShown = readList(source, NOT_SHOWN_KEY, []);
    const assumptions = readList(source, ASSUMPTIONS_KEY, []);
    if (notShown.length === 0 && assumptions.length === 0) return;
    const entry = hosts.get(host) ?? { notShown: [], assumptions: [] };
    entry.notShown.push(...notShown);
    entry.assumptions.push(...assumptions);
    hosts.set(host, entry);
  };

  walk(copy, [], (node, path) => {
    if (!isSchemaPath(path)) addTo(node, node);
  });
  for (const body of listBodies(copy)) {
    for (const schema of schemasOf(body)) {
      for (const reached of reachableSchemas(copy, schema)) addTo(body, reached);
    }
  }

  for (const [host, { notShown, assumptions }] of hosts) {
    const description = typeof host.description === 'string' ? host.description.trimEnd() : '';
    const marker = renderMarker(unique(notShown), unique(assumptions), listHref);
    host.description = description ? `${description}\n\n${marker}\n` : `${marker}\n`;
  }
  return copy;
}

/**
 * The HTML of one marker. Markdown is not parsed inside an HTML block, so items are converted here.
 * @param {string[]} notShown
 * @param {string[]} assumptions
 * @param {string} listHref Link to the page listing every gap; none when empty.
 */
export function renderMarker(notShown, assumptions, listHref) {
  const list = (/** @type {string[]} */ items) => `<ul>${items.map((item) => `<li>${renderInline(item)}</li>`).join('')}</ul>`;
  const parts = [`<div class="not-documented" role="note"><p class="not-documented-title">${MARKER_TITLE}</p>`];
  if (notShown.length > 0) parts.push(`<p>The service does not document:</p>${list(notShown)}`);
  if (assumptions.length > 0) parts.push(`<p>This contract assumes (an assumption, not a documented fact):</p>${list(assumptions)}`);
  if (listHref) parts.push(`<p class="not-documented-more"><a href="${listHref}">Everything not documented by the service</a></p>`);
  parts.push('</div>');
  // One line: a blank line would end the HTML block and turn the rest into Markdown.
  return parts.join('');
}

/**
 * The generated list of every gap, for the not-documented page.
 * @param {Gap[]} gaps
 * @param {{ referenceHref: string }} options `referenceHref`: the reference page, e.g. `index.html`.
 */
export function renderGapList(gaps, { referenceHref }) {
  if (gaps.length === 0) return '<p>The contract records nothing as not documented.</p>';
  const itemCount = gaps.reduce((sum, gap) => sum + gap.notShown.length + gap.assumptions.length, 0);
  const entries = gaps.map((gap) => {
    const links = gap.shownAt
      .map(({ label, route }) => `<a href="${referenceHref}${route ? `#/${route}` : ''}">${escapeHtml(label)}</a>`)
      .join(', ');
    return (
      `<li class="gap" data-pointer="${escapeHtml(gap.pointer)}"><h3>${escapeHtml(gap.location)}</h3>` +
      `<p class="gap-pointer">In the contract: <code>${escapeHtml(gap.pointer)}</code></p>` +
      (links ? `<p class="gap-shown-at">In the reference: ${links}</p>` : '') +
      `${renderMarker(gap.notShown, gap.assumptions, '')}</li>`
    );
  });
  return (
    `<p class="gap-summary">${itemCount} items at ${gaps.length} places in the contract, generated from its ` +
    `<code>${NOT_SHOWN_KEY}</code> and <code>${ASSUMPTIONS_KEY}</code> extensions.</p>` +
    `<ul class="gap-list">${entries.join('')}</ul>`
  );
}

/** @param {string} text Markdown of one item, inline only. */
export function renderInline(text) {
  return /** @type {string} */ (marked.parseInline(text, { async: false }));
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
 * @param {unknown} node
 * @param {string[]} path
 * @param {(node: JsonObject, path: string[]) => void} visit
 */
function walk(node, path, visit) {
  if (Array.isArray(node)) {
    node.forEach((item, index) => walk(item, [...path, String(index)], visit));
    return;
  }
  if (!isObject(node)) return;
  visit(node, path);
  const exampleObject = path.at(-2) === 'examples';
  for (const [key, value] of Object.entries(node)) {
    if (DATA_KEYS.has(key) || (exampleObject && key === 'value')) continue;
    walk(value, [...path, key], visit);
  }
}

/**
 * @param {JsonObject} node
 * @param {string} key
 * @param {string[]} path
 * @returns {string[]}
 */
function readList(node, key, path) {
  const value = node[key];
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || item.trim() === '')) {
    throw new Error(
      `${toPointer(path)}/${key} must be a list of non-empty strings, found ${JSON.stringify(value)}. ` +
        'Fix the extension in spec/ (one string per item) and rebuild the spec.',
    );
  }
  return /** @type {string[]} */ (value);
}

/**
 * @typedef {{ path: string[], method: string, operation: JsonObject, route: string, label: string }} OperationEntry
 * @param {JsonObject} contract
 * @returns {OperationEntry[]}
 */
function listOperations(contract) {
  /** @type {OperationEntry[]} */
  const operations = [];
  const paths = isObject(contract.paths) ? contract.paths : {};
  for (const [pathName, pathItem] of Object.entries(paths)) {
    if (!isObject(pathItem)) continue;
    // Document order, as the reference shows them.
    for (const [method, operation] of Object.entries(pathItem)) {
      if (!HTTP_METHODS.includes(method) || !isObject(operation)) continue;
      const tags = Array.isArray(operation.tags) ? operation.tags : [];
      const tag = typeof tags[0] === 'string' ? tags[0] : '';
      const operationId = typeof operation.operationId === 'string' ? operation.operationId : '';
      const summary = typeof operation.summary === 'string' ? operation.summary : operationId;
      operations.push({
        path: ['paths', pathName, method],
        method,
        operation,
        route: tag && operationId ? referenceRoute(tag, operationId) : '',
        label: `${method.toUpperCase()} ${pathName} (${summary})`,
      });
    }
  }
  return operations;
}

/**
 * @param {JsonObject} contract
 * @param {string[]} path
 */
function describeLocation(contract, path) {
  const [first, second, third, ...rest] = path;
  const tail = (/** @type {string[]} */ segments) => (segments.length > 0 ? ` › ${segments.join(' › ')}` : '');
  if (first === 'info' && path.length === 1) return 'The API as a whole';
  if (first === 'tags' && second !== undefined && path.length === 2) {
    const tags = /** @type {JsonObject[]} */ (contract.tags);
    return `Tag ${String(tags[Number(second)]?.name)}`;
  }
  if (first === 'paths' && second !== undefined) {
    if (third === undefined) return `Path ${second}`;
    const operation = resolvePath(contract, path.slice(0, 3));
    const summary = isObject(operation) && typeof operation.summary === 'string' ? ` (${operation.summary})` : '';
    return `${third.toUpperCase()} ${second}${summary}${tail(rest)}`;
  }
  if (first === 'components' && second !== undefined && third !== undefined) {
    return `${COMPONENT_KINDS[second] ?? second} ${third}${tail(rest)}`;
  }
  return toPointer(path);
}

/**
 * Where the reference shows the marker of the place at `path`: its tag or operation page, or
 * for a component, the page of every operation that uses it.
 * @param {JsonObject} contract
 * @param {string[]} path
 * @param {OperationEntry[]} operations
 */
function findShownAt(contract, path, operations) {
  const [first, second] = path;
  if (first === 'info') return [{ label: 'Overview', route: '' }];
  if (first === 'tags' && second !== undefined) {
    const tag = /** @type {JsonObject[]} */ (contract.tags)[Number(second)];
    return tag && typeof tag.name === 'string' ? [{ label: `Tag ${tag.name}`, route: referenceRoute(tag.name) }] : [];
  }
  const owner = operations.find((entry) => entry.path.every((segment, index) => path[index] === segment));
  if (owner) return owner.route ? [{ label: owner.label, route: owner.route }] : [];
  if (first === 'components') {
    const component = toPointer(path.slice(0, 3));
    return operations
      .filter((entry) => entry.route && referencedPointers(contract, entry.operation).has(component))
      .map((entry) => ({ label: entry.label, route: entry.route }));
  }
  return [];
}

/**
 * Every `$ref` target reachable from `node`, transitively.
 * @param {JsonObject} contract
 * @param {unknown} node
 */
function referencedPointers(contract, node) {
  /** @type {Set<string>} */
  const seen = new Set();
  /** @param {unknown} current */
  const visit = (current) => {
    if (Array.isArray(current)) current.forEach(visit);
    if (!isObject(current)) return;
    if (typeof current.$ref === 'string' && current.$ref.startsWith('#/') && !seen.has(current.$ref)) {
      seen.add(current.$ref);
      visit(resolvePointer(contract, current.$ref));
    }
    Object.values(current).forEach(visit);
  };
  visit(node);
  return seen;
}

/**
 * Request bodies and responses (resolved, each once): the places Redoc shows a body's description.
 * @param {JsonObject} contract
 */
function listBodies(contract) {
  /** @type {Set<JsonObject>} */
  const bodies = new Set();
  const add = (/** @type {unknown} */ node) => {
    const resolved = resolve(contract, node);
    if (isObject(resolved)) bodies.add(resolved);
  };
  for (const { operation } of listOperations(contract)) {
    add(operation.requestBody);
    if (isObject(operation.responses)) Object.values(operation.responses).forEach(add);
  }
  return bodies;
}

/** @param {JsonObject} body */
function schemasOf(body) {
  const content = isObject(body.content) ? body.content : {};
  return Object.values(content)
    .map((media) => (isObject(media) ? media.schema : undefined))
    .filter(isObject);
}

/**
 * The schema and every schema inside it or referenced from it.
 * @param {JsonObject} contract
 * @param {JsonObject} schema
 */
function reachableSchemas(contract, schema) {
  /** @type {Set<JsonObject>} */
  const seen = new Set();
  /** @param {unknown} node */
  const visit = (node) => {
    const resolved = resolve(contract, node);
    if (!isObject(resolved) || seen.has(resolved)) return;
    seen.add(resolved);
    for (const key of ['allOf', 'oneOf', 'anyOf']) {
      const list = resolved[key];
      if (Array.isArray(list)) list.forEach(visit);
    }
    for (const key of ['items', 'additionalProperties', 'not', 'contains']) visit(resolved[key]);
    if (isObject(resolved.properties)) Object.values(resolved.properties).forEach(visit);
  };
  visit(schema);
  return seen;
}

/** @param {string[]} path */
function isSchemaPath(path) {
  return (path[0] === 'components' && path[1] === 'schemas') || path.includes('schema');
}

/**
 * @param {JsonObject} contract
 * @param {unknown} node
 * @returns {unknown}
 */
function resolve(contract, node) {
  let current = node;
  for (let depth = 0; depth < 20 && isObject(current) && typeof current.$ref === 'string'; depth++) {
    current = resolvePointer(contract, current.$ref);
  }
  return current;
}

/**
 * @param {JsonObject} contract
 * @param {string} ref A local reference, `#/...`.
 */
function resolvePointer(contract, ref) {
  if (!ref.startsWith('#/')) return undefined;
  return resolvePath(contract, ref.slice(2).split('/').map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~')));
}

/**
 * @param {unknown} root
 * @param {string[]} path
 * @returns {unknown}
 */
function resolvePath(root, path) {
  /** @type {unknown} */
  let current = root;
  for (const segment of path) {
    if (Array.isArray(current)) current = current[Number(segment)];
    else if (isObject(current)) current = current[segment];
    else return undefined;
  }
  return current;
}

/** @param {string[]} path */
function toPointer(path) {
  return `#/${path.map((segment) => segment.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
}

/**
 * @param {unknown} value
 * @returns {value is JsonObject}
 */
function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** @param {string[]} items */
function unique(items) {
  return [...new Set(items)];
}
