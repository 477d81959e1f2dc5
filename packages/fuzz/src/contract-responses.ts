// Which answers the bundled contract documents, checked with Ajv (JSON Schema 2020-12, the contract's
// jsonSchemaDialect) against the contract itself, independently of the mock's own checks.
// On purpose, this oracle keeps its own small reader of the bundle (pointers, $refs, methods, Ajv set-up) instead of
// the spec's contract model (@thumbnail-api/spec/model), which the packages it judges read the contract through: an
// oracle sharing the reader of what it judges could not catch that reader's bugs (a $ref followed wrongly would be
// wrong on both sides).
import { openapi } from '@thumbnail-api/spec';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

type JsonObject = Record<string, unknown>;

const DOCUMENT_ID = 'https://thumbnail-api.test/openapi.json';
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const document = openapi as unknown as JsonObject;
// strict: false because OpenAPI documents carry keywords JSON Schema does not know (x-not-shown, examples, ...);
// validateSchema: false because the document as a whole is no JSON Schema.
const ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: true });
ajv.addSchema(document, DOCUMENT_ID);
const validators = new Map<string, ValidateFunction>();

/** A documented operation: method (lower case) and path template of the contract. */
export interface DocumentedOperation {
  method: string;
  path: string;
}

/** The documented operation a request goes to, or `undefined`. The contract's paths have no templates. */
export function documentedOperation(method: string, target: string): DocumentedOperation | undefined {
  // Methods are case-sensitive: `get` is not GET.
  if (method !== method.toUpperCase()) return undefined;
  const lower = method.toLowerCase();
  const item = pathItemOf(target);
  if (item === undefined || !HTTP_METHODS.includes(lower) || !isObject(item.operations[lower])) return undefined;
  return { method: lower, path: item.path };
}

/** The methods (upper case) the contract documents for the path a request target names, or `undefined` for no such path. */
export function documentedMethods(target: string): string[] | undefined {
  const item = pathItemOf(target);
  return item && HTTP_METHODS.filter((method) => isObject(item.operations[method])).map((method) => method.toUpperCase());
}

/** The path a request target names and the contract's path item for it, or `undefined` when it documents no such path. */
function pathItemOf(target: string): { path: string; operations: JsonObject } | undefined {
  let pathname: string;
  try {
    // As RFC 9112 reads a request target: origin form is a path (`//x/api` is a path, not a host), absolute form
    // names a host and a path. Dot segments are removed, the query dropped.
    pathname = (target.startsWith('/') ? new URL(`http://mock.invalid${target}`) : new URL(target)).pathname;
  } catch {
    return undefined;
  }
  const item = (document.paths as JsonObject)[pathname];
  return isObject(item) ? { path: pathname, operations: item } : undefined;
}

/** Whether the contract documents a request body for an operation. */
export function documentsRequestBody(operation: DocumentedOperation): boolean {
  const item = resolve(pointerGet(document, `/paths/${escapePointerSegment(operation.path)}/${operation.method}`));
  return isObject(item) && item.requestBody !== undefined;
}

/** The statuses (keys such as `200`, `4XX`, `default`) the contract documents for an operation. */
export function documentedStatuses(operation: DocumentedOperation): string[] {
  return Object.keys(resolve(pointerGet(document, `/paths/${escapePointerSegment(operation.path)}/${operation.method}/responses`)) as JsonObject);
}

/** The names of the examples the contract documents for a status of an operation (exact status, else its range). */
export function documentedExampleNames(operation: DocumentedOperation, status: number): string[] {
  const responses = resolve(pointerGet(document, `/paths/${escapePointerSegment(operation.path)}/${operation.method}/responses`)) as JsonObject;
  const key = [String(status), `${String(status)[0]}XX`].find((candidate) => candidate in responses);
  const content = key === undefined ? undefined : (resolve(responses[key]) as JsonObject).content;
  if (!isObject(content)) return [];
  return Object.values(content).flatMap((media) => (isObject(media) && isObject(media.examples) ? Object.keys(media.examples) : []));
}

/** Why an answer is not one the contract documents for the operation; empty when it is. */
export function undocumentedAnswer(operation: DocumentedOperation, status: number, contentType: string | undefined, body: Buffer): string[] {
  const pointer = `/paths/${escapePointerSegment(operation.path)}/${operation.method}/responses`;
  const responses = resolve(pointerGet(document, pointer)) as JsonObject;
  const key = [String(status), `${String(status)[0]}XX`, 'default'].find((candidate) => candidate in responses);
  if (key === undefined) return [`status ${status} is not documented and there is no default response`];
  const located = locate(responses[key], `${pointer}/${escapePointerSegment(key)}`);
  const content = (located.value as JsonObject).content;
  if (!isObject(content)) return body.length === 0 ? [] : [`the ${key} response documents no body, but ${body.length} bytes came`];
  const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const documented = Object.keys(content).find((type) => type.toLowerCase() === mediaType);
  if (documented === undefined) return [`content type ${JSON.stringify(contentType ?? '')} is not documented for ${key} (${Object.keys(content).join(', ')})`];
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return [`the body is not JSON: ${JSON.stringify(body.toString('utf8', 0, 120))}`];
  }
  const validate = validatorAt(`${located.pointer}/content/${escapePointerSegment(documented)}/schema`);
  if (validate(parsed)) return [];
  return [`the body does not match the ${key} schema: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(parsed).slice(0, 200)}`];
}

/** The example body of a documented response (e.g. the 401), as sent. */
export function documentedExample(operation: DocumentedOperation, status: number): unknown {
  const responses = resolve(pointerGet(document, `/paths/${escapePointerSegment(operation.path)}/${operation.method}/responses`)) as JsonObject;
  const media = ((resolve(responses[String(status)]) as JsonObject).content as JsonObject)['application/json'] as JsonObject;
  const example = resolve(Object.values(media.examples as JsonObject)[0]) as JsonObject;
  return example.value;
}

/**
 * The example body the contract gives for `status` on an operation, as the mock sends it (JSON.stringify of the
 * value): the response documented for that exact status, else its `NXX` range, else `default`; its first example, or
 * the one named `name`; `undefined` if none.
 */
export function exampleBodyFor(operation: DocumentedOperation, status: number, name?: string): string | undefined {
  const responses = resolve(pointerGet(document, `/paths/${escapePointerSegment(operation.path)}/${operation.method}/responses`)) as JsonObject;
  const key = [String(status), `${String(status)[0]}XX`, 'default'].find((candidate) => candidate in responses);
  if (key === undefined) return undefined;
  const content = (resolve(responses[key]) as JsonObject).content;
  const media = isObject(content) ? content['application/json'] : undefined;
  const examples = isObject(media) && isObject(media.examples) ? media.examples : {};
  const example = resolve(name === undefined ? Object.values(examples)[0] : examples[name]);
  return isObject(example) && 'value' in example ? JSON.stringify(example.value) : undefined;
}

function validatorAt(pointer: string): ValidateFunction {
  let validate = validators.get(pointer);
  if (!validate) {
    validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer.split('/').map(encodeURIComponent).join('/')}` });
    validators.set(pointer, validate);
  }
  return validate;
}

/** Follows an OpenAPI `$ref` (responses and examples are not schemas, so Ajv does not). */
function locate(value: unknown, pointer: string): { value: unknown; pointer: string } {
  let current = { value, pointer };
  for (let hops = 0; hops < 10 && isObject(current.value) && typeof current.value.$ref === 'string'; hops++) {
    const ref = current.value.$ref;
    current = { value: pointerGet(document, ref.slice(1)), pointer: ref.slice(1) };
  }
  return current;
}

function resolve(value: unknown): unknown {
  return locate(value, '').value;
}

function pointerGet(root: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, part) => (isObject(node) ? node[part] : undefined), root);
}

function escapePointerSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
