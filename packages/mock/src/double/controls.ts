// What a test controls, whatever it drives the mock through (the JS API, `/__mock` over HTTP, MSW handlers):
// rules checked against the contract when added, the journal, and the requests held; all optionally scoped to one key.
import type { CompiledContract } from '../contract/compile-contract.js';
import type { LazyValidator } from '../contract/lazy-validator.js';
import type { Journal, JournalEntry, RequestFilter } from './journal.js';
import type { PendingRequests } from './pending.js';
import { checkRule, MockRuleError } from './rule-check.js';
import type { ActiveRule, RuleBook } from './rules.js';

export class MockControls {
  constructor(
    private readonly contract: CompiledContract,
    private readonly validator: LazyValidator,
    readonly journal: Journal,
    readonly rules: RuleBook,
    readonly pending: PendingRequests,
  ) {}

  /** Checks and adds a rule; with `scopeKey`, the rule matches only that key (a rule naming another key is refused). */
  async addRule(input: unknown, scopeKey?: string): Promise<ActiveRule> {
    const validator = this.validator.loaded ?? (await this.validator.load());
    const scoped = scopedRule(input, scopeKey);
    return this.rules.add(checkRule(scoped, this.contract, validator), scoped);
  }

  /** Checks every rule before adding any, so a file with one bad rule adds none; errors name the rule's position. */
  async addRules(inputs: unknown, scopeKey?: string): Promise<ActiveRule[]> {
    if (!Array.isArray(inputs)) throw new MockRuleError('Rules must be a JSON array of rules.', 'rules');
    const validator = this.validator.loaded ?? (await this.validator.load());
    const checked = inputs.map((input, index) => {
      try {
        const scoped = scopedRule(input, scopeKey);
        return { scoped, rule: checkRule(scoped, this.contract, validator) };
      } catch (error) {
        if (error instanceof MockRuleError) throw new MockRuleError(`Rule ${index + 1}: ${error.message}`, `[${index}].${error.field}`);
        throw error;
      }
    });
    return checked.map(({ scoped, rule }) => this.rules.add(rule, scoped));
  }

  requests(filter: RequestFilter = {}): JournalEntry[] {
    return this.journal.entries(filter);
  }

  clearRequests(key?: string): void {
    this.journal.clear(key);
  }

  removeRule(id: string): boolean {
    return this.rules.remove(id);
  }

  clearRules(key?: string): void {
    this.rules.clear(key);
  }

  /** Ends the requests a hang or a delay holds (those sent with `key` only, with one); returns how many. */
  endPending(key?: string): number {
    return this.pending.end(key);
  }

  /** Clears rules and journal and ends held requests (those of `key` only, with one): nothing of a test outlives it. */
  reset(key?: string): void {
    this.rules.clear(key);
    this.journal.clear(key);
    this.pending.end(key);
  }
}

/** A rule scoped to `scopeKey` (when given): its own `key` must be left out or be that key. */
function scopedRule(input: unknown, scopeKey: string | undefined): unknown {
  if (scopeKey === undefined || typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const given = (input as { key?: unknown }).key;
  if (given !== undefined && given !== scopeKey) throw new MockRuleError('"key" differs from the key this view is scoped to; leave it out.', 'key');
  return { ...input, key: scopeKey };
}
