// What a test controls, whatever it drives the mock through (the JS API, `/__mock` over HTTP, MSW handlers):
// rules checked against the contract when added, and the journal; all of it optionally scoped to one API key.
import type { LazyValidator } from '../contract/lazy-validator.js';
import type { CompiledContract } from './compile-contract.js';
import type { Journal, JournalEntry, RequestFilter } from './journal.js';
import { checkRule, MockRuleError } from './rule-check.js';
import type { ActiveRule, RuleBook } from './rules.js';

export class MockControls {
  constructor(
    private readonly contract: CompiledContract,
    private readonly validator: LazyValidator,
    readonly journal: Journal,
    readonly rules: RuleBook,
  ) {}

  /** Checks and adds a rule; with `scopeKey`, the rule matches only that key (a rule naming another key is refused). */
  async addRule(input: unknown, scopeKey?: string): Promise<ActiveRule> {
    const validator = this.validator.loaded ?? (await this.validator.load());
    let scoped = input;
    if (scopeKey !== undefined && typeof input === 'object' && input !== null && !Array.isArray(input)) {
      const given = (input as { key?: unknown }).key;
      if (given !== undefined && given !== scopeKey) throw new MockRuleError('"key" differs from the key this view is scoped to; leave it out.', 'key');
      scoped = { ...input, key: scopeKey };
    }
    return this.rules.add(checkRule(scoped, this.contract, validator), scoped);
  }

  /** Checks every rule before adding any, so a file with one bad rule adds none; errors name the rule's position. */
  async addRules(inputs: unknown): Promise<ActiveRule[]> {
    if (!Array.isArray(inputs)) throw new MockRuleError('Rules must be a JSON array of rules.', 'rules');
    const validator = this.validator.loaded ?? (await this.validator.load());
    const checked = inputs.map((input, index) => {
      try {
        return checkRule(input, this.contract, validator);
      } catch (error) {
        if (error instanceof MockRuleError) throw new MockRuleError(`Rule ${index + 1}: ${error.message}`, `[${index}].${error.field}`);
        throw error;
      }
    });
    return checked.map((rule, index) => this.rules.add(rule, inputs[index]));
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

  /** Clears rules and journal (those of `key` only, with one). */
  reset(key?: string): void {
    this.rules.clear(key);
    this.journal.clear(key);
  }
}
