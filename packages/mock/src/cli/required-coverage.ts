// --require-coverage: what a run must have exercised of the contract, read from the command line, checked against the
// served contract before anything runs (an operation or an outcome it cannot show is refused at once, naming what it
// has), and judged at the end against the run's coverage report.
import { compileContract } from '../contract/compile-contract.js';
import { lazyValidator } from '../contract/lazy-validator.js';
import { readContract } from '../contract/read-contract.js';
import type { CoverageReport } from '../double/coverage.js';
import { COVERAGE_PRESETS, type CoveragePreset, outcomeCovers, type RequirableOutcomes, requirableOutcomes } from '../double/coverage-presets.js';
import { nearestOf } from '../double/nearest-name.js';

/** One item of --require-coverage: a preset, or an operation (each of its documented outcomes), or one outcome of it. */
export type RequiredItem = { readonly preset: CoveragePreset } | { readonly operationId: string; readonly outcome: string | undefined };

/** What --require-coverage asks for, as written. */
export type RequiredCoverage = readonly RequiredItem[];

/** One outcome the run must have seen: as a report names it, or the start of such a name (`403`, `fault=malformed`). */
export interface RequiredOutcome {
  readonly operationId: string;
  readonly outcome: string;
}

const syntax = 'all, client, or operations and outcomes such as createThumbnail,listThumbnails:403 (comma-separated)';

/** Reads `all`, `client` or `createThumbnail,listThumbnails:403,...`; throws saying how to write it. */
export function parseRequiredCoverage(value: string): RequiredCoverage {
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (items.length === 0) throw new Error(`--require-coverage takes ${syntax}.`);
  return items.map((item) => {
    if ((COVERAGE_PRESETS as readonly string[]).includes(item)) return { preset: item as CoveragePreset };
    const at = item.indexOf(':');
    return at === -1 ? { operationId: item, outcome: undefined } : { operationId: item.slice(0, at), outcome: item.slice(at + 1).trim() };
  });
}

/** The requirable outcomes of the contract at `specPath` (the bundled one without it), read as the mock reads it. */
export async function requirableOutcomesOf(specPath: string | undefined): Promise<RequirableOutcomes[]> {
  const { model } = await readContract(specPath);
  return requirableOutcomes(compileContract(model, lazyValidator(model), { checkExamples: false }));
}

/**
 * The outcomes `required` stands for, against the served contract's `requirable` ones; throws naming an operation the
 * contract does not have, or an outcome its operation cannot show, with those it can.
 */
export function resolveRequiredCoverage(required: RequiredCoverage, requirable: readonly RequirableOutcomes[]): RequiredOutcome[] {
  const resolved = new Map<string, RequiredOutcome>();
  const add = (operationId: string, outcomes: readonly string[]) => {
    for (const outcome of outcomes) resolved.set(`${operationId}\n${outcome}`, { operationId, outcome });
  };
  for (const item of required) {
    if ('preset' in item) {
      for (const operation of requirable) add(operation.operationId, operation[item.preset]);
      continue;
    }
    const operation = requirable.find((candidate) => candidate.operationId === item.operationId);
    if (operation === undefined) {
      const known = requirable.map((candidate) => candidate.operationId);
      const nearest = nearestOf(item.operationId, known);
      throw new Error(
        `--require-coverage names ${item.operationId}, which the contract does not have${nearest ? ` (did you mean ${nearest}?)` : ''}; it has ${known.join(', ')}.`,
      );
    }
    if (item.outcome === undefined) add(operation.operationId, operation.all);
    else if (canShow(operation, item.outcome)) add(operation.operationId, [item.outcome]);
    else throw new Error(unknownOutcome(operation, item.outcome));
  }
  return [...resolved.values()];
}

/** Each required outcome no request of `report` saw, as `createThumbnail → 403 with x-api-key`. */
export function missingCoverage(required: readonly RequiredOutcome[], report: CoverageReport): string[] {
  return required
    .filter(({ operationId, outcome }) => {
      const outcomes = report.operations.find((operation) => operation.operationId === operationId)?.outcomes ?? [];
      return !outcomes.some((seen) => seen.requests > 0 && outcomeCovers(outcome, seen.outcome));
    })
    .map(({ operationId, outcome }) => `${operationId} → ${outcome}`);
}

/** Whether `outcome` names something the operation can show: documented, a fault, a delay, a 406, or a status a rule simulates. */
function canShow(operation: RequirableOutcomes, outcome: string): boolean {
  if ([...operation.all, ...operation.others].some((known) => outcomeCovers(outcome, known))) return true;
  const simulated = /^status=([1-5]\d\d)$/.exec(outcome)?.[1];
  return simulated !== undefined && !operation.all.some((known) => outcomeCovers(simulated, known));
}

function unknownOutcome(operation: RequirableOutcomes, outcome: string): string {
  const { operationId } = operation;
  return (
    `--require-coverage names ${operationId}:${outcome}, which ${operationId} cannot show. The contract documents ${operation.all.join(', ')} ` +
    `(a status alone, e.g. ${operationId}:403, stands for each way of sending the key); a rule can also make ${operation.others.join(', ')}, ` +
    'and status=<code> for a status the contract does not document.'
  );
}
