// A reference page as one Markdown file (`index.html.md`, `mock-control.html.md`), for tools and language models:
// generated from its document (the bundled contract, the mock's control surface) on every build, like the Redoc
// page, never copied by hand. Schemas are shown as the document writes them (JSON), with the named ones listed
// once at the end. Reads the document through the contract model (@thumbnail-api/spec).
import { isJsonObject as isObject, readAssumptions } from '@thumbnail-api/spec/model';
import { MARKER_TITLE } from './undocumented.mjs';
import { ASSUMPTIONS_KEY, NOT_SHOWN_KEY } from './undocumented-model.mjs';

/**
 * @typedef {import('@thumbnail-api/spec/model').ContractModel} ContractModel
 * @typedef {import('@thumbnail-api/spec/model').ContractOperation} ContractOperation
 * @typedef {import('@thumbnail-api/spec/model').JsonObject} JsonObject
 * @typedef {import('@thumbnail-api/spec/model').MediaTypeEntry} MediaTypeEntry
 * @typedef {import('./code-samples.mjs').CodeSample} CodeSample
 */

/** Fence languages of the sample languages Redoc shows. */
const FENCE_LANGS = /** @type {Record<string, string>} */ ({ TypeScript: 'ts', bash: 'sh', JavaScript: 'js', Python: 'python' });

/**
 * @param {ContractModel} contract The document's model: the bundled contract, or the mock's control surface.
 * @param {{ heading: string, intro: string, samples?: Map<string, CodeSample[]> }} options
 *   `heading`: the page's title; `intro`: a Markdown paragraph after the summary (version, downloads, the web page);
 *   `samples`: the code samples by operationId.
 */
export function renderReferenceMarkdown(contract, { heading, intro, samples = new Map() }) {
  const document = contract.document;
  const info = isObject(document.info) ? document.info : {};
  const out = [`# ${heading}`, ''];
  if (info.summary) out.push(`> ${text(info.summary)}`, '');
  out.push(intro, '');
  if (info.description) out.push(text(info.description).trim(), '');
  if (marks(info).length > 0) out.push(`## ${MARKER_TITLE}: the API as a whole`, '', ...marks(info).slice(2));
  out.push(...servers(contract), ...securitySchemes(contract));

  const operations = contract.operations;
  const tags = Array.isArray(document.tags) ? document.tags.filter(isObject) : [];
  const tagNames = [...tags.map((tag) => text(tag.name)), ...operations.flatMap((operation) => operation.tags)];
  for (const name of [...new Set(tagNames)]) {
    const tag = tags.find((candidate) => candidate.name === name) ?? {};
    out.push(`## ${name}`, '');
    if (tag.description) out.push(text(tag.description).trim(), '');
    out.push(...marks(tag));
    const own = operations.filter((operation) => operation.tags[0] === name);
    if (own.length === 0) out.push('This contract has no operation with this tag.', '');
    for (const operation of own) out.push(...operationSection(contract, operation, samples));
  }
  const untagged = operations.filter((operation) => operation.tags.length === 0);
  if (untagged.length > 0) {
    out.push('## Other operations', '');
    for (const operation of untagged) out.push(...operationSection(contract, operation, samples));
  }
  out.push(...namedSchemas(contract));
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}

/** @param {ContractModel} contract */
function servers(contract) {
  const list = Array.isArray(contract.document.servers) ? contract.document.servers.filter(isObject) : [];
  if (list.length === 0) return [];
  const out = ['## Servers', ''];
  for (const server of list) {
    const variables = isObject(server.variables) ? server.variables : {};
    const url = text(server.url).replace(/\{([^}]+)\}/g, (whole, name) => {
      const variable = variables[name];
      return isObject(variable) && typeof variable.default === 'string' ? variable.default : whole;
    });
    out.push(`- \`${url}\`${server.description ? `: ${oneLine(server.description)}` : ''}`);
    if (Object.keys(variables).length > 0) {
      out.push(`  The contract's URL is \`${text(server.url)}\`; shown with the defaults of its variables:`);
      for (const [name, variable] of Object.entries(variables)) {
        if (!isObject(variable)) continue;
        out.push(`  - \`${name}\` (default \`${text(variable.default)}\`)${variable.description ? `: ${oneLine(variable.description)}` : ''}`);
      }
    }
  }
  return [...out, ''];
}

/** @param {ContractModel} contract */
function securitySchemes(contract) {
  const { components, security } = contract.document;
  const schemes = isObject(components) && isObject(components.securitySchemes) ? components.securitySchemes : {};
  if (Object.keys(schemes).length === 0) return [];
  const out = ['## Security', '', `Every operation takes ${securityText(security)}, unless it says otherwise.`, ''];
  for (const [name, value] of Object.entries(schemes)) {
    const scheme = contract.resolve(value).value;
    if (!isObject(scheme)) continue;
    const how =
      scheme.type === 'apiKey'
        ? `API key in the ${text(scheme.in)} \`${text(scheme.name)}\`.`
        : scheme.type === 'http'
          ? `HTTP \`${text(scheme.scheme)}\` authentication (\`Authorization: ${capitalize(text(scheme.scheme))} …\`).`
          : `Type \`${text(scheme.type)}\`.`;
    out.push(`### ${name}`, '', how, '');
    if (scheme.description) out.push(text(scheme.description).trim(), '');
    out.push(...marks(scheme));
  }
  return out;
}

/**
 * @param {ContractModel} contract
 * @param {ContractOperation} entry
 * @param {Map<string, CodeSample[]>} samples
 */
function operationSection(contract, { method, path, object: operation, security, requestBody, responses }, samples) {
  const operationId = text(operation.operationId);
  const out = [`### ${text(operation.summary || operationId || `${method.toUpperCase()} ${path}`)}`, ''];
  out.push(`\`${method.toUpperCase()} ${path}\`${operationId ? ` · operationId \`${operationId}\`` : ''} · security: ${securityText(security)}`, '');
  if (operation.description) out.push(text(operation.description).trim(), '');
  out.push(...marks(operation));

  const parameters = Array.isArray(operation.parameters) ? operation.parameters.map((parameter) => contract.resolve(parameter).value).filter(isObject) : [];
  if (parameters.length > 0) {
    out.push('#### Parameters', '', '| Name | In | Required | Description | Schema |', '|---|---|---|---|---|');
    for (const parameter of parameters) {
      out.push(
        `| \`${text(parameter.name)}\` | ${text(parameter.in)} | ${parameter.required ? 'yes' : 'no'} | ${oneLine(parameter.description ?? '')} | \`${JSON.stringify(withoutMarks(parameter.schema ?? {}))}\` |`,
      );
    }
    out.push('', ...parameters.flatMap((parameter) => marks(parameter)));
  }

  if (requestBody) {
    const body = requestBody.object;
    out.push('#### Request body', '', `${requestBody.required ? 'Required.' : 'Optional.'} ${text(body.description)}`.trim(), '');
    out.push(...marks(body), ...content(contract, requestBody.content));
  }

  out.push('#### Responses', '');
  for (const { status, object: response, content: media } of responses) {
    out.push(`##### ${status === 'default' ? 'Any other status (`default`)' : status}`, '', text(response.description).trim(), '');
    out.push(...marks(response), ...content(contract, media));
  }

  const own = samples.get(operationId) ?? [];
  if (own.length > 0) {
    out.push('#### Code samples', '');
    for (const sample of own) out.push(`${sample.label}:`, '', `\`\`\`${FENCE_LANGS[sample.lang] ?? sample.lang}`, sample.source.trimEnd(), '```', '');
  }
  return out;
}

/**
 * The media types of a request body or response: schema and examples.
 * @param {ContractModel} contract
 * @param {readonly MediaTypeEntry[]} media
 */
function content(contract, media) {
  const out = [];
  for (const { mediaType, schema, examples } of media) {
    const named = schemaName(schema);
    if (named) out.push(`Content type \`${mediaType}\`, schema \`${named}\` (under Schemas).`, '');
    else
      out.push(`Content type \`${mediaType}\`, schema${schemaNames(schema)}:`, '', '```json', JSON.stringify(withoutMarks(schema ?? {}), null, 2), '```', '');
    for (const { name, value, pointer } of examples) {
      // A named example's summary and description sit on its Example object, the parent of its value.
      const example = name === undefined ? {} : contract.get(pointer.replace(/\/value$/, ''));
      const about = isObject(example) ? example : {};
      out.push(
        `Example${name === undefined ? '' : ` \`${name}\``}${about.summary ? ` (${text(about.summary)})` : ''}${about.description ? `: ${oneLine(about.description)}` : ''}`,
        '',
      );
      out.push('```json', JSON.stringify(value, null, 2), '```', '');
    }
  }
  return out;
}

/** @param {ContractModel} contract */
function namedSchemas(contract) {
  const { components } = contract.document;
  const schemas = isObject(components) && isObject(components.schemas) ? components.schemas : {};
  if (Object.keys(schemas).length === 0) return [];
  const out = ['## Schemas', '', 'The named schemas the operations refer to (`$ref: #/components/schemas/<Name>`).', ''];
  for (const [name, schema] of Object.entries(schemas)) {
    out.push(`### ${name}`, '');
    if (isObject(schema) && schema.description) out.push(text(schema.description).trim(), '');
    out.push('```json', JSON.stringify(withoutMarks(schema), null, 2), '```', '', ...nestedMarks(schema));
  }
  return out;
}

/**
 * The not-documented box of one object, as Markdown.
 * @param {unknown} node
 */
function marks(node) {
  const notShown = markList(node, NOT_SHOWN_KEY);
  // Each entry is an object (id, sentence, check); the reference shows its sentence. collectGaps names a malformed one.
  const assumptions = isObject(node) ? readAssumptions(node, '').map((assumption) => assumption.text) : [];
  if (notShown.length === 0 && assumptions.length === 0) return [];
  const out = [`**${MARKER_TITLE}.**`, ''];
  if (notShown.length > 0) out.push('The service does not document:', '', ...notShown.map((item) => `- ${item}`), '');
  if (assumptions.length > 0) out.push('This contract assumes (an assumption, not a documented fact):', '', ...assumptions.map((item) => `- ${item}`), '');
  return out;
}

/**
 * The marks of a schema and of the schemas inside it.
 * @param {unknown} schema
 */
function nestedMarks(schema) {
  /** @type {unknown[]} */
  const found = [];
  const visit = (/** @type {unknown} */ node) => {
    if (Array.isArray(node)) node.forEach(visit);
    if (!isObject(node)) return;
    found.push(node);
    for (const [key, value] of Object.entries(node)) if (!['example', 'examples', 'const', 'enum', 'default'].includes(key)) visit(value);
  };
  visit(schema);
  return found.flatMap(marks);
}

/**
 * A copy without the mark extensions, which are shown as text instead.
 * @param {unknown} node
 * @returns {unknown}
 */
function withoutMarks(node) {
  if (Array.isArray(node)) return node.map(withoutMarks);
  if (!isObject(node)) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => key !== NOT_SHOWN_KEY && key !== ASSUMPTIONS_KEY)
      .map(([key, value]) => [key, withoutMarks(value)]),
  );
}

/**
 * The name of a schema that is only a reference to a named one.
 * @param {unknown} schema
 */
function schemaName(schema) {
  if (!isObject(schema) || Object.keys(schema).length !== 1 || typeof schema.$ref !== 'string') return undefined;
  return /^#\/components\/schemas\/([^/]+)$/.exec(schema.$ref)?.[1];
}

/** @param {unknown} schema */
function schemaNames(schema) {
  const names = [...JSON.stringify(schema ?? {}).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map(([, name]) => `\`${name}\``);
  return names.length > 0 ? ` (see ${[...new Set(names)].join(', ')} under Schemas)` : '';
}

/** @param {unknown} security */
function securityText(security) {
  if (!Array.isArray(security) || security.length === 0) return 'no authentication';
  return security
    .map((requirement) =>
      isObject(requirement)
        ? Object.keys(requirement)
            .map((name) => `\`${name}\``)
            .join(' and ') || 'no authentication'
        : '',
    )
    .join(' or ');
}

/**
 * The items of one mark extension (the build checks their shape in undocumented-model.mjs).
 * @param {unknown} node
 * @param {string} key
 * @returns {string[]}
 */
function markList(node, key) {
  const value = isObject(node) ? node[key] : undefined;
  return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
}

/** @param {unknown} value */
function text(value) {
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
}

/** @param {unknown} value */
function oneLine(value) {
  return text(value)
    .trim()
    .replace(/\s*\n\s*/g, ' ');
}

/** @param {string} value */
function capitalize(value) {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
