// What the `-- <command>` wrapper says when the run ends: when the command failed, the near misses (requests the rules
// of their operation did not answer, and why) and the rules no request matched; the coverage of the contract (the
// wrapper's mock's and that of the mocks the command started, added up) written to --coverage-report; and with
// --require-coverage, each required outcome the suite never exercised and who counted (then exit code 1).
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { COVERAGE_DIR_VARIABLE } from '@thumbnail-api/spec/profile';
import type { CoverageReport } from '../double/coverage.js';
import type { NearMiss } from '../double/near-miss.js';
import type { ThumbnailApiOperations } from '../double/operation-types.js';
import type { TestDouble } from '../double/test-double.js';
import { countedRequests } from '../node/coverage-file.js';
import { type CountedMock, doorsText, type MockCoverage, mergeCoverage, readCoverageFolder, requestsText } from './coverage-merge.js';
import { missingCoverage, type RequiredOutcome } from './required-coverage.js';

/** How many near misses the failure report shows, the newest. */
const SHOWN_NEAR_MISSES = 20;

/** What the run was asked to report at its end. */
export interface EndOfRun {
  /** --coverage-report: where to write the coverage as JSON. */
  readonly coverageReport: string | undefined;
  /** --require-coverage, resolved against the served contract at start: what the suite must have exercised. */
  readonly requireCoverage: readonly RequiredOutcome[] | undefined;
  /** Whether a command ran under the wrapper (the report of a failure is for it). */
  readonly commandRan: boolean;
  /** The wrapper's mock's URL. */
  readonly url: string;
  /** The folder the command's mocks wrote their coverage into (set for the command when coverage was asked for). */
  readonly coverageDir: string | undefined;
}

/**
 * Reports the end of a run on stderr (`print`), and returns its exit code: the command's, else 1 when a required outcome
 * was never seen, or the report could not be written or the command's mocks' coverage read.
 */
export function endOfRun(double: TestDouble<ThumbnailApiOperations, 'now'>, settings: EndOfRun, code: number, print: (line: string) => void): number {
  let exitCode = code;
  const fail = (message: string) => {
    print(`thumbnail-api-mock: ${message}`);
    if (exitCode === 0) exitCode = 1;
  };
  if (settings.commandRan && code !== 0) {
    for (const line of nearMissLines(double.nearMisses())) print(line);
    for (const line of unusedRuleLines(double.rules())) print(line);
  }
  const own = double.coverage();
  const mock = settings.commandRan ? "the wrapper's" : "the command line's";
  const mocks: MockCoverage[] = [{ mock, at: settings.url, requests: countedRequests(own), coverage: own }];
  if (settings.coverageDir !== undefined) {
    try {
      mocks.push(...readCoverageFolder(settings.coverageDir));
    } catch (error) {
      fail(`${(error as Error).message} The coverage of the command's mocks is left out.`);
    }
  }
  const report = mergeCoverage(mocks);
  for (const line of repeatedPostLines(report)) print(`thumbnail-api-mock: ${line}`);
  if (settings.coverageReport !== undefined) {
    try {
      writeCoverageReport(settings.coverageReport, report);
    } catch (error) {
      fail((error as Error).message);
    }
  }
  if (settings.requireCoverage !== undefined) {
    const missing = missingCoverage(settings.requireCoverage, report);
    for (const outcome of missing) print(`thumbnail-api-mock: ${outcome} was never seen`);
    if (missing.length > 0) {
      for (const line of countedByLines(missing.length, report.mocks)) fail(line);
    }
  }
  return exitCode;
}

/** Who counted, when required outcomes were never seen: the wrapper's mock and those the command started, with their requests. */
export function countedByLines(missing: number, mocks: readonly CountedMock[]): string[] {
  const [own, ...started] = mocks as [CountedMock, ...CountedMock[]];
  const theirs = started.reduce((sum, mock) => sum + mock.requests, 0);
  const lines = [
    started.length === 0
      ? `${missing} required outcome(s) never seen, by the only mock of this run, the wrapper's (${requestsText(own.requests)}).`
      : `${missing} required outcome(s) never seen, by none of the ${mocks.length} mocks of this run: the wrapper's (${requestsText(own.requests)}) and ${started.length} started by the command (${requestsText(theirs)}: ${doorsText(started)}).`,
  ];
  if (own.requests === 0) {
    lines.push(
      `The wrapper's mock served no request: the command's tests send theirs to mocks of their own (startMock(), createHandlers()), which are counted only when they run in the wrapped command's processes (those inherit ${COVERAGE_DIR_VARIABLE}); a mock in another terminal, a container or a service started apart is not.`,
    );
  }
  return lines;
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
