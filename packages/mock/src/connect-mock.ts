// connectMock: the test double of a mock running in another process (`npx @thumbnail-api/mock -- <command>`, a CI
// service), driven over its `/__mock` routes: the same interface as startMock()'s and createHandlers()'s results, with
// the same errors, every answer a promise (as WireMock's HttpAdminClient is its Admin over HTTP).

import { BASE_URL_VARIABLE } from '@thumbnail-api/spec/profile';
import { ControlClient } from './control/control-client.js';
import { CONTROL_ROUTES } from './control/control-routes.js';
import type { CoverageReport } from './double/coverage.js';
import type { JournalEntry, OperationEntry, RequestFilter } from './double/journal-entry.js';
import type { MockRule, RuleInForce } from './double/mock-rule.js';
import type { NearMiss } from './double/near-miss.js';
import type { ContractOperations, OperationId, ThumbnailApiOperations } from './double/operation-types.js';
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

/**
 * The test double of the mock at `url` (default: `THUMBNAIL_API_BASE_URL`, which `npx @thumbnail-api/mock -- <command>`
 * sets). Nothing is sent until a method is called; a mock that cannot be reached rejects that call with a
 * {@link MockControlError} saying what to do. The types are the bundled contract's; for another (`--spec`), pass its
 * openapi-typescript `operations` as `C`, or {@link AnyOperations}.
 */
export function connectMock<C extends ContractOperations = ThumbnailApiOperations>(url?: string): ConnectedMock<C> {
  const client = new ControlClient(baseUrlOf(url));
  const connected = Object.assign(remoteMembers(client, undefined), {
    url: client.base,
    forKey(key: unknown) {
      checkViewKey(key);
      return remoteMembers(client, key);
    },
  });
  // What the mock sends back is what it recorded and was given; the contract's types describe it for the test.
  return connected as unknown as ConnectedMock<C>;
}

/** Every member the route table carries out, over HTTP: of every key, or of `key` alone (a view, whose filters name no key). */
function remoteMembers(client: ControlClient, key: string | undefined): Record<string, (argument?: unknown) => Promise<unknown>> {
  const members: Record<string, (argument?: unknown) => Promise<unknown>> = {};
  for (const route of CONTROL_ROUTES) {
    const member = route.member;
    // A rule handle's remove() is no member of the double; the document is no member at all.
    if (member === undefined || member === 'removeRule') continue;
    members[member] = (argument) => {
      if (route.body !== undefined) return client.call(member, { body: argument, key });
      const filter = (argument ?? {}) as { operationId?: string; key?: string };
      return client.call(member, { operationId: filter.operationId, key: key ?? filter.key });
    };
  }
  return members;
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
