// The mock's one door to the contract model of @thumbnail-api/spec (issue 14). Until the spec package exports that
// model, this file stands in for it with the same interface (the subset the mock reads); then it only re-exports.
import type { ValidateFunction } from 'ajv/dist/core.js';

export type JsonObject = { [key: string]: unknown };

/** A document the model cannot read: not OpenAPI 3, a reference to another file, a `$ref` to nothing or in a cycle. */
export class ContractModelError extends Error {
  override name = 'ContractModelError';
}

/** A value of the document and the JSON pointer where it sits (after following any `$ref`). */
export interface Located {
  readonly value: unknown;
  readonly pointer: string;
}

/** One example of a media type: the `example` field (no name) or a named Example object with a `value`. */
export interface ExampleEntry {
  readonly name: string | undefined;
  readonly value: unknown;
  readonly pointer: string;
}

/** One media type of a request body or a response. */
export interface MediaTypeEntry {
  readonly mediaType: string;
  readonly pointer: string;
  readonly schema: unknown;
  readonly schemaPointer: string | undefined;
  readonly examples: readonly ExampleEntry[];
}

export interface RequestBodyEntry {
  readonly pointer: string;
  readonly object: JsonObject;
  readonly required: boolean;
  readonly content: readonly MediaTypeEntry[];
}

/** A documented response under its status key (`200`, `4XX` or `default`). */
export interface ResponseEntry {
  readonly status: string;
  readonly pointer: string;
  readonly object: JsonObject;
  readonly content: readonly MediaTypeEntry[];
}

/** One way to satisfy security: scheme name to scopes; every scheme of one requirement is needed. */
export type SecurityRequirement = Readonly<Record<string, readonly string[]>>;

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface ContractOperation {
  readonly path: string;
  readonly method: HttpMethod;
  readonly operationId: string | undefined;
  readonly pointer: string;
  readonly object: JsonObject;
  /** The operation's own `security`, else the document's; any one requirement suffices. */
  readonly security: readonly SecurityRequirement[];
  readonly requestBody: RequestBodyEntry | undefined;
  readonly responses: readonly ResponseEntry[];
  /** The response documented for `status`: its exact code, else its range (`4XX`), else `default`. */
  response(status: number): ResponseEntry | undefined;
}

export interface ContractModel {
  readonly document: JsonObject;
  readonly openapiVersion: string;
  readonly jsonSchemaDialect: string | undefined;
  readonly operations: readonly ContractOperation[];
  findOperation(method: string, pathname: string): ContractOperation | undefined;
  /** The value at a JSON pointer, or `undefined`. */
  get(pointer: string): unknown;
  /** Follows `value`'s `$ref`s to what they point at; `pointer` is where `value` itself sits. */
  resolve(value: unknown, pointer?: string): Located;
}

export interface ContractValidator {
  /** The compiled validator of the schema at `pointer`, compiled once. */
  schemaAt(pointer: string): ValidateFunction;
  /** Ajv's errors of the last validation, in one line. */
  errorsText(validate: ValidateFunction): string;
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `a/b~c` → `a~1b~0c`: a key as one pointer segment (RFC 6901). */
export function escapeSegment(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

function valueAt(root: unknown, pointer: string): unknown {
  let node = root;
  if (pointer === '') return node;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (!isJsonObject(node) && !Array.isArray(node)) return undefined;
    if (!Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Reads `document` as an OpenAPI 3 contract; throws a {@link ContractModelError} naming what is wrong. */
export function createContractModel(document: unknown, options: { source?: string } = {}): ContractModel {
  const name = options.source === undefined ? 'The contract' : `The contract ${options.source}`;
  if (!isJsonObject(document) || typeof document.openapi !== 'string' || !document.openapi.startsWith('3.')) {
    throw new ContractModelError(`${name} is not an OpenAPI 3 document: it has no "openapi: 3.x" field.`);
  }
  rejectExternalRefs(document, name);
  const resolve = (value: unknown, pointer = ''): Located => {
    let current: Located = { value, pointer };
    for (let hops = 0; isJsonObject(current.value) && typeof current.value.$ref === 'string'; hops++) {
      if (hops === 50) throw new ContractModelError(`${name} has a $ref cycle at ${current.value.$ref}.`);
      const ref = current.value.$ref;
      const target = decodeURIComponent(ref.slice(1));
      const found = valueAt(document, target);
      if (found === undefined) throw new ContractModelError(`${name} refers to ${ref}, which it does not contain.`);
      current = { value: found, pointer: target };
    }
    return current;
  };
  const operations = readOperations(document, resolve);
  const matchers = [...operations]
    .sort((a, b) => Number(a.path.includes('{')) - Number(b.path.includes('{')))
    .map((operation) => ({ operation, pattern: templateToRegExp(operation.path) }));
  return {
    document,
    openapiVersion: document.openapi,
    jsonSchemaDialect: typeof document.jsonSchemaDialect === 'string' ? document.jsonSchemaDialect : undefined,
    operations,
    findOperation(method, pathname) {
      const lower = method.toLowerCase();
      return matchers.find((entry) => entry.operation.method === lower && entry.pattern.test(pathname))?.operation;
    },
    get: (pointer) => valueAt(document, pointer),
    resolve,
  };
}

type Resolve = (value: unknown, pointer?: string) => Located;

function readOperations(document: JsonObject, resolve: Resolve): ContractOperation[] {
  const operations: ContractOperation[] = [];
  const paths = isJsonObject(document.paths) ? document.paths : {};
  const documentSecurity = readSecurity(document.security) ?? [];
  for (const [path, rawItem] of Object.entries(paths)) {
    if (path.startsWith('x-')) continue;
    const item = resolve(rawItem, `/paths/${escapeSegment(path)}`);
    if (!isJsonObject(item.value)) continue;
    for (const [method, operation] of Object.entries(item.value)) {
      if (!(HTTP_METHODS as readonly string[]).includes(method) || !isJsonObject(operation)) continue;
      const pointer = `${item.pointer}/${method}`;
      const responses = readResponses(operation.responses, `${pointer}/responses`, resolve);
      operations.push({
        path,
        method: method as HttpMethod,
        operationId: typeof operation.operationId === 'string' ? operation.operationId : undefined,
        pointer,
        object: operation,
        security: readSecurity(operation.security) ?? documentSecurity,
        requestBody: readRequestBody(operation.requestBody, `${pointer}/requestBody`, resolve),
        responses,
        response: (status) => {
          const range = `${String(status)[0]}XX`;
          return (
            responses.find((entry) => entry.status === String(status)) ??
            responses.find((entry) => entry.status.toUpperCase() === range) ??
            responses.find((entry) => entry.status === 'default')
          );
        },
      });
    }
  }
  return operations;
}

function readSecurity(value: unknown): SecurityRequirement[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter(isJsonObject).map((requirement) =>
    Object.fromEntries(Object.entries(requirement).map(([scheme, scopes]) => [scheme, Array.isArray(scopes) ? scopes.map(String) : []])),
  );
}

function readRequestBody(raw: unknown, pointer: string, resolve: Resolve): RequestBodyEntry | undefined {
  if (raw === undefined) return undefined;
  const body = resolve(raw, pointer);
  if (!isJsonObject(body.value)) return undefined;
  return { pointer: body.pointer, object: body.value, required: body.value.required === true, content: readContent(body.value, body.pointer, resolve) };
}

function readResponses(raw: unknown, pointer: string, resolve: Resolve): ResponseEntry[] {
  if (!isJsonObject(raw)) return [];
  return Object.entries(raw).flatMap(([status, rawResponse]) => {
    if (status.startsWith('x-')) return [];
    const response = resolve(rawResponse, `${pointer}/${escapeSegment(status)}`);
    if (!isJsonObject(response.value)) return [];
    return [{ status, pointer: response.pointer, object: response.value, content: readContent(response.value, response.pointer, resolve) }];
  });
}

function readContent(owner: JsonObject, ownerPointer: string, resolve: Resolve): MediaTypeEntry[] {
  if (!isJsonObject(owner.content)) return [];
  return Object.entries(owner.content).flatMap(([mediaType, media]) => {
    if (!isJsonObject(media)) return [];
    const pointer = `${ownerPointer}/content/${escapeSegment(mediaType)}`;
    const examples: ExampleEntry[] = [];
    if ('example' in media) examples.push({ name: undefined, value: media.example, pointer: `${pointer}/example` });
    if (isJsonObject(media.examples)) {
      for (const [exampleName, rawExample] of Object.entries(media.examples)) {
        const example = resolve(rawExample, `${pointer}/examples/${escapeSegment(exampleName)}`);
        if (isJsonObject(example.value) && 'value' in example.value) {
          examples.push({ name: exampleName, value: example.value.value, pointer: `${example.pointer}/value` });
        }
      }
    }
    const hasSchema = media.schema !== undefined;
    return [{ mediaType, pointer, schema: media.schema, schemaPointer: hasSchema ? `${pointer}/schema` : undefined, examples }];
  });
}

function rejectExternalRefs(node: unknown, name: string): void {
  if (Array.isArray(node)) {
    for (const item of node) rejectExternalRefs(item, name);
  } else if (isJsonObject(node)) {
    if (typeof node.$ref === 'string' && !node.$ref.startsWith('#')) {
      throw new ContractModelError(
        `${name} refers to another file (${node.$ref}); only bundled contracts, whose references all start with "#", can be read. ` +
          'Bundle it first, e.g. `redocly bundle openapi.yaml --output bundled.yaml`.',
      );
    }
    for (const value of Object.values(node)) rejectExternalRefs(value, name);
  }
}

function templateToRegExp(template: string): RegExp {
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

/**
 * An Ajv (JSON Schema 2020-12) holding the whole document, so a schema's `$ref`s resolve where they were written.
 * Ajv is loaded here, on first need: it is most of the mock's start-up time otherwise.
 */
export async function loadContractValidator(contract: ContractModel): Promise<ContractValidator> {
  const { Ajv2020 } = await import('ajv/dist/2020.js');
  // strict: false: OpenAPI documents carry keywords JSON Schema does not know (x-not-shown, example, ...).
  const ajv = new Ajv2020({ strict: false, validateSchema: false, validateFormats: false, allErrors: false });
  const documentId = 'https://thumbnail-api.invalid/contract.json';
  ajv.addSchema(contract.document, documentId);
  const validators = new Map<string, ValidateFunction>();
  return {
    schemaAt(pointer) {
      let validate = validators.get(pointer);
      if (!validate) {
        validate = ajv.compile({ $ref: `${documentId}#${pointer.split('/').map(encodeURIComponent).join('/')}` });
        validators.set(pointer, validate);
      }
      return validate;
    },
    errorsText: (validate) => ajv.errorsText(validate.errors),
  };
}
