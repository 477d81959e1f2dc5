// The contract as data: its operations with their security, request body, responses and examples, and every `$ref`
// resolved by one set of rules (RFC 6901 pointers in percent-encoded fragments). Reads a document; never changes it.
import { isJsonObject, type JsonObject, walkContract } from './contract-walk.js';
import { type HttpMethod, isHttpMethod } from './http-methods.js';
import { escapeSegment, formatPointer, JsonPointerError, refToPointer, valueAt } from './json-pointer.js';

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
  /** Where the value sits, e.g. `/components/examples/Unauthorized/value`. */
  readonly pointer: string;
}

/** One media type of a request body or a response. */
export interface MediaTypeEntry {
  readonly mediaType: string;
  readonly pointer: string;
  /** The schema as written (a `$ref` is left for the validator, which resolves it where it was written). */
  readonly schema: unknown;
  /** Where the schema sits; `undefined` when the media type has none. */
  readonly schemaPointer: string | undefined;
  /** In document order; examples with only an `externalValue` are left out (a bundled contract has none). */
  readonly examples: readonly ExampleEntry[];
}

/** A request body, resolved. */
export interface RequestBodyEntry {
  readonly pointer: string;
  readonly object: JsonObject;
  readonly required: boolean;
  readonly content: readonly MediaTypeEntry[];
}

/** A documented response, resolved, under its status key (`200`, `4XX` or `default`). */
export interface ResponseEntry {
  readonly status: string;
  readonly pointer: string;
  readonly object: JsonObject;
  readonly content: readonly MediaTypeEntry[];
}

/** One way to satisfy security: scheme name to scopes; every scheme of one requirement is needed. */
export type SecurityRequirement = Readonly<Record<string, readonly string[]>>;

/** One operation (method + path template) of the contract. */
export interface ContractOperation {
  readonly path: string;
  readonly method: HttpMethod;
  readonly operationId: string | undefined;
  readonly summary: string | undefined;
  readonly tags: readonly string[];
  /** Where the operation object sits, e.g. `/paths/~1api~1thumbnails/post`. */
  readonly pointer: string;
  /** The operation object itself. */
  readonly object: JsonObject;
  /** The requirements that apply: the operation's own `security`, else the document's; any one of them suffices. */
  readonly security: readonly SecurityRequirement[];
  readonly requestBody: RequestBodyEntry | undefined;
  /** In document order. */
  readonly responses: readonly ResponseEntry[];
  /** The response documented for `status`: its exact code, else its range (`4XX`), else `default`. */
  response(status: number): ResponseEntry | undefined;
}

/** A read OpenAPI 3 document. Values are the document's own objects: copy the document before changing any. */
export interface ContractModel {
  readonly document: JsonObject;
  /** The `openapi` field, e.g. `3.1.0`. */
  readonly openapiVersion: string;
  /** The `jsonSchemaDialect` field, if the document sets one. */
  readonly jsonSchemaDialect: string | undefined;
  /** Every operation, in document order (paths, then the methods of each path as written). */
  readonly operations: readonly ContractOperation[];
  /** The operation with this operationId. */
  operationById(operationId: string): ContractOperation | undefined;
  /** The operation a request goes to (method in any case, path templates matched, literal paths first). */
  findOperation(method: string, pathname: string): ContractOperation | undefined;
  /** The documented path (as written, e.g. `/items/{id}`) a request path goes to, whatever its method: a literal path first. */
  findPath(pathname: string): string | undefined;
  /** The value at a JSON pointer (`/components/schemas/ErrorBody`), or `undefined`. */
  get(pointer: string): unknown;
  /** Follows `value`'s `$ref`s (if any) to what they point at; `pointer` is where `value` itself sits (errors name it). */
  resolve(value: unknown, pointer?: string): Located;
  /** The pointers of every `$ref` target reachable from `value`, following references transitively. */
  referencesFrom(value: unknown): ReadonlySet<string>;
}

/** How the model names the document in its errors, e.g. the file it was read from. */
export interface ContractModelOptions {
  readonly source?: string;
}

const MAX_REF_HOPS = 50;

/** Reads `document` as an OpenAPI 3 contract; throws a {@link ContractModelError} naming what is wrong and where. */
export function createContractModel(document: unknown, options: ContractModelOptions = {}): ContractModel {
  const name = options.source === undefined ? 'The contract' : `The contract ${options.source}`;
  if (!isJsonObject(document) || typeof document.openapi !== 'string' || !document.openapi.startsWith('3.')) {
    throw new ContractModelError(`${name} is not an OpenAPI 3 document: it has no "openapi: 3.x" field.`);
  }
  rejectExternalRefs(document, name);

  /** One hop: the target of the `$ref` found at `at` (a pointer, when known). */
  const follow = (ref: string, at?: string): Located => {
    let target: string;
    try {
      target = refToPointer(ref);
    } catch (error) {
      if (!(error instanceof JsonPointerError)) throw error;
      const where = at === undefined ? '' : ` at ${at === '' ? 'its root' : at}`;
      throw new ContractModelError(`${name} has a $ref that cannot be read${where}: ${error.message}`);
    }
    const found = valueAt(document, target);
    if (found === undefined) throw new ContractModelError(`${name} refers to ${ref}, which it does not contain.`);
    return { value: found, pointer: target };
  };
  const resolve = (value: unknown, pointer?: string): Located => {
    let current: Located = { value, pointer: pointer ?? '' };
    let at = pointer;
    for (let hops = 0; isJsonObject(current.value) && typeof current.value.$ref === 'string'; hops++) {
      if (hops === MAX_REF_HOPS) throw new ContractModelError(`${name} has a $ref cycle at ${current.value.$ref}.`);
      current = follow(current.value.$ref, at);
      at = current.pointer;
    }
    return current;
  };

  const operations = readOperations(document, resolve);
  // Paths without parameters win over templated ones, as in Prism's router.
  const matchers = [...operations]
    .sort((a, b) => Number(a.path.includes('{')) - Number(b.path.includes('{')))
    .map((operation) => ({ operation, pattern: templateToRegExp(operation.path) }));
  const literalPaths = new Set(operations.map((operation) => operation.path).filter((path) => !path.includes('{')));

  return {
    document,
    openapiVersion: document.openapi,
    jsonSchemaDialect: typeof document.jsonSchemaDialect === 'string' ? document.jsonSchemaDialect : undefined,
    operations,
    operationById: (operationId) => operations.find((operation) => operation.operationId === operationId),
    findOperation(method, pathname) {
      const lower = method.toLowerCase();
      return matchers.find((entry) => entry.operation.method === lower && entry.pattern.test(pathname))?.operation;
    },
    findPath: (pathname) => (literalPaths.has(pathname) ? pathname : matchers.find((entry) => entry.pattern.test(pathname))?.operation.path),
    get: (pointer) => valueAt(document, pointer),
    resolve,
    referencesFrom(value) {
      const seen = new Set<string>();
      const pending = [value];
      while (pending.length > 0) {
        walkContract(pending.pop(), (node) => {
          if (typeof node.$ref !== 'string') return;
          const target = follow(node.$ref);
          if (seen.has(target.pointer)) return;
          seen.add(target.pointer);
          pending.push(target.value);
        });
      }
      return seen;
    },
  };
}

type Resolve = (value: unknown, pointer?: string) => Located;

function readOperations(document: JsonObject, resolve: Resolve): ContractOperation[] {
  const operations: ContractOperation[] = [];
  const paths = isJsonObject(document.paths) ? document.paths : {};
  const documentSecurity = readSecurity(document.security) ?? [];
  for (const [path, rawItem] of Object.entries(paths)) {
    if (path.startsWith('x-')) continue;
    const item = resolve(rawItem, formatPointer(['paths', path]));
    if (!isJsonObject(item.value)) continue;
    for (const [method, operation] of Object.entries(item.value)) {
      if (!isHttpMethod(method) || !isJsonObject(operation)) continue;
      const pointer = `${item.pointer}/${method}`;
      const responses = readResponses(operation.responses, `${pointer}/responses`, resolve);
      operations.push({
        path,
        method,
        operationId: typeof operation.operationId === 'string' ? operation.operationId : undefined,
        summary: typeof operation.summary === 'string' ? operation.summary : undefined,
        tags: Array.isArray(operation.tags) ? operation.tags.filter((tag): tag is string => typeof tag === 'string') : [],
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
  return value
    .filter(isJsonObject)
    .map((requirement) => Object.fromEntries(Object.entries(requirement).map(([scheme, scopes]) => [scheme, Array.isArray(scopes) ? scopes.map(String) : []])));
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

function rejectExternalRefs(document: JsonObject, name: string): void {
  walkContract(document, (node) => {
    if (typeof node.$ref === 'string' && !node.$ref.startsWith('#')) {
      throw new ContractModelError(
        `${name} refers to another file (${node.$ref}); only bundled contracts, whose references all start with "#", can be read. ` +
          'Bundle it first, e.g. `redocly bundle openapi.yaml --output bundled.yaml`.',
      );
    }
  });
}

function templateToRegExp(template: string): RegExp {
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}
