// createHandlers: the mock's engine in-process, as MSW request handlers for one base URL. The same compiled contract,
// key registry, Prefer, rules, faults and journal as startMock(), with the same control methods; no server, no port.
import { type HttpHandler, http } from 'msw';
import { answerControl, createMockEngine, isControlTarget, type MockRule } from '../engine/index.js';
import type { KeyRegistry } from '../engine/key-registry.js';
import { type MockTestDouble, testDoubleOf } from '../mock-api.js';
import { bodyOf, FetchEngineRequest } from './fetch-request.js';
import { checkMswRuntime } from './msw-runtime.js';
import { PendingRequests, perform, responseOf } from './outcome-response.js';

/** Options of {@link createHandlers}. */
export interface CreateHandlersOptions {
  /** Where your code sends its requests, e.g. `https://api.thumbnails.test`: requests to other URLs are not touched. */
  baseUrl: string;
  /** Key registry, or the path of a JSON file holding one; without it any non-empty key is accepted, as Prism does. */
  keys?: KeyRegistry | string;
  /** Contract to serve, as one bundled OpenAPI 3 file; defaults to the contract bundled with this package. */
  specPath?: string;
  /** Origins whose requests get CORS headers (as the HTTP mock sends them); defaults to every origin. */
  corsOrigin?: string | readonly string[];
  /** Answer with a 500 instead of any example that would break the contract (as startMock); defaults to `true`. */
  errors?: boolean;
  /** How many requests the journal keeps (the newest); defaults to 1000; `0` turns it off. */
  journalSize?: number;
  /** Rules in force from the start (checked all at once: one bad rule adds none). */
  rules?: readonly MockRule[];
  /** Also answer the control surface under `<baseUrl>/__mock` (requests, rules, reset over HTTP); defaults to `true`. */
  control?: boolean;
  /** A folder of recordings made with the contract proxy's `record` (Node only): documented operations are answered from them. */
  replay?: string;
}

/** MSW handlers for the Thumbnail API, with the mock's journal and rules. */
export interface ThumbnailApiHandlers extends MockTestDouble {
  /** The base URL the handlers answer for, without a trailing slash. */
  readonly baseUrl: string;
  /** Pass them to MSW: `setupServer(...thumbnails.handlers)`. */
  readonly handlers: readonly HttpHandler[];
  /** Ends every request a `hang` or a `delayMs` still holds, with a network error; returns how many there were. */
  endPending(): number;
}

const optionNames = new Set(['baseUrl', 'keys', 'specPath', 'corsOrigin', 'errors', 'journalSize', 'rules', 'control', 'replay']);

/**
 * Builds MSW request handlers that answer as the mock does, for requests under `baseUrl`. Rejects with an error naming
 * the cause (a bad base URL, an unreadable contract, a bad key registry or rule, msw 3 on a Node.js older than 22.12).
 */
export async function createHandlers(options: CreateHandlersOptions): Promise<ThumbnailApiHandlers> {
  const base = checkOptions(options);
  checkMswRuntime();
  const control = options.control ?? true;
  const { engine, controls } = await createMockEngine({ ...options, control });
  const pending = new PendingRequests();
  const basePath = base.pathname === '/' ? '' : base.pathname.replace(/\/+$/, '');
  const baseUrl = `${base.origin}${basePath}`;
  // MSW tests a RegExp against the request's URL without its query: this origin, at or under the base path.
  const underBase = new RegExp(`^${escapeRegExp(baseUrl)}(?:/|$)`);

  const handler = http.all(underBase, async ({ request }) => {
    const url = new URL(request.url);
    const target = (url.pathname.slice(basePath.length) || '/') + url.search;
    const view = new FetchEngineRequest(request, target, await bodyOf(request));
    if (control && isControlTarget(target) && request.method !== 'OPTIONS') return responseOf(await answerControl(controls, view), [], request.method);
    return perform(await engine.handle(view), request, pending);
  });

  return Object.assign(testDoubleOf(controls), { baseUrl, handlers: [handler], endPending: () => pending.endAll() });
}

function checkOptions(options: CreateHandlersOptions): URL {
  if (options === null || typeof options !== 'object') {
    throw new TypeError("createHandlers() takes an options object with the base URL your code calls, e.g. { baseUrl: 'https://api.thumbnails.test' }.");
  }
  const unknown = Object.keys(options).filter((name) => !optionNames.has(name));
  if (unknown.length > 0) throw new TypeError(`createHandlers() has no option ${unknown.join(', ')}; it takes ${[...optionNames].join(', ')}.`);
  const { baseUrl } = options;
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
