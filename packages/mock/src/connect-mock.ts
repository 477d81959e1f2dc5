// connectMock: the test double of a mock running in another process (`npx @thumbnail-api/mock -- <command>`, a CI
// service), driven over its `/__mock` routes: the same interface as startMock()'s and createHandlers()'s results, with
// the same errors, every answer a promise (as WireMock's HttpAdminClient is its Admin over HTTP).

import { BASE_URL_VARIABLE } from '@thumbnail-api/spec/profile';
import type { CoverageReport } from './double/coverage.js';
import type { JournalEntry, OperationEntry, RequestFilter } from './double/journal-entry.js';
import { MockKeyRequiredError } from './double/key-scope.js';
import type { MockRule, RuleInForce } from './double/mock-rule.js';
import type { NearMiss } from './double/near-miss.js';
import type { ContractOperations, OperationId, ThumbnailApiOperations } from './double/operation-types.js';
import { MockRuleError } from './double/rule-check.js';
import { checkViewKey, type RuleHandle, type TestDouble, type TestDoubleKeyView } from './double/test-double.js';

/** A rule in force on a mock reached over HTTP. */
export interface RemoteRuleHandle extends RuleHandle {
  /** Removes the rule (nothing happens if it is gone already, e.g. its `times` were used up). */
  remove(): Promise<void>;
}

/** {@link TestDoubleKeyView} over HTTP. */
export interface ConnectedKeyView<C extends ContractOperations = ThumbnailApiOperations> extends TestDoubleKeyView<C> {
  rule(rule: MockRule<C>): Promise<RemoteRuleHandle>;
  rules(): Promise<RuleInForce<C>[]>;
  requests<O extends OperationId<C>>(filter: { operationId: O }): Promise<OperationEntry<C, O>[]>;
  requests(filter?: { operationId?: OperationId<C> }): Promise<JournalEntry<C>[]>;
  nearMisses(filter?: { operationId?: OperationId<C> }): Promise<NearMiss[]>;
  coverage(): Promise<CoverageReport>;
  clearRequests(): Promise<void>;
  clearRules(): Promise<void>;
  endPending(): Promise<number>;
  reset(): Promise<void>;
}

/** The test double of a mock reached over HTTP. */
export interface ConnectedMock<C extends ContractOperations = ThumbnailApiOperations> extends TestDouble<C> {
  /** The mock's base URL, e.g. `http://127.0.0.1:4010`. */
  readonly url: string;
  rule(rule: MockRule<C>): Promise<RemoteRuleHandle>;
  rules(): Promise<RuleInForce<C>[]>;
  requests<O extends OperationId<C>>(filter: { operationId: O; key?: string }): Promise<OperationEntry<C, O>[]>;
  requests(filter?: RequestFilter<C>): Promise<JournalEntry<C>[]>;
  nearMisses(filter?: RequestFilter<C>): Promise<NearMiss[]>;
  coverage(filter?: { key?: string }): Promise<CoverageReport>;
  clearRequests(): Promise<void>;
  clearRules(): Promise<void>;
  endPending(): Promise<number>;
  reset(): Promise<void>;
  forKey(key: string): ConnectedKeyView<C>;
}

/** A control request the mock did not carry out: unreachable, no control surface there, or an unexpected answer. */
export class MockControlError extends Error {
  constructor(
    message: string,
    /** The status the mock answered with, when it answered. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'MockControlError';
  }
}

/** Control requests are answered at once; one that takes longer than this is a mock in trouble. */
const controlTimeoutMs = 10_000;

/**
 * The test double of the mock at `url` (default: `THUMBNAIL_API_BASE_URL`, which `npx @thumbnail-api/mock -- <command>`
 * sets). Nothing is sent until a method is called; a mock that cannot be reached rejects that call with a
 * {@link MockControlError} saying what to do. The types are the bundled contract's; for another (`--spec`), pass its
 * openapi-typescript `operations` as `C`, or {@link AnyOperations}.
 */
export function connectMock<C extends ContractOperations = ThumbnailApiOperations>(url?: string): ConnectedMock<C> {
  const base = baseUrlOf(url);
  const control = new ControlClient(base);
  const scoped = (key: string | undefined) => (key === undefined ? '' : `key=${encodeURIComponent(key)}`);
  const query = (...parts: string[]) => {
    const given = parts.filter((part) => part !== '');
    return given.length === 0 ? '' : `?${given.join('&')}`;
  };
  const addRule = async (rule: unknown, key?: string): Promise<RemoteRuleHandle> => {
    const { id } = (await control.send('POST', `/__mock/rules${query(scoped(key))}`, rule)) as { id: string };
    return { id, remove: () => control.removeRule(id, query(scoped(key))) };
  };
  const requests = async (filter: { operationId?: string; key?: string } = {}): Promise<unknown[]> => {
    const operation = filter.operationId === undefined ? '' : `operationId=${encodeURIComponent(filter.operationId)}`;
    const answer = (await control.send('GET', `/__mock/requests${query(operation, scoped(filter.key))}`)) as { requests: unknown[] };
    return answer.requests;
  };
  const nearMisses = async (filter: { operationId?: string; key?: string } = {}): Promise<NearMiss[]> => {
    const operation = filter.operationId === undefined ? '' : `operationId=${encodeURIComponent(filter.operationId)}`;
    const answer = (await control.send('GET', `/__mock/near-misses${query(operation, scoped(filter.key))}`)) as { nearMisses: NearMiss[] };
    return answer.nearMisses;
  };
  const coverage = async (key?: string): Promise<CoverageReport> => (await control.send('GET', `/__mock/coverage${query(scoped(key))}`)) as CoverageReport;
  const rules = async (key?: string): Promise<unknown[]> => ((await control.send('GET', `/__mock/rules${query(scoped(key))}`)) as { rules: unknown[] }).rules;
  const endPending = async (key?: string): Promise<number> =>
    ((await control.send('DELETE', `/__mock/pending${query(scoped(key))}`)) as { ended: number }).ended;
  const done = async (method: string, path: string): Promise<void> => void (await control.send(method, path));
  const connected = {
    url: base,
    rule: (rule: unknown) => addRule(rule),
    rules: () => rules(),
    requests: (filter?: { operationId?: string; key?: string }) => requests(filter),
    nearMisses: (filter?: { operationId?: string; key?: string }) => nearMisses(filter),
    coverage: (filter?: { key?: string }) => coverage(filter?.key),
    clearRequests: () => done('DELETE', '/__mock/requests'),
    clearRules: () => done('DELETE', '/__mock/rules'),
    endPending: () => endPending(),
    reset: () => done('POST', '/__mock/reset'),
    forKey(key: unknown) {
      checkViewKey(key);
      const only = query(scoped(key));
      return {
        rule: (rule: unknown) => addRule(rule, key),
        rules: () => rules(key),
        requests: (filter?: { operationId?: string }) => requests({ operationId: filter?.operationId, key }),
        nearMisses: (filter?: { operationId?: string }) => nearMisses({ operationId: filter?.operationId, key }),
        coverage: () => coverage(key),
        clearRequests: () => done('DELETE', `/__mock/requests${only}`),
        clearRules: () => done('DELETE', `/__mock/rules${only}`),
        endPending: () => endPending(key),
        reset: () => done('POST', `/__mock/reset${only}`),
      };
    },
  };
  // What the mock sends back is what it recorded and was given; the contract's types describe it for the test.
  return connected as unknown as ConnectedMock<C>;
}

/** The mock's base URL: the one given, else the wrapper's variable; a TypeError saying what to pass when neither will do. */
function baseUrlOf(url: string | undefined): string {
  const given = url ?? (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env[BASE_URL_VARIABLE];
  if (given === undefined || given === '') {
    throw new TypeError(
      `connectMock() needs the mock's URL: pass it, e.g. connectMock('http://127.0.0.1:4010'), or run your tests under npx @thumbnail-api/mock -- <command>, which sets ${BASE_URL_VARIABLE}.`,
    );
  }
  if (typeof given !== 'string' || !URL.canParse(given) || !/^https?:$/.test(new URL(given).protocol)) {
    throw new TypeError(
      `connectMock() needs an http:// or https:// URL of the mock, e.g. 'http://127.0.0.1:4010'; got ${JSON.stringify(String(given).slice(0, 100))}.`,
    );
  }
  const parsed = new URL(given);
  if (parsed.search !== '' || parsed.hash !== '' || parsed.username !== '' || parsed.password !== '') {
    throw new TypeError(`connectMock() needs the mock's base URL without query, fragment or credentials; got ${JSON.stringify(given.slice(0, 100))}.`);
  }
  return given.replace(/\/+$/, '');
}

/** The `/__mock` routes over fetch, their errors made into the same errors the in-process test double throws. */
class ControlClient {
  constructor(private readonly base: string) {}

  /** Sends a control request; resolves with its JSON answer (`undefined` for a 204). */
  async send(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await this.fetch(method, path, body);
    const text = await response.text();
    const answer = text === '' ? undefined : parse(text);
    if (response.ok) return answer;
    const said = answer as { error?: unknown; field?: unknown; keyRequired?: unknown; title?: unknown; detail?: unknown } | undefined;
    if (response.status === 400 && typeof said?.error === 'string' && typeof said.field === 'string') throw new MockRuleError(said.error, said.field);
    if (response.status === 400 && typeof said?.error === 'string' && said.keyRequired === true) throw new MockKeyRequiredError(said.error);
    // The control routes say `error`; a refusal before them (a Host or Origin the mock does not answer) is the mock's problem+json.
    const message = typeof said?.error === 'string' ? said.error : typeof said?.detail === 'string' ? `${said.title} ${said.detail}` : text.slice(0, 300);
    throw this.failure(method, path, response.status, message);
  }

  /** Removes a rule (`search`: its key's scope, if any); one no longer in force (404) is no error, as in-process. */
  async removeRule(id: string, search: string): Promise<void> {
    const path = `/__mock/rules/${encodeURIComponent(id)}${search}`;
    const response = await this.fetch('DELETE', path);
    const text = await response.text();
    if (response.ok || response.status === 404) return;
    throw this.failure('DELETE', path, response.status, text.slice(0, 300));
  }

  private async fetch(method: string, path: string, body?: unknown): Promise<Response> {
    try {
      return await fetch(`${this.base}${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(controlTimeoutMs),
      });
    } catch (error) {
      const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
      throw new MockControlError(
        `No mock answered ${method} ${this.base}${path.split('?')[0]} (${cause}). Start it (npx @thumbnail-api/mock), or check the URL connectMock() was given.`,
      );
    }
  }

  private failure(method: string, path: string, status: number, said: string): MockControlError {
    const where = `${method} ${this.base}${path.split('?')[0]}`;
    if (status === 404 && !said.startsWith('No rule')) {
      return new MockControlError(
        `${where} answered 404: ${this.base} has no control surface. Is it the Thumbnail API mock, started without --no-control (or control: false)?`,
        status,
      );
    }
    return new MockControlError(`${where} answered ${status}: ${said}`, status);
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
