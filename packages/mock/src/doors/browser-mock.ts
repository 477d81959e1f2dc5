// @thumbnail-api/mock/browser, for this repository only (package.json's publishConfig leaves it out, as ./internal):
// the mock's engine in a web page, for the docs' Try it. The same pipeline as startMock() and createHandlers() (the
// compiled contract, key registry, Prefer, rules, faults, journal), assembled from a contract given as data instead of
// a file, answering Fetch Requests with Fetch Responses through the fetch/ adapter. Nothing on its path imports a
// `node:` module (types aside; a test walks the imports). Bodies are Buffers: a page's bundle provides one (the docs
// inject the `buffer` package's). Prism does not run here: what it would answer gets the `not-compiled` 501, as in MSW.
import { ContractModelError, createContractModel } from '@thumbnail-api/spec/model';
import { assembleMock } from '../assembly/assemble-mock.js';
import { lazyValidator } from '../contract/lazy-validator.js';
import { DEFAULT_JOURNAL_SIZE } from '../double/journal.js';
import type { MockRule } from '../double/mock-rule.js';
import type { AnyOperations, ContractOperations } from '../double/operation-types.js';
import type { TestDouble } from '../double/test-double.js';
import { fetchDoor } from '../fetch/fetch-door.js';
import { failureLog } from '../http/answer-failure.js';
import { notCompiledAnswerer } from '../pipeline/answerer.js';
import { corsPolicy } from '../pipeline/cors.js';
import { checkKeyRegistry, type KeyRegistry } from '../pipeline/key-outcome.js';

export { MockRuleError } from '../double/rule-check.js';
export type {
  AnyOperations,
  ContractOperations,
  Fault,
  JournalEntry,
  KeyOutcome,
  KeyRegistry,
  MockRule,
  RuleHandle,
  TestDouble,
  ThumbnailApiOperations,
} from './public-types.js';

export interface BrowserMockOptions<C extends ContractOperations = AnyOperations> {
  /** The bundled OpenAPI document, parsed (the JSON of `@thumbnail-api/spec/openapi.json`). */
  readonly contract: unknown;
  /** Key registry; without it any non-empty key is accepted, as Prism does. */
  readonly keys?: KeyRegistry;
  /** Rules in force from the start (one bad rule adds none). */
  readonly rules?: readonly MockRule<C>[];
  /** How many requests the journal keeps; defaults to 1000, `0` turns it off. */
  readonly journalSize?: number;
}

/** The mock in this page: its answers, and the test-double methods of startMock()'s result. */
export interface BrowserMock<C extends ContractOperations = AnyOperations> extends TestDouble<C, 'now'> {
  /**
   * The mock's answer to `request`, whatever its origin (its path and query are what the contract routes): a Response,
   * `Response.error()` for a `reset` and for a `hang` or delay once the request's signal aborts. The control surface
   * (`/__mock`) is not served: the methods of this object are the controls.
   */
  fetch(request: Request): Promise<Response>;
}

const optionNames = new Set(['contract', 'keys', 'rules', 'journalSize']);

/**
 * Assembles the mock from `options.contract`; rejects with an error naming the cause (a broken contract, a bad key
 * registry or rule). The contract is data, so the test double's types are any contract's unless `C` names its
 * openapi-typescript `operations` (e.g. `ThumbnailApiOperations` for the bundled one).
 */
export async function createBrowserMock<C extends ContractOperations = AnyOperations>(options: BrowserMockOptions<C>): Promise<BrowserMock<C>> {
  if (options === null || typeof options !== 'object')
    throw new TypeError('createBrowserMock() takes an options object: { contract, keys?, rules?, journalSize? }.');
  const unknown = Object.keys(options).find((name) => !optionNames.has(name));
  if (unknown !== undefined) throw new TypeError(`createBrowserMock() has no option ${unknown}; it takes ${[...optionNames].join(', ')}.`);
  const journalSize = options.journalSize ?? DEFAULT_JOURNAL_SIZE;
  if (!Number.isInteger(journalSize) || journalSize < 0)
    throw new TypeError('createBrowserMock(): journalSize must be a whole number of requests (0 turns the journal off).');
  const model = modelOf(options.contract);
  const mock = await assembleMock({
    model,
    contractName: 'The contract given to createBrowserMock()',
    validator: lazyValidator(model),
    // The bundled contract's examples are checked against their schemas by @thumbnail-api/spec's tests, as startMock() trusts them.
    checkExamples: false,
    keys: options.keys === undefined ? undefined : checkKeyRegistry(options.keys, 'The key registry'),
    cors: corsPolicy(undefined),
    journalSize,
    rules: options.rules,
    requireKey: false,
    // The methods of this object are the controls: the page has no /__mock.
    control: false,
    generated: notCompiledAnswerer,
    replay: undefined,
  });
  const door = fetchDoor(mock, failureLog());
  return Object.assign(mock.double as unknown as TestDouble<C, 'now'>, {
    fetch(request: Request): Promise<Response> {
      const url = new URL(request.url);
      return door(request, url.pathname + url.search);
    },
  });
}

function modelOf(document: unknown) {
  if (document === null || typeof document !== 'object') {
    throw new TypeError('createBrowserMock() needs contract: the bundled OpenAPI document, parsed (the JSON of @thumbnail-api/spec/openapi.json).');
  }
  let model: ReturnType<typeof createContractModel>;
  try {
    model = createContractModel(document, { source: 'given to createBrowserMock()' });
  } catch (error) {
    if (error instanceof ContractModelError) throw new Error(error.message);
    throw error;
  }
  if (model.operations.length === 0) throw new Error('The contract given to createBrowserMock() describes no operations, so there is nothing to serve.');
  return model;
}
