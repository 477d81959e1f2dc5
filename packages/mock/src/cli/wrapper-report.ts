// What the `-- <command>` wrapper says when the run ends: when the command failed, the near misses (requests the rules
// of their operation did not answer, and why) and the rules no request matched; the coverage of the contract written to --coverage-report; and with
// --require-coverage, each required outcome the suite never exercised (then exit code 1).
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CoverageReport } from '../double/coverage.js';
import type { NearMiss } from '../double/near-miss.js';
import type { ThumbnailApiOperations } from '../double/operation-types.js';
import type { TestDouble } from '../double/test-double.js';

/** What --require-coverage asks for: every documented outcome, or these operations (and outcomes of them). */
export type RequiredCoverage = 'all' | readonly { readonly operationId: string; readonly outcome: string | undefined }[];

/** How many near misses the failure report shows, the newest. */
const SHOWN_NEAR_MISSES = 20;

/** What the run was asked to report at its end. */
export interface EndOfRun {
  /** --coverage-report: where to write the coverage as JSON. */
  readonly coverageReport: string | undefined;
  /** --require-coverage: what the suite must have exercised. */
  readonly requireCoverage: RequiredCoverage | undefined;
  /** Whether a command ran under the wrapper (the report of a failure is for it). */
  readonly commandRan: boolean;
}

/**
 * Reports the end of a run on stderr (`print`), and returns its exit code: the command's, else 1 when a required outcome
 * was never seen or the report could not be written.
 */
export function endOfRun(double: TestDouble<ThumbnailApiOperations, 'now'>, settings: EndOfRun, code: number, print: (line: string) => void): number {
  const report = double.coverage();
  let exitCode = code;
  if (settings.commandRan && code !== 0) {
    for (const line of nearMissLines(double.nearMisses())) print(line);
    for (const line of unusedRuleLines(double.rules())) print(line);
  }
  for (const line of repeatedPostLines(report)) print(`thumbnail-api-mock: ${line}`);
  if (settings.coverageReport !== undefined) {
    try {
      writeCoverageReport(settings.coverageReport, report);
    } catch (error) {
      print(`thumbnail-api-mock: ${(error as Error).message}`);
      if (exitCode === 0) exitCode = 1;
    }
  }
  if (settings.requireCoverage !== undefined) {
    const missing = missingCoverage(settings.requireCoverage, report);
    for (const line of missing) print(`thumbnail-api-mock: ${line}`);
    if (missing.length > 0 && exitCode === 0) exitCode = 1;
  }
  return exitCode;
}

/** Reads `--require-coverage all` or `createThumbnail,listThumbnails:403,...`; throws saying how to write it. */
export function parseRequiredCoverage(value: string): RequiredCoverage {
  if (value.trim() === 'all') return 'all';
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (items.length === 0) {
    throw new Error('--require-coverage takes all, or operations and outcomes such as createThumbnail,listThumbnails:403 (comma-separated).');
  }
  return items.map((item) => {
    const at = item.indexOf(':');
    return at === -1 ? { operationId: item, outcome: undefined } : { operationId: item.slice(0, at), outcome: item.slice(at + 1).trim() };
  });
}

/** Throws naming an operation the contract does not have (checked at start, against the served contract). */
export function checkRequiredCoverage(required: RequiredCoverage, report: CoverageReport): void {
  if (required === 'all') return;
  const known = report.operations.map((operation) => operation.operationId);
  for (const { operationId } of required) {
    if (!known.includes(operationId)) throw new Error(`--require-coverage names ${operationId}, which the contract does not have; it has ${known.join(', ')}.`);
  }
}

/** Each required outcome no request saw, as `createThumbnail → 403 was never seen`. */
export function missingCoverage(required: RequiredCoverage, report: CoverageReport): string[] {
  if (required === 'all') return report.notSeen.map((outcome) => `${outcome} was never seen`);
  const missing: string[] = [];
  for (const { operationId, outcome } of required) {
    if (outcome === undefined) {
      missing.push(...report.notSeen.filter((seen) => seen.startsWith(`${operationId} → `)).map((seen) => `${seen} was never seen`));
      continue;
    }
    const outcomes = report.operations.find((operation) => operation.operationId === operationId)!.outcomes;
    const seen = outcomes.some((entry) => entry.requests > 0 && (entry.outcome === outcome || entry.outcome.startsWith(`${outcome} `)));
    if (!seen) missing.push(`${operationId} → ${outcome} was never seen`);
  }
  return missing;
}

/** The near misses of a failed run, newest first, as lines to print; empty when there were none. */
export function nearMissLines(nearMisses: readonly NearMiss[]): string[] {
  if (nearMisses.length === 0) return [];
  const lines = [`${nearMisses.length} request(s) the rules of their operation did not answer (near misses, newest first):`];
  for (const missed of nearMisses.slice(0, SHOWN_NEAR_MISSES)) {
    const who = missed.keyHint === null ? 'no key' : missed.keyHint;
    lines.push(`  ${missed.method} ${missed.path} (${who}) got ${missed.status ?? 'no answer'}; nearest rule ${missed.rule}: ${missed.difference}`);
  }
  if (nearMisses.length > SHOWN_NEAR_MISSES) lines.push(`  ... and ${nearMisses.length - SHOWN_NEAR_MISSES} more: GET /__mock/near-misses lists them all.`);
  return lines;
}

/** The rules still in force that no request matched, as lines to print; empty when there were none. */
export function unusedRuleLines(rules: readonly { readonly id: string; readonly calls: number; readonly rule: unknown }[]): string[] {
  const unused = rules.filter((rule) => rule.calls === 0);
  if (unused.length === 0) return [];
  const shown = (rule: unknown) => {
    const text = JSON.stringify(rule);
    return text.length > 160 ? `${text.slice(0, 160)}…` : text;
  };
  return [`${unused.length} rule(s) in force never matched a request:`, ...unused.map((rule) => `  ${rule.id} ${shown(rule.rule)}`)];
}

/** The identical POSTs of the run, as lines to print. */
export function repeatedPostLines(report: CoverageReport): string[] {
  return report.repeatedPosts.map(
    (post) =>
      `${post.operationId}: ${post.repeats} request(s) repeated the one before within a second, with the same key (${post.keyHint ?? 'no key'}) and body; on the real service each is a separate (billed) call.`,
  );
}

/** Writes the coverage report as JSON; throws naming the file when it cannot. */
export function writeCoverageReport(file: string, report: CoverageReport): void {
  try {
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  } catch (error) {
    throw new Error(`Cannot write the coverage report to ${resolve(file)} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`);
  }
}
