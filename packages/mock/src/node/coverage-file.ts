// A mock's coverage in the run's folder: when the environment names one (THUMBNAIL_API_MOCK_COVERAGE_DIR, which the
// wrapper sets for its command), every mock a process starts writes its own file there, so that the mocks of a run add
// up to one report (cli/coverage-merge.ts). Written at start and again after each counted request, atomically (a
// temporary file renamed over it): a test worker torn down at any moment leaves the file as of its last request.
import { randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { COVERAGE_DIR_VARIABLE } from '@thumbnail-api/spec/profile';
import { type Coverage, type CoverageReport, DELAYED_OUTCOME } from '../double/coverage.js';

/** How every coverage file's name starts; the merge reads only `<prefix>*.json`. */
export const COVERAGE_FILE_PREFIX = 'thumbnail-api-mock-coverage-';

/** The doors whose mocks write coverage files, as the files name them. */
export const COVERAGE_DOORS = ['startMock()', 'createHandlers()'] as const;
export type CoverageDoor = (typeof COVERAGE_DOORS)[number];

/** One mock's coverage file. */
export interface CoverageFile {
  /** The version of this format. */
  readonly thumbnailApiMockCoverage: 1;
  readonly door: CoverageDoor;
  /** Where it answered: its URL (`startMock()`), or the base URL it intercepted (`createHandlers()`). */
  readonly at: string;
  /** The process it ran in. */
  readonly pid: number;
  /** How many requests it counted. */
  readonly requests: number;
  readonly coverage: CoverageReport;
}

/**
 * When `env` names a coverage folder, writes `coverage` there now and after each request it counts. Throws naming the
 * folder when it cannot be written at start; a later failure is said once on stderr and never fails a request.
 */
export function writeCoverageIntoRun(coverage: Coverage, door: CoverageDoor, at: string, env: NodeJS.ProcessEnv = process.env): void {
  const dir = env[COVERAGE_DIR_VARIABLE];
  if (dir === undefined || dir === '') return;
  const file = join(resolve(dir), `${COVERAGE_FILE_PREFIX}${process.pid}-${randomUUID()}.json`);
  // Not `.json`: a half-written file is never read, and a renamed one is always whole.
  const partial = `${file}.partial`;
  const write = () => {
    const report = coverage.report();
    const content: CoverageFile = { thumbnailApiMockCoverage: 1, door, at, pid: process.pid, requests: countedRequests(report), coverage: report };
    writeFileSync(partial, JSON.stringify(content));
    renameSync(partial, file);
  };
  try {
    mkdirSync(dir, { recursive: true });
    write();
  } catch (error) {
    throw new Error(
      `Cannot write this mock's coverage into ${resolve(dir)}, the folder ${COVERAGE_DIR_VARIABLE} names (${reasonOf(error)}). Set it to a folder this process can write, or unset it.`,
    );
  }
  let failed = false;
  coverage.onCounted = () => {
    try {
      write();
    } catch (error) {
      if (failed) return;
      failed = true;
      console.error(`thumbnail-api-mock: cannot update ${file} (${reasonOf(error)}): the run's coverage misses this mock's requests from here on.`);
    }
  };
}

function reasonOf(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
}

/** How many requests a report counted: each once, whether a rule delayed it or not. */
export function countedRequests(report: CoverageReport): number {
  let requests = 0;
  for (const operation of report.operations) {
    for (const outcome of operation.outcomes) if (outcome.outcome !== DELAYED_OUTCOME) requests += outcome.requests;
  }
  return requests;
}
