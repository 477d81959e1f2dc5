// createHandlers: the mock in this process as MSW request handlers for one base URL. The same pipeline, key registry,
// Prefer, rules, faults and journal as startMock(), with the same test-double methods; no server, no port. Prism does
// not run here: what it would answer gets the mock's `not-compiled` 501.
import { type HttpHandler, http } from 'msw';
import { answerControl, isControlTarget } from './control/control-server.js';
import type { ContractOperations, ThumbnailApiOperations } from './double/operation-types.js';
import type { MockTestDouble } from './double/test-double.js';
import { bodyOf, FetchEngineRequest, outcomeFor } from './fetch/fetch-request.js';
import { answerSafely, perform, responseOf } from './fetch/fetch-response.js';
import { failureLog } from './http/answer-failure.js';
import { assembleMock } from './mock-assembly.js';
import { checkMswRuntime } from './msw-runtime.js';
import { checkOptions, type MockOptions } from './options.js';
import { notCompiledAnswerer } from './pipeline/answerer.js';

/** Options of {@link createHandlers}: the mock's own ({@link MockOptions}) and the base URL it answers for. */
export interface CreateHandlersOptions extends MockOptions {
  /** Where your code sends its requests, e.g. `https://api.thumbnails.test`: requests to other URLs are not touched. */
  baseUrl: string;
}

/** MSW handlers for the Thumbnail API, with the mock's journal and rules. */
export interface ThumbnailApiHandlers<C extends ContractOperations = ThumbnailApiOperations> extends MockTestDouble<C> {
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
  const base = checkBaseUrl(checked.baseUrl);
  checkMswRuntime();
  const mock = await assembleMock(checked, () => notCompiledAnswerer);
  const { pipeline, controls } = mock;
  const basePath = base.pathname === '/' ? '' : base.pathname.replace(/\/+$/, '');
  const baseUrl = `${base.origin}${basePath}`;
  // MSW tests a RegExp against the request's URL without its query: this origin, at or under the base path.
  const underBase = new RegExp(`^${escapeRegExp(baseUrl)}(?:/|$)`);

  const log = failureLog();
  const handler = http.all(underBase, ({ request }) =>
    answerSafely(request, log, async () => {
      const url = new URL(request.url);
      const target = (url.pathname.slice(basePath.length) || '/') + url.search;
      const view = new FetchEngineRequest(request, target, await bodyOf(request));
      if (mock.control !== undefined && isControlTarget(target)) {
        const control = { method: view.method, target, readBody: (limit: number) => view.bodyUpTo(limit) };
        return responseOf(await answerControl(mock.control, control), [], request.method);
      }
      return perform(await outcomeFor(pipeline, view), request, controls.pending);
    }),
  );

  return Object.assign(mock.double as MockTestDouble<C>, { baseUrl, handlers: [handler] });
}

function checkBaseUrl(baseUrl: unknown): URL {
  if (typeof baseUrl !== 'string' || !URL.canParse(baseUrl)) {
    throw new TypeError(
      `createHandlers() needs baseUrl, the URL your code sends its requests to (the client's baseUrl), e.g. 'https://api.thumbnails.test'; got ${describe(baseUrl)}.`,
    );
  }
  const url = new URL(baseUrl);
  if (!/^https?:$/.test(url.protocol) || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw new TypeError(
      `createHandlers() needs an http or https baseUrl without query, fragment or credentials, e.g. 'https://api.thumbnails.test'; got ${describe(baseUrl)}.`,
    );
  }
  return url;
}

function describe(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value.slice(0, 100)) : value === undefined ? 'nothing' : typeof value;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
