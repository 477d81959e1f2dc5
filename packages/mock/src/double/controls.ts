// What a test controls, whatever it drives the mock through (the JS API, `/__mock` over HTTP, MSW handlers):
// rules checked against the contract when added, the journal, and the requests held; all optionally scoped to one key.

import type { ContractValidator } from '@thumbnail-api/spec/validator';
import type { CompiledContract } from '../contract/compile-contract.js';
import type { LazyValidator } from '../contract/lazy-validator.js';
import { keyHintOf } from '../http/credentials.js';
import type { Coverage, CoverageReport } from './coverage.js';
import type { EntryFilter, Journal, RecordedEntry } from './journal.js';
import { requireKeyFor } from './key-scope.js';
import type { NearMiss } from './near-miss.js';
import type { PendingRequests } from './pending.js';
import { type CheckedRule, checkRule, MockRuleError } from './rule-check.js';
import { checkReach, type KeyBlock } from './rule-reach.js';
import type { ActiveRule, RuleBook } from './rules.js';

export class MockControls {
  /** Whether every rule and every clearing control must name a key (`requireKey`): set once the preloaded rules are in. */
  requireKey = false;
  /** Why the key registry answers a key first, when there is a registry: a rule for such a key is refused. */
  keyBlock: KeyBlock | undefined;

  constructor(
    private readonly contract: CompiledContract,
    private readonly validator: LazyValidator,
    readonly journal: Journal,
    readonly rules: RuleBook,
    readonly pending: PendingRequests,
    readonly coverage: Coverage,
  ) {}

  /** Checks and adds a rule; with `scopeKey`, the rule matches only that key (a rule naming another key is refused). */
  async addRule(input: unknown, scopeKey?: string): Promise<ActiveRule> {
    const validator = this.validator.loaded ?? (await this.validator.load());
    const scoped = scopedRule(input, scopeKey);
    const checked = this.check(scoped, validator);
    this.refuseOverCap(1);
    return this.rules.add(checked, scoped);
  }

  /** A rule checked against the contract, the registry and `requireKey`. */
  private check(input: unknown, validator: ContractValidator): CheckedRule {
    const rule = checkRule(input, this.contract, validator);
    checkReach(rule, this.contract.model, validator, this.keyBlock);
    if (this.requireKey && rule.key === undefined) {
      throw new MockRuleError(
        'This mock requires a key on every rule (--require-key, requireKey): a rule without "key" would answer every test file sharing the mock. Add it with forKey(key).rule(...), "key" in the rule, or ?key=<key> over HTTP.',
        'key',
      );
    }
    return rule;
  }

  /** Checks every rule before adding any, so a file with one bad rule adds none; errors name the rule's position. */
  async addRules(inputs: unknown, scopeKey?: string): Promise<ActiveRule[]> {
    if (!Array.isArray(inputs)) throw new MockRuleError('Rules must be a JSON array of rules.', 'rules');
    this.refuseOverCap(inputs.length);
    const validator = this.validator.loaded ?? (await this.validator.load());
    const checked = inputs.map((input, index) => {
      try {
        const scoped = scopedRule(input, scopeKey);
        return { scoped, rule: this.check(scoped, validator) };
      } catch (error) {
        if (error instanceof MockRuleError) throw new MockRuleError(`Rule ${index + 1}: ${error.message}`, `[${index}].${error.field}`);
        throw error;
      }
    });
    return checked.map(({ scoped, rule }) => this.rules.add(rule, scoped));
  }

  /** Refuses `adding` more rules when they would pass {@link MAX_RULES}. */
  private refuseOverCap(adding: number): void {
    if (this.rules.size + adding <= MAX_RULES) return;
    throw new MockRuleError(
      `${this.rules.size} rules are in force and at most ${MAX_RULES} may be: remove the rules a test added when it ends (reset(), or rule.remove()).`,
      'rules',
    );
  }

  requests(filter: EntryFilter = {}): RecordedEntry[] {
    return this.journal.entries(filter);
  }

  /** The journal's requests that no rule answered though their operation had rules, newest first, with why. */
  nearMisses(filter: EntryFilter = {}): NearMiss[] {
    const missed: NearMiss[] = [];
    for (const { time, method, path, operationId, status, keyHint, nearMiss } of this.journal.entries(filter)) {
      if (nearMiss !== null) missed.unshift({ time, method, path, operationId, status, keyHint, ...nearMiss });
    }
    return missed;
  }

  /** What the suite exercised of the contract: of every request, or of those sent with `key`. Not cleared by reset(). */
  coverageReport(key?: string): CoverageReport {
    return this.coverage.report(key);
  }

  clearRequests(key?: string): void {
    requireKeyFor(this.requireKey, key, 'clearRequests()');
    this.journal.clear(key);
  }

  /** Removes a rule; with `key`, only one scoped to that key (a test cannot remove another key's rule by its id). */
  removeRule(id: string, key?: string): boolean {
    return this.rules.remove(id, key);
  }

  /** The rules in force (those scoped to `key` only, with one), oldest first, as listed: keys shown by their hint. */
  rulesInForce(key?: string): { id: string; calls: number; rule: unknown }[] {
    return this.rules.list(key).map((rule) => ({ id: rule.id, calls: rule.calls, rule: redactedRule(rule.input) }));
  }

  clearRules(key?: string): void {
    requireKeyFor(this.requireKey, key, 'clearRules()');
    this.rules.clear(key);
  }

  /** Ends the requests a hang or a delay holds (those sent with `key` only, with one); returns how many. */
  endPending(key?: string): number {
    requireKeyFor(this.requireKey, key, 'endPending()');
    return this.pending.end(key);
  }

  /** Clears rules and journal and ends held requests (those of `key` only, with one): nothing of a test outlives it. */
  reset(key?: string): void {
    requireKeyFor(this.requireKey, key, 'reset()');
    this.rules.clear(key);
    this.journal.clear(key);
    this.pending.end(key);
  }
}

/** How many rules may be in force at once: a suite that reaches it adds rules and never removes them. */
export const MAX_RULES = 1000;

/** A rule scoped to `scopeKey` (when given): its own `key` must be left out or be that key. */
function scopedRule(input: unknown, scopeKey: string | undefined): unknown {
  if (scopeKey === undefined || typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const given = (input as { key?: unknown }).key;
  if (given !== undefined && given !== scopeKey) throw new MockRuleError('"key" differs from the key this view is scoped to; leave it out.', 'key');
  return { ...input, key: scopeKey };
}

/** A rule as listed: its key shown only by its last characters. */
function redactedRule(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || !('key' in input) || typeof input.key !== 'string') return input;
  return { ...input, key: keyHintOf(input.key) };
}
