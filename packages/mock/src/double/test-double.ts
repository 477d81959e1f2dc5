// The mock as a test double: one interface for every way a test reaches it (startMock()'s result and createHandlers()'s
// in this process, connectMock() over HTTP), as WireMock's Admin is one interface in-process and over its admin routes.
// In-process, the answers come at once; over HTTP they are promises: `await` works with both.
import type { MockControls } from './controls.js';
import type { JournalEntry, RequestFilter } from './journal.js';
import type { MockRule } from './rule-check.js';
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
export interface TestDoubleKeyView {
  /** Adds a rule that matches only this key; rejects with a `MockRuleError` naming what the contract forbids. */
  rule(rule: MockRule): Promise<RuleHandle>;
  /** The journal entries of requests sent with this key, oldest first (`operationId` narrows them). */
  requests(filter?: { operationId?: string }): Awaitable<JournalEntry[]>;
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
export interface TestDouble {
  /**
   * Adds a rule, checked against the contract (newest rules are checked first); rejects with a `MockRuleError`
   * naming the field, JSON pointer and schema rule at fault.
   */
  rule(rule: MockRule): Promise<RuleHandle>;
  /** The journal, oldest first, keys redacted; filter by `operationId` and/or `key` (the full key, never shown). */
  requests(filter?: RequestFilter): Awaitable<JournalEntry[]>;
  /** Forgets every journal entry. */
  clearRequests(): Awaitable<void>;
  /** Removes every rule. */
  clearRules(): Awaitable<void>;
  /** Ends every request a `hang` or a delay still holds, with a network error; resolves with how many there were. */
  endPending(): Awaitable<number>;
  /** Removes every rule and journal entry and ends every held request. */
  reset(): Awaitable<void>;
  /** A view whose rules match only `key` and whose journal shows only its requests. */
  forKey(key: string): TestDoubleKeyView;
}

/** A rule in force in this process: its live count of matches too. */
export interface MockRuleHandle extends RuleHandle {
  /** How many requests the rule has matched so far. */
  readonly calls: number;
  remove(): void;
}

/** {@link TestDoubleKeyView} in this process: every answer at once. */
export interface MockKeyView extends TestDoubleKeyView {
  rule(rule: MockRule): Promise<MockRuleHandle>;
  requests(filter?: { operationId?: string }): JournalEntry[];
  clearRequests(): void;
  clearRules(): void;
  endPending(): number;
  reset(): void;
}

/** {@link TestDouble} in this process (startMock()'s and createHandlers()'s results): every answer at once. */
export interface MockTestDouble extends TestDouble {
  rule(rule: MockRule): Promise<MockRuleHandle>;
  requests(filter?: RequestFilter): JournalEntry[];
  /** Requests no longer in the journal because it keeps only the last `journalSize`. */
  readonly droppedRequests: number;
  clearRequests(): void;
  clearRules(): void;
  endPending(): number;
  reset(): void;
  forKey(key: string): MockKeyView;
}

function handleOf(controls: MockControls, rule: ActiveRule): MockRuleHandle {
  return {
    id: rule.id,
    get calls() {
      return rule.calls;
    },
    remove: () => void controls.removeRule(rule.id),
  };
}

/** The test double of controls in this process. */
export function inProcessDouble(controls: MockControls): MockTestDouble {
  return {
    rule: async (rule) => handleOf(controls, await controls.addRule(rule)),
    requests: (filter) => controls.requests(filter),
    get droppedRequests() {
      return controls.journal.dropped;
    },
    clearRequests: () => controls.clearRequests(),
    clearRules: () => controls.clearRules(),
    endPending: () => controls.endPending(),
    reset: () => controls.reset(),
    forKey(key) {
      checkViewKey(key);
      return {
        rule: async (rule) => handleOf(controls, await controls.addRule(rule, key)),
        requests: (filter) => controls.requests({ operationId: filter?.operationId, key }),
        clearRequests: () => controls.clearRequests(key),
        clearRules: () => controls.clearRules(key),
        endPending: () => controls.endPending(key),
        reset: () => controls.reset(key),
      };
    },
  };
}

/** `forKey(key)`'s argument, checked the same way by every implementation. */
export function checkViewKey(key: unknown): asserts key is string {
  if (typeof key !== 'string' || key.length === 0) throw new TypeError('forKey(key) needs the API key the test sends, as a non-empty string.');
}
