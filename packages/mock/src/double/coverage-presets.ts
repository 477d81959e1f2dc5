// What --require-coverage can ask of each operation of the served contract: every outcome it documents (the preset
// `all`), those a well-behaved client can meet (`client`: the documented answers to a request it sends, and each fault
// a rule simulates), and what else a rule or a request makes and a report names.
import type { CompiledContract } from '../contract/compile-contract.js';
import { DELAYED_OUTCOME, documentedOutcomes, NOT_ACCEPTABLE_OUTCOME } from './coverage.js';
import { FAULTS } from './mock-rule.js';

/** The named sets of outcomes: `all` (every documented outcome, raw requests' included) and `client`. */
export const COVERAGE_PRESETS = ['all', 'client'] as const;
export type CoveragePreset = (typeof COVERAGE_PRESETS)[number];

/** The outcomes of one operation that a run can be required to have seen. */
export interface RequirableOutcomes {
  readonly operationId: string;
  /** Every outcome the contract documents: each status, a 401 and a 403 by each form of the key, each refusal of a body. */
  readonly all: readonly string[];
  /** The documented answers to what a client sends (its key in the preferred form, a valid body), and each fault. */
  readonly client: readonly string[];
  /** What else a report names: each fault, a rule's delay, an `Accept` not met (and `status=<code>` of a status not documented). */
  readonly others: readonly string[];
}

/** Each operation's requirable outcomes, in the contract's order. */
export function requirableOutcomes(contract: CompiledContract): RequirableOutcomes[] {
  const faults = FAULTS.map((fault) => `fault=${fault}`);
  return contract.operations.map((operation) => ({
    operationId: operation.name,
    all: documentedOutcomes(operation, contract.apiKeys),
    client: [...documentedOutcomes(operation, contract.apiKeys, 'client'), ...faults],
    others: [...faults, DELAYED_OUTCOME, NOT_ACCEPTABLE_OUTCOME],
  }));
}

/**
 * Whether an outcome a report names (`403 with x-api-key`, `fault=malformed; status=503 (...)`) is what `required` asks
 * for: the same, or more of it (a status alone stands for each way the key was sent; a fault for any status it came with).
 */
export function outcomeCovers(required: string, outcome: string): boolean {
  return outcome === required || outcome.startsWith(`${required} `) || outcome.startsWith(`${required};`);
}
