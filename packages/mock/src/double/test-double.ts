// The mock as a test double: one interface for every way a test reaches it (startMock()'s result and createHandlers()'s
// in this process, connectMock() over HTTP), as WireMock's Admin is one interface in-process and over its admin routes.
// In-process, the answers come at once; over HTTP they are promises: `await` works with both. Every type is read off the
// contract (operation-types.ts): `C` is the bundled contract's operations unless a `--spec` contract brings its own.
import type { MockControls } from './controls.js';
import type { CoverageReport } from './coverage.js';
import type { JournalEntry, OperationEntry, RequestFilter } from './journal-entry.js';
import type { MockRule, RuleInForce } from './mock-rule.js';
import type { NearMiss } from './near-miss.js';
import type { ContractOperations, OperationId, ThumbnailApiOperations } from './operation-types.js';
import type { ActiveRule } from './rules.js';

/** A value, or a promise of it: what `await` takes from every implementation of {@link TestDouble}. */
export type Awaitable<T> = T | Promise<T>;

/** A rule in force, as every implementation's `rule()` resolves with it. */
export interface RuleHandle {
  /** The rule's id, as `DELETE /__mock/rules/{id}` takes it and the journal's `rule` names it. */
  readonly id: string;
  /** Removes the rule (nothing happens if it is gone already, e.g. its `times` were used up). */
  remove(): Awaitable<void>;
}

/** The rules, journal and held requests of one API key: what a test file that uses its own key sees of a shared mock. */
export interface TestDoubleKeyView<C extends ContractOperations = ThumbnailApiOperations> {
  /** Adds a rule that matches only this key; rejects with a `MockRuleError` naming what the contract forbids. */
  rule(rule: MockRule<C>): Promise<RuleHandle>;
  /** The rules of this key in force, oldest first. */
  rules(): Awaitable<RuleInForce<C>[]>;
  /** The journal entries of requests sent with this key, oldest first, of one operation (typed by it). */
  requests<O extends OperationId<C>>(filter: { operationId: O }): Awaitable<OperationEntry<C, O>[]>;
  /** The journal entries of requests sent with this key, oldest first. */
  requests(filter?: { operationId?: OperationId<C> }): Awaitable<JournalEntry<C>[]>;
  /** The requests of this key that no rule answered though their operation had rules, newest first, each with the nearest rule and why. */
  nearMisses(filter?: { operationId?: OperationId<C> }): Awaitable<NearMiss[]>;
  /** What the requests of this key exercised of the contract: each documented outcome with how many saw it, and the simulated ones. */
  coverage(): Awaitable<CoverageReport>;
  /** Forgets the journal entries of this key. */
  clearRequests(): Awaitable<void>;
  /** Removes the rules of this key. */
  clearRules(): Awaitable<void>;
  /** Ends the requests of this key that a `hang` or a delay still holds, with a network error; resolves with how many. */
  endPending(): Awaitable<number>;
  /** Removes the rules and journal entries of this key and ends its held requests. */
  reset(): Awaitable<void>;
}

/** The mock as a test double: what it received, answers chosen per test, and the requests it holds. */
export interface TestDouble<C extends ContractOperations = ThumbnailApiOperations> {
  /**
   * Adds a rule, checked against the contract (newest rules are checked first); rejects with a `MockRuleError`
   * naming the field, JSON pointer and schema rule at fault.
   */
  rule(rule: MockRule<C>): Promise<RuleHandle>;
  /** Every rule in force, oldest first (keys shown by their last four characters). */
  rules(): Awaitable<RuleInForce<C>[]>;
  /** The journal of one operation, oldest first, keys redacted, each entry's body typed by the operation; optionally of one `key`. */
  requests<O extends OperationId<C>>(filter: { operationId: O; key?: string }): Awaitable<OperationEntry<C, O>[]>;
  /** The journal, oldest first, keys redacted; filter by `operationId` and/or `key` (the full key, never shown). */
  requests(filter?: RequestFilter<C>): Awaitable<JournalEntry<C>[]>;
  /**
   * The journal's requests that no rule answered though their operation had rules (in force, or used up), newest first:
   * each with the nearest rule and where the request differs (`body.prompt: expected "a cat", got "a dog"`).
   */
  nearMisses(filter?: RequestFilter<C>): Awaitable<NearMiss[]>;
  /**
   * What the suite exercised of the contract, for the whole run (reset() leaves it): per documented operation, each
   * outcome the contract documents and each simulated one a test used, with how many requests saw it; `notSeen` lists
   * the documented ones never seen; `repeatedPosts` the identical POSTs sent within a second (each a billed generation).
   */
  coverage(filter?: { key?: string }): Awaitable<CoverageReport>;
  /** Forgets every journal entry. */
  clearRequests(): Awaitable<void>;
  /** Removes every rule. */
  clearRules(): Awaitable<void>;
  /** Ends every request a `hang` or a delay still holds, with a network error; resolves with how many there were. */
  endPending(): Awaitable<number>;
  /** Removes every rule and journal entry and ends every held request. */
  reset(): Awaitable<void>;
  /** A view whose rules match only `key` and whose journal shows only its requests. */
  forKey(key: string): TestDoubleKeyView<C>;
}

/** A rule in force in this process: its live count of matches too. */
export interface MockRuleHandle extends RuleHandle {
  /** How many requests the rule has matched so far. */
  readonly calls: number;
  remove(): void;
}

/** {@link TestDoubleKeyView} in this process: every answer at once. */
export interface MockKeyView<C extends ContractOperations = ThumbnailApiOperations> extends TestDoubleKeyView<C> {
  rule(rule: MockRule<C>): Promise<MockRuleHandle>;
  rules(): RuleInForce<C>[];
  requests<O extends OperationId<C>>(filter: { operationId: O }): OperationEntry<C, O>[];
  requests(filter?: { operationId?: OperationId<C> }): JournalEntry<C>[];
  nearMisses(filter?: { operationId?: OperationId<C> }): NearMiss[];
  coverage(): CoverageReport;
  clearRequests(): void;
  clearRules(): void;
  endPending(): number;
  reset(): void;
}

/** {@link TestDouble} in this process (startMock()'s and createHandlers()'s results): every answer at once. */
export interface MockTestDouble<C extends ContractOperations = ThumbnailApiOperations> extends TestDouble<C> {
  rule(rule: MockRule<C>): Promise<MockRuleHandle>;
  rules(): RuleInForce<C>[];
  requests<O extends OperationId<C>>(filter: { operationId: O; key?: string }): OperationEntry<C, O>[];
  requests(filter?: RequestFilter<C>): JournalEntry<C>[];
  nearMisses(filter?: RequestFilter<C>): NearMiss[];
  coverage(filter?: { key?: string }): CoverageReport;
  /** Requests no longer in the journal because it keeps only the last `journalSize`. */
  readonly droppedRequests: number;
  clearRequests(): void;
  clearRules(): void;
  endPending(): number;
  reset(): void;
  forKey(key: string): MockKeyView<C>;
}

function handleOf(controls: MockControls, rule: ActiveRule, key?: string): MockRuleHandle {
  return {
    id: rule.id,
    get calls() {
      return rule.calls;
    },
    remove: () => void controls.removeRule(rule.id, key),
  };
}

/** The test double of controls in this process; the types are the contract's (`C`), the values what the mock recorded. */
export function inProcessDouble<C extends ContractOperations = ThumbnailApiOperations>(controls: MockControls): MockTestDouble<C> {
  const double = {
    rule: async (rule: unknown) => handleOf(controls, await controls.addRule(rule)),
    rules: () => controls.rulesInForce(),
    requests: (filter?: RequestFilter<ContractOperations>) => controls.requests(filter),
    nearMisses: (filter?: RequestFilter<ContractOperations>) => controls.nearMisses(filter),
    coverage: (filter?: { key?: string }) => controls.coverageReport(filter?.key),
    get droppedRequests() {
      return controls.journal.dropped;
    },
    clearRequests: () => controls.clearRequests(),
    clearRules: () => controls.clearRules(),
    endPending: () => controls.endPending(),
    reset: () => controls.reset(),
    forKey(key: unknown) {
      checkViewKey(key);
      return {
        rule: async (rule: unknown) => handleOf(controls, await controls.addRule(rule, key), key),
        rules: () => controls.rulesInForce(key),
        requests: (filter?: { operationId?: string }) => controls.requests({ operationId: filter?.operationId, key }),
        nearMisses: (filter?: { operationId?: string }) => controls.nearMisses({ operationId: filter?.operationId, key }),
        coverage: () => controls.coverageReport(key),
        clearRequests: () => controls.clearRequests(key),
        clearRules: () => controls.clearRules(key),
        endPending: () => controls.endPending(key),
        reset: () => controls.reset(key),
      };
    },
  };
  // The journal and the rules hold what was sent and given; the contract's types describe them for the test.
  return double as unknown as MockTestDouble<C>;
}

/** `forKey(key)`'s argument, checked the same way by every implementation. */
export function checkViewKey(key: unknown): asserts key is string {
  if (typeof key !== 'string' || key.length === 0) throw new TypeError('forKey(key) needs the API key the test sends, as a non-empty string.');
}
