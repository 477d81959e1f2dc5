// The contract compiled for the hot path: a route table from paths to their operations, each compiled.
import { type ApiKeyForms, apiKeyFormsOf, type ContractModel, HTTP_METHODS } from '@thumbnail-api/spec/model';
import { type CompiledOperation, compileOperation } from './compile-operation.js';
import type { LazyValidator } from './lazy-validator.js';

/** One documented path and what it answers. */
export interface PathEntry {
  readonly template: string;
  /** By method in upper case, as requests name it. */
  readonly operations: ReadonlyMap<string, CompiledOperation>;
  /** The `Allow` header of the path: its methods, HEAD where GET is documented, and OPTIONS. */
  readonly allow: string;
}

export interface CompiledContract {
  /** The contract as read, for what needs its schemas beyond the compiled answers (e.g. checking a rule's body matcher). */
  readonly model: ContractModel;
  readonly operations: readonly CompiledOperation[];
  /** The ways a request carries the API key, read from the contract's security schemes: the one reader of a request's key. */
  readonly apiKeys: ApiKeyForms;
  /** The documented path a request path goes to (literal paths before templated ones, as in Prism). */
  find(pathname: string): PathEntry | undefined;
}

/**
 * Compiles every operation. With `checkExamples`, examples that break their schema are left to Prism (which answers
 * them with a 500 under --errors); the validator must then be loaded. The bundled contract skips the check: its
 * examples are checked against their schemas by @thumbnail-api/spec's own tests, and Ajv stays unloaded until a
 * request body needs it.
 */
export function compileContract(model: ContractModel, validator: LazyValidator, options: { checkExamples: boolean }): CompiledContract {
  const loaded = validator.loaded;
  if (options.checkExamples && loaded === undefined) throw new Error('Load the validator before checking examples.');
  const checkExample = options.checkExamples ? (pointer: string, value: unknown) => loaded!.schemaAt(pointer)(value) : undefined;
  const byPath = new Map<string, Map<string, CompiledOperation>>();
  const operations: CompiledOperation[] = [];
  for (const operation of model.operations) {
    const compiled = compileOperation(model, operation, validator, checkExample);
    operations.push(compiled);
    const methods = byPath.get(operation.path) ?? new Map<string, CompiledOperation>();
    byPath.set(operation.path, methods);
    methods.set(compiled.method, compiled);
  }
  const entries = new Map<string, PathEntry>();
  for (const [template, methods] of byPath) entries.set(template, { template, operations: methods, allow: allowOf(methods) });
  return {
    model,
    operations,
    apiKeys: apiKeyFormsOf(model),
    find: (pathname) => {
      const template = model.findPath(pathname);
      return template === undefined ? undefined : entries.get(template);
    },
  };
}

/** GET and HEAD first, OPTIONS last, the others in the order OpenAPI lists them. */
function allowOf(methods: ReadonlyMap<string, CompiledOperation>): string {
  const allowed = new Set(methods.keys());
  if (allowed.has('GET')) allowed.add('HEAD');
  allowed.add('OPTIONS');
  const order = [
    'GET',
    'HEAD',
    ...HTTP_METHODS.map((method) => method.toUpperCase()).filter((method) => !['GET', 'HEAD', 'OPTIONS'].includes(method)),
    'OPTIONS',
  ];
  return order.filter((method) => allowed.has(method)).join(', ');
}
