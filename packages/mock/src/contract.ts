// Reads the contract the mock serves: which operations it documents and what it says they answer.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { openapi as bundledDocument, openapiJsonPath } from '@thumbnail-api/spec';
import { parse as parseYaml } from 'yaml';
import { escapePointer, isObject, type JsonObject, resolveRef } from './json-ref.js';
import { createResponseChecker, type ResponseChecker } from './response-checker.js';


/** A response the mock can send as-is: status, media type and the bytes of a documented example. */
export interface CannedResponse {
  readonly contentType: string;
  readonly body: Buffer;
}

/** One documented operation (method + path template) of the contract. */
export interface ContractOperation {
  readonly method: string;
  readonly path: string;
  /** The operationId, or `METHOD path` when the contract names none. */
  readonly name: string;
  /** The documented example of the response for `status` (exact, `4XX`-style or `default`), if any. */
  example(status: number): CannedResponse | undefined;
  /** Whether a response with this status, content type and body is one the contract documents. */
  fits(status: number, contentType: string | undefined, body: Buffer): boolean;
}

/** The contract, loaded and checked. */
export interface Contract {
  /** Absolute path of the document, as handed to Prism. */
  readonly path: string;
  readonly operations: readonly ContractOperation[];
  /** The documented operation a request goes to, or `undefined` when the contract does not describe it. */
  findOperation(method: string, pathname: string): ContractOperation | undefined;
}

const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Loads the bundled contract, or the document at `specPath`, and fails with a clear message when it cannot serve it. */
export function loadContract(specPath?: string): Contract {
  const path = specPath === undefined ? openapiJsonPath : resolve(specPath);
  const document = specPath === undefined ? (bundledDocument as unknown) : readDocument(path);
  if (!isObject(document) || typeof document.openapi !== 'string' || !document.openapi.startsWith('3.')) {
    throw new Error(`The contract ${path} is not an OpenAPI 3 document: it has no "openapi: 3.x" field.`);
  }
  rejectExternalRefs(document, path);
  const checker = createResponseChecker(document);
  const operations: ContractOperation[] = [];
  const paths = isObject(document.paths) ? document.paths : {};
  for (const [template, rawItem] of Object.entries(paths)) {
    const item = resolveRef(document, rawItem, path, `/paths/${escapePointer(template)}`);
    if (!isObject(item.value)) continue;
    for (const method of httpMethods) {
      const operation = item.value[method];
      if (!isObject(operation)) continue;
      const pointer = `${item.pointer}/${method}`;
      operations.push(createOperation(document, path, checker, template, method, operation, pointer));
    }
  }
  if (operations.length === 0) {
    throw new Error(`The contract ${path} describes no operations, so there is nothing to serve.`);
  }
  // Paths without parameters win over templated ones, as in Prism's router.
  const ordered = [...operations].sort((a, b) => Number(a.path.includes('{')) - Number(b.path.includes('{')));
  const matchers = ordered.map((operation) => ({ operation, pattern: templateToRegExp(operation.path) }));
  return {
    path,
    operations,
    findOperation(method, pathname) {
      const lower = method.toLowerCase();
      return matchers.find((entry) => entry.operation.method === lower && entry.pattern.test(pathname))?.operation;
    },
  };
}

function readDocument(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'the file does not exist' : (error as Error).message;
    throw new Error(`Cannot read the contract ${path}: ${why}. Pass the path of a bundled OpenAPI document, or none to serve the bundled contract.`);
  }
  try {
    return parseYaml(text, { maxAliasCount: 1000 });
  } catch (error) {
    const reason = (error as Error).message.split('\n')[0];
    throw new Error(`The contract ${path} is not valid YAML or JSON: ${reason}`);
  }
}

function createOperation(
  document: JsonObject,
  specPath: string,
  checker: ResponseChecker,
  template: string,
  method: string,
  operation: JsonObject,
  pointer: string,
): ContractOperation {
  const responses = isObject(operation.responses) ? operation.responses : {};
  const examples = new Map<string, CannedResponse | undefined>();
  const responseKeyFor = (status: number): string | undefined => {
    const candidates = [String(status), `${String(status)[0]}XX`, `${String(status)[0]}xx`, 'default'];
    return candidates.find((key) => key in responses);
  };
  return {
    method,
    path: template,
    name: typeof operation.operationId === 'string' ? operation.operationId : `${method.toUpperCase()} ${template}`,
    example(status) {
      const key = responseKeyFor(status);
      if (key === undefined) return undefined;
      if (!examples.has(key)) examples.set(key, readExample(document, specPath, responses[key]));
      return examples.get(key);
    },
    fits(status, contentType, body) {
      const key = responseKeyFor(status);
      if (key === undefined) return false;
      const response = resolveRef(document, responses[key], specPath, `${pointer}/responses/${escapePointer(key)}`);
      return checker.fits(response, contentType, body);
    },
  };
}

/** The first documented example of a response, preferring JSON, as the bytes to send. */
function readExample(document: JsonObject, specPath: string, rawResponse: unknown): CannedResponse | undefined {
  const response = resolveRef(document, rawResponse, specPath).value;
  if (!isObject(response) || !isObject(response.content)) return undefined;
  const mediaTypes = Object.keys(response.content);
  const contentType = mediaTypes.find((type) => type === 'application/json') ?? mediaTypes[0];
  if (contentType === undefined) return undefined;
  const media = response.content[contentType];
  if (!isObject(media)) return undefined;
  let value: unknown;
  if ('example' in media) {
    value = media.example;
  } else if (isObject(media.examples)) {
    const first = Object.values(media.examples)[0];
    const example = resolveRef(document, first, specPath).value;
    if (!isObject(example) || !('value' in example)) return undefined;
    value = example.value;
  } else {
    return undefined;
  }
  const body = typeof value === 'string' && !contentType.includes('json') ? value : JSON.stringify(value);
  return { contentType, body: Buffer.from(body, 'utf8') };
}

function rejectExternalRefs(node: unknown, specPath: string): void {
  if (Array.isArray(node)) {
    for (const item of node) rejectExternalRefs(item, specPath);
  } else if (isObject(node)) {
    if (typeof node.$ref === 'string' && !node.$ref.startsWith('#')) {
      throw new Error(
        `The contract ${specPath} refers to another file (${node.$ref}); the mock serves bundled contracts only. ` +
          'Bundle it first, e.g. `redocly bundle openapi.yaml --output bundled.yaml`.',
      );
    }
    for (const value of Object.values(node)) rejectExternalRefs(value, specPath);
  }
}

function templateToRegExp(template: string): RegExp {
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}
