// The mock as a test double, described once for every way a test reaches it: startMock()'s and createHandlers()'s results
// in this process, connectMock() over HTTP, as WireMock's Admin is one interface in-process and over its admin routes.
// The forms differ only in how answers arrive (`D`: at once, or promised), never in their members; a key view has the
// same members for one key. Every type is read off the contract (operation-types.ts): `C` is the bundled contract's
// operations unless a `--spec` contract brings its own.
import type { CoverageReport } from './coverage.js';
import type { JournalEntry, OperationEntry, RequestFilter } from './journal-entry.js';
import type { MockRule, RuleInForce } from './mock-rule.js';
import type { NearMiss } from './near-miss.js';
import type { ContractOperations, OperationId, ThumbnailApiOperations } from './operation-types.js';

/** How a test double's answers arrive: at once, in this process (`now`), or as promises, over HTTP (`promised`). */
export type Delivery = 'now' | 'promised';

/** `T` as a double delivering `D` answers it; for `Delivery` (any double), `T` or a promise of it: `await` takes both. */
export type Answer<D extends Delivery, T> = D extends 'promised' ? Promise<T> : T;

/** A rule in force, as `rule()` resolves with it. */
export interface RuleHandle<D extends Delivery = Delivery> {
  /** The rule's id, as `DELETE /__mock/rules/{id}` takes it and the journal's `rule` names it. */
  readonly id: string;
  /** Removes the rule (nothing happens if it is gone already, e.g. its `times` were used up). */
  remove(): Answer<D, void>;
}

/** Whether members act on every key, or on the key of a view (whose filters then name no key). */
export type DoubleScope = 'every key' | 'one key';

/** A journal filter: by operation, and with `every key` by key too (the full key, never shown). */
export type ScopedFilter<C extends ContractOperations, S extends DoubleScope> = S extends 'every key'
  ? RequestFilter<C>
  : { readonly operationId?: OperationId<C> };

/**
 * The members of a test double, written once: on every key (`S` = `every key`, {@link TestDouble}) or on the key of a
 * view (`one key`, {@link TestDoubleKeyView}), their answers delivered as `D` says.
 */
export interface TestDoubleMembers<C extends ContractOperations, D extends Delivery, S extends DoubleScope> {
  /**
   * Adds a rule, checked against the contract (newest rules are checked first; in a view it matches only the view's
   * key); rejects with a `MockRuleError` naming the field, JSON pointer and schema rule at fault.
   */
  rule(rule: MockRule<C>): Promise<RuleHandle<D>>;
  /** The rules in force, oldest first (keys shown by their last four characters). */
  rules(): Answer<D, RuleInForce<C>[]>;
  /** The journal of one operation, oldest first, keys redacted, each entry's body typed by the operation. */
  requests<O extends OperationId<C>>(filter: ScopedFilter<C, S> & { readonly operationId: O }): Answer<D, OperationEntry<C, O>[]>;
  /** The journal, oldest first, keys redacted (a view's: the requests sent with its key). */
  requests(filter?: ScopedFilter<C, S>): Answer<D, JournalEntry<C>[]>;
  /**
   * The journal's requests that no rule answered though their operation had rules (in force, or used up), newest first:
   * each with the nearest rule and where the request differs (`body.prompt: expected "a cat", got "a dog"`).
   */
  nearMisses(filter?: ScopedFilter<C, S>): Answer<D, NearMiss[]>;
  /**
   * What the suite exercised of the contract, for the whole run (reset() leaves it): per documented operation, each
   * outcome the contract documents and each simulated one a test used, with how many requests saw it; `notSeen` lists
   * the documented ones never seen; `repeatedPosts` the identical POSTs sent within a second (each a billed generation).
   */
  coverage(filter?: S extends 'every key' ? { readonly key?: string } : never): Answer<D, CoverageReport>;
  /** Requests no longer in the journal because it keeps only the last `journalSize` (of each key). */
  droppedRequests(): Answer<D, number>;
  /** Forgets the journal's entries. */
  clearRequests(): Answer<D, void>;
  /** Removes the rules. */
  clearRules(): Answer<D, void>;
  /** Ends the requests a `hang` or a delay still holds, with a network error; answers how many there were. */
  endPending(): Answer<D, number>;
  /** Removes the rules and journal entries and ends the held requests. */
  reset(): Answer<D, void>;
}

/**
 * The mock as a test double: what it received, answers chosen per test, and the requests it holds. `D` is how its
 * answers arrive: `now` for startMock()'s and createHandlers()'s results, `promised` for connectMock()'s; left out, any.
 */
export interface TestDouble<C extends ContractOperations = ThumbnailApiOperations, D extends Delivery = Delivery> extends TestDoubleMembers<C, D, 'every key'> {
  /** A view whose rules match only `key` and whose journal, held requests and coverage are only its requests'. */
  forKey(key: string): TestDoubleKeyView<C, D>;
}

/** The rules, journal, held requests and coverage of one API key: what a test file that uses its own key sees of a shared mock. */
export type TestDoubleKeyView<C extends ContractOperations = ThumbnailApiOperations, D extends Delivery = Delivery> = TestDoubleMembers<C, D, 'one key'>;

/** `forKey(key)`'s argument, checked the same way by every implementation. */
export function checkViewKey(key: unknown): asserts key is string {
  if (typeof key !== 'string' || key.length === 0) throw new TypeError('forKey(key) needs the API key the test sends, as a non-empty string.');
}
