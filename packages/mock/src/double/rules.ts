// The rules a test added, by operation, newest first (as MSW's server.use): the first that matches a request answers it.
// A rule whose `times` are used up leaves the rules in force but is remembered (until removed, cleared or reset), so
// that a request it would have answered is told why it did not (a near miss: `times: used up after 1`).
import { mockHeader } from '@thumbnail-api/spec/profile';
import type { CompiledOperation } from '../contract/compile-operation.js';
import { type MatchableRequest, matches } from './matcher.js';
import type { CheckedRule } from './rule-check.js';

/** The header on every answer a rule made (or delayed), naming the rule by its id. */
export const ruleHeader = mockHeader('rule');

/** A rule in force: what was checked, plus its id, the input it came from and how often it matched. */
export interface ActiveRule extends CheckedRule {
  readonly id: string;
  /** The rule as given, for listing it. */
  readonly input: unknown;
  calls: number;
  remaining: number;
}

/** How many used-up rules are remembered per operation, the newest. */
const RETIRED_PER_OPERATION = 20;

export class RuleBook {
  private readonly byOperation = new Map<CompiledOperation, ActiveRule[]>();
  private readonly byId = new Map<string, ActiveRule>();
  /** Rules whose `times` were used up, newest first, per operation. */
  private readonly retired = new Map<CompiledOperation, ActiveRule[]>();
  private retiredCount = 0;
  private counter = 0;

  /** How many rules are in force. */
  get size(): number {
    return this.byId.size;
  }

  add(rule: CheckedRule, input: unknown): ActiveRule {
    const active: ActiveRule = { ...rule, id: `rule-${++this.counter}`, input, calls: 0, remaining: rule.times };
    const list = this.byOperation.get(rule.operation) ?? [];
    list.unshift(active);
    this.byOperation.set(rule.operation, list);
    this.byId.set(active.id, active);
    return active;
  }

  get(id: string): ActiveRule | undefined {
    return this.byId.get(id);
  }

  /**
   * Removes a rule (with `key`, only one scoped to that key); false when there is none in force (e.g. its `times` were
   * used up: then it is forgotten too).
   */
  remove(id: string, key?: string): boolean {
    const rule = this.byId.get(id);
    if (rule === undefined) {
      this.forgetRetired((retired) => retired.id === id && (key === undefined || retired.key === key));
      return false;
    }
    if (key !== undefined && rule.key !== key) return false;
    this.byId.delete(id);
    const list = this.byOperation.get(rule.operation)!;
    list.splice(list.indexOf(rule), 1);
    if (list.length === 0) this.byOperation.delete(rule.operation);
    return true;
  }

  /** Removes every rule, or every rule scoped to `key` (used-up ones too). */
  clear(key?: string): void {
    for (const rule of [...this.byId.values()]) if (key === undefined || rule.key === key) this.remove(rule.id);
    this.forgetRetired((rule) => key === undefined || rule.key === key);
  }

  /** Rules in force, oldest first; with `key`, those scoped to it. */
  list(key?: string): ActiveRule[] {
    return [...this.byId.values()].filter((rule) => key === undefined || rule.key === key);
  }

  /** The rules of an operation, newest first; `undefined` when there are none (the hot path's only cost). */
  of(operation: CompiledOperation): readonly ActiveRule[] | undefined {
    return this.byId.size === 0 ? undefined : this.byOperation.get(operation);
  }

  /** The used-up rules of an operation, newest first; `undefined` when there are none. */
  retiredOf(operation: CompiledOperation): readonly ActiveRule[] | undefined {
    return this.retiredCount === 0 ? undefined : this.retired.get(operation);
  }

  /**
   * The newest rule of `candidates` that `request` matches (by key and JSON body); counts the match and removes a rule
   * whose `times` are used up.
   */
  match(candidates: readonly ActiveRule[], request: MatchableRequest): ActiveRule | undefined {
    for (const rule of candidates) {
      if (!matches(rule, request)) continue;
      rule.calls++;
      if (--rule.remaining <= 0) this.retire(rule);
      return rule;
    }
    return undefined;
  }

  /** Takes a used-up rule out of force, and remembers it. */
  private retire(rule: ActiveRule): void {
    this.remove(rule.id);
    const list = this.retired.get(rule.operation) ?? [];
    list.unshift(rule);
    this.retiredCount++;
    if (list.length > RETIRED_PER_OPERATION) {
      list.pop();
      this.retiredCount--;
    }
    this.retired.set(rule.operation, list);
  }

  private forgetRetired(which: (rule: ActiveRule) => boolean): void {
    for (const [operation, list] of this.retired) {
      const kept = list.filter((rule) => !which(rule));
      this.retiredCount -= list.length - kept.length;
      if (kept.length === 0) this.retired.delete(operation);
      else this.retired.set(operation, kept);
    }
  }
}
