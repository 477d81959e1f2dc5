// createHandlers: the mock in this process as MSW request handlers for one base URL. The same pipeline, key registry,
// Prefer, rules, faults and journal as startMock(), with the same test-double methods; no server, no port. Prism does
// not run here: what it would answer gets the mock's `not-compiled` 501.
import { type HttpHandler, http } from 'msw';
import { assembleMock } from '../assembly/assemble-mock.js';
import { checkOptions, type MockOptions } from '../assembly/options.js';
import { readParts } from '../assembly/read-parts.js';
import type { ContractOperations, ThumbnailApiOperations } from '../double/operation-types.js';
import type { TestDouble } from '../double/test-double.js';
import { fetchDoor } from '../fetch/fetch-door.js';
import { failureLog } from '../http/answer-failure.js';
import { writeCoverageIntoRun } from '../node/coverage-file.js';
import { notCompiledAnswerer } from '../pipeline/answerer.js';
import { checkBaseUrl } from './base-url.js';
import { checkMswRuntime } from './msw-runtime.js';

/** Options of {@link createHandlers}: the mock's own ({@link MockOptions}) and the base URL it answers for. */
export interface CreateHandlersOptions extends MockOptions {
  /** Where your code sends its requests, e.g. `https://api.thumbnails.test`: requests to other URLs are not touched. */
  baseUrl: string;
}

/** MSW handlers for the Thumbnail API, with the mock's journal and rules. */
export interface ThumbnailApiHandlers<C extends ContractOperations = ThumbnailApiOperations> extends TestDouble<C, 'now'> {
  /** The base URL the handlers answer for, without a trailing slash. */
  readonly baseUrl: string;
  /** Pass them to MSW: `setupServer(...thumbnails.handlers)`. */
  readonly handlers: readonly HttpHandler[];
}

/**
 * Builds MSW request handlers that answer as the mock does, for requests under `baseUrl`. Rejects with an error naming
 * the cause (an unknown option, a bad base URL, an unreadable contract, a bad key registry or rule, msw 3 on a Node.js
 * older than 22.12). The test double's types are the bundled contract's; for another (`specPath`), pass its
 * openapi-typescript `operations` as `C`, or `AnyOperations`.
 */
export async function createHandlers<C extends ContractOperations = ThumbnailApiOperations>(options: CreateHandlersOptions): Promise<ThumbnailApiHandlers<C>> {
  if (options === null || typeof options !== 'object') {
    throw new TypeError("createHandlers() takes an options object with the base URL your code calls, e.g. { baseUrl: 'https://api.thumbnails.test' }.");
  }
  const checked = checkOptions<CreateHandlersOptions>('createHandlers()', options, { baseUrl: () => undefined });
  const { base: baseUrl, basePath } = checkBaseUrl(checked.baseUrl, {
    door: 'createHandlers()',
    noun: 'baseUrl',
    what: "baseUrl, the URL your code sends its requests to (the client's baseUrl)",
    example: 'https://api.thumbnails.test',
  });
  checkMswRuntime();
  const mock = await assembleMock(await readParts(checked, () => notCompiledAnswerer));
  try {
    writeCoverageIntoRun(mock.controls.coverage, 'createHandlers()', baseUrl);
  } catch (error) {
    await mock.close();
    throw error;
  }
  const door = fetchDoor(mock, failureLog());
  // MSW tests a RegExp against the request's URL without its query: this origin, at or under the base path.
  const underBase = new RegExp(`^${escapeRegExp(baseUrl)}(?:/|$)`);
  const handler = http.all(underBase, ({ request }) => {
    const url = new URL(request.url);
    return door(request, (url.pathname.slice(basePath.length) || '/') + url.search);
  });
  return Object.assign(mock.double as unknown as TestDouble<C, 'now'>, { baseUrl, handlers: [handler] });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
