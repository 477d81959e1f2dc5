// The test-double methods of a running mock: rules and the journal from JavaScript, optionally scoped to one key.
import type { MockControls } from './engine/controls.js';
import type { JournalEntry, RequestFilter } from './engine/journal.js';
import type { MockRule } from './engine/rule-check.js';
import type { ActiveRule } from './engine/rules.js';

/** A rule in force, as `rule()` returns it. */
export interface MockRuleHandle {
  /** The rule's id, as `DELETE /__mock/rules/{id}` takes it. */
  readonly id: string;
  /** How many requests the rule has matched so far. */
  readonly calls: number;
  /** Removes the rule (nothing happens if it is gone already, e.g. its `times` were used up). */
  remove(): void;
}

/** Rules and journal of one API key: what a test file that uses its own key sees of a shared mock. */
export interface MockKeyView {
  /** Adds a rule that matches only this key; rejects with a `MockRuleError` naming what the contract forbids. */
  rule(rule: MockRule): Promise<MockRuleHandle>;
  /** The journal entries of requests sent with this key, oldest first (`operationId` narrows them). */
  requests(filter?: { operationId?: string }): JournalEntry[];
  /** Forgets the journal entries of this key. */
  clearRequests(): void;
  /** Removes the rules of this key. */
  clearRules(): void;
  /** Removes the rules and journal entries of this key. */
  reset(): void;
}

/** The mock as a test double: what it received, and answers chosen per test. */
export interface MockTestDouble {
  /**
   * Adds a rule, checked against the contract (newest rules are checked first); rejects with a `MockRuleError`
   * naming the field, JSON pointer and schema rule at fault.
   */
  rule(rule: MockRule): Promise<MockRuleHandle>;
  /** The journal, oldest first, keys redacted; filter by `operationId` and/or `key` (the full key, never shown). */
  requests(filter?: RequestFilter): JournalEntry[];
  /** Requests no longer in the journal because it keeps only the last `journalSize`. */
  readonly droppedRequests: number;
  /** Forgets every journal entry. */
  clearRequests(): void;
  /** Removes every rule. */
  clearRules(): void;
  /** Removes every rule and journal entry. */
  reset(): void;
  /** A view whose rules match only `key` and whose journal shows only its requests. */
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

export function testDoubleOf(controls: MockControls): MockTestDouble {
  return {
    rule: async (rule) => handleOf(controls, await controls.addRule(rule)),
    requests: (filter) => controls.requests(filter),
    get droppedRequests() {
      return controls.journal.dropped;
    },
    clearRequests: () => controls.clearRequests(),
    clearRules: () => controls.clearRules(),
    reset: () => controls.reset(),
    forKey(key) {
      if (typeof key !== 'string' || key.length === 0) throw new TypeError('forKey(key) needs the API key the test sends, as a non-empty string.');
      return {
        rule: async (rule) => handleOf(controls, await controls.addRule(rule, key)),
        requests: (filter) => controls.requests({ operationId: filter?.operationId, key }),
        clearRequests: () => controls.clearRequests(key),
        clearRules: () => controls.clearRules(key),
        reset: () => controls.reset(key),
      };
    },
  };
}
