// The mocks of a run added up: the coverage files they wrote into the run's folder (node/coverage-file.ts), merged with
// the wrapper's own, into one report: requests summed per operation and outcome, `notSeen` recomputed from the sums,
// the repeated POSTs of every mock listed. And who counted, for the message that names what no mock saw.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { COVERAGE_DIR_VARIABLE } from '@thumbnail-api/spec/profile';
import type { CoverageReport, CoveredOutcome, OperationCoverage } from '../double/coverage.js';
import { COVERAGE_DOORS, COVERAGE_FILE_PREFIX, type CoverageFile } from '../node/coverage-file.js';

/** One mock whose coverage is in a merged report. */
export interface CountedMock {
  /** `the wrapper's` (`the command line's` without a command), `startMock()` or `createHandlers()`. */
  readonly mock: string;
  /** Where it answered (its URL, or the base URL MSW intercepted). */
  readonly at: string;
  /** How many requests it counted. */
  readonly requests: number;
}

/** A report of several mocks: the report of their requests taken together, and each mock. */
export interface MergedCoverageReport extends CoverageReport {
  readonly mocks: readonly CountedMock[];
}

/** A mock's report, with who it is. */
export interface MockCoverage extends CountedMock {
  readonly coverage: CoverageReport;
}

/** Reads every coverage file in `dir`; throws naming the folder, or a file that is not one, and how to make them. */
export function readCoverageFolder(dir: string): MockCoverage[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.startsWith(COVERAGE_FILE_PREFIX) && name.endsWith('.json'));
  } catch (error) {
    throw new Error(`Cannot read the coverage folder ${resolve(dir)} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`);
  }
  return names.sort().map((name) => {
    const file = join(dir, name);
    let read: Partial<CoverageFile>;
    try {
      read = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new Error(`Cannot read the coverage file ${resolve(file)} (${(error as NodeJS.ErrnoException).code ?? 'not JSON'}).`);
    }
    if (read?.thumbnailApiMockCoverage !== 1 || !Array.isArray(read.coverage?.operations) || typeof read.requests !== 'number') {
      throw new Error(
        `${resolve(file)} is not a coverage file of this version of @thumbnail-api/mock; remove it, or run the tests again into an empty folder.`,
      );
    }
    return { mock: read.door ?? 'a mock', at: read.at ?? '', requests: read.requests, coverage: read.coverage };
  });
}

/** Where to look when a folder holds no coverage: which variable makes the mocks write there. */
export function emptyFolderMessage(dir: string): string {
  return `${resolve(dir)} holds no coverage file. Set ${COVERAGE_DIR_VARIABLE}=${dir} for the test run (in the environment, or in a vitest globalSetup before the tests start): each startMock() and createHandlers() then writes one there.`;
}

/** The mocks' reports as one. */
export function mergeCoverage(mocks: readonly MockCoverage[]): MergedCoverageReport {
  const operations = new Map<string, { readonly source: OperationCoverage; readonly outcomes: Map<string, CoveredOutcome> }>();
  for (const report of mocks.map((mock) => mock.coverage)) {
    for (const operation of report.operations) {
      let merged = operations.get(operation.operationId);
      if (merged === undefined) {
        merged = { source: operation, outcomes: new Map() };
        operations.set(operation.operationId, merged);
      }
      for (const outcome of operation.outcomes) {
        const before = merged.outcomes.get(outcome.outcome);
        merged.outcomes.set(
          outcome.outcome,
          before === undefined
            ? outcome
            : { outcome: outcome.outcome, documented: before.documented || outcome.documented, requests: before.requests + outcome.requests },
        );
      }
    }
  }
  const merged: OperationCoverage[] = [];
  const notSeen: string[] = [];
  for (const { source, outcomes } of operations.values()) {
    // The documented outcomes first, in the contract's order, as one mock's report lists them.
    const listed = [...outcomes.values()].sort((a, b) => Number(b.documented) - Number(a.documented));
    for (const outcome of listed) if (outcome.documented && outcome.requests === 0) notSeen.push(`${source.operationId} → ${outcome.outcome}`);
    merged.push({ operationId: source.operationId, method: source.method, path: source.path, outcomes: listed });
  }
  return {
    operations: merged,
    notSeen,
    repeatedPosts: mocks.flatMap((mock) => mock.coverage.repeatedPosts),
    mocks: mocks.map(({ mock, at, requests }) => ({ mock, at, requests })),
  };
}

/** `1 request`, `14 requests`. */
export function requestsText(count: number): string {
  return `${count} request${count === 1 ? '' : 's'}`;
}

/** The mocks of a run by door: `2 startMock(), 1 createHandlers()`. */
export function doorsText(mocks: readonly CountedMock[]): string {
  const byDoor = new Map<string, number>();
  for (const { mock } of mocks) byDoor.set(mock, (byDoor.get(mock) ?? 0) + 1);
  const order = (door: string) => (COVERAGE_DOORS as readonly string[]).indexOf(door);
  return [...byDoor]
    .sort(([a], [b]) => order(a) - order(b))
    .map(([door, count]) => `${count} ${door}`)
    .join(', ');
}
