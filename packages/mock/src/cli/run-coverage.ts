// `thumbnail-api-mock coverage <dir>`: the coverage files the mocks of a run wrote into <dir> (with
// THUMBNAIL_API_MOCK_COVERAGE_DIR set, e.g. by a vitest globalSetup run without the wrapper), added up as the wrapper
// adds them: written to --coverage-report (else printed), and judged with --require-coverage.
import { parseArgs } from 'node:util';
import { COVERAGE_DIR_VARIABLE } from '@thumbnail-api/spec/profile';
import { doorsText, emptyFolderMessage, mergeCoverage, readCoverageFolder, requestsText } from './coverage-merge.js';
import { missingCoverage, parseRequiredCoverage, requirableOutcomesOf, resolveRequiredCoverage } from './required-coverage.js';
import { repeatedPostLines, writeCoverageReport } from './wrapper-report.js';

export const coverageUsage = `Usage: npx @thumbnail-api/mock coverage <dir> [--require-coverage <all|client|operation[:outcome],...>]
                                     [--coverage-report <file>] [--spec <file>]

Adds up the coverage files that the mocks of a test run wrote into <dir>: every startMock() and
createHandlers() in a process whose environment has ${COVERAGE_DIR_VARIABLE}=<dir> writes one,
rewritten after each request it counts. Requests are summed per operation and outcome, notSeen is
worked out again from the sums, the repeated POSTs of every mock are listed. The report is written to
--coverage-report, else printed as JSON; with --require-coverage, exit code 1 names each required
outcome no mock saw (client: the outcomes a well-behaved client can meet; all: every documented one).
--spec names the contract the mocks served, when not the bundled one. Empty <dir> before each run:
files of an earlier run would be counted again. Under the wrapper (-- <command>) none of this is
needed: it sets ${COVERAGE_DIR_VARIABLE} for its command and adds the files up itself.`;

export async function runCoverage(argv: readonly string[]): Promise<void> {
  let options: { dir: string; requireCoverage: string | undefined; coverageReport: string | undefined; spec: string | undefined };
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        'require-coverage': { type: 'string' },
        'coverage-report': { type: 'string' },
        spec: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      console.log(coverageUsage);
      process.exit(0);
    }
    if (positionals.length !== 1) throw new Error('coverage takes one folder of coverage files.');
    options = { dir: positionals[0]!, requireCoverage: values['require-coverage'], coverageReport: values['coverage-report'], spec: values.spec };
    if (options.requireCoverage !== undefined) parseRequiredCoverage(options.requireCoverage);
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${coverageUsage}`);
    process.exit(2);
  }
  const say = (line: string) => console.error(`thumbnail-api-mock coverage: ${line}`);
  try {
    const requirable = await requirableOutcomesOf(options.spec);
    const required = options.requireCoverage === undefined ? undefined : resolveRequiredCoverage(parseRequiredCoverage(options.requireCoverage), requirable);
    const mocks = readCoverageFolder(options.dir);
    if (mocks.length === 0) throw new Error(emptyFolderMessage(options.dir));
    const report = mergeCoverage(mocks);
    const requests = mocks.reduce((sum, mock) => sum + mock.requests, 0);
    say(`${mocks.length} mock(s) (${doorsText(mocks)}), ${requestsText(requests)}.`);
    for (const line of repeatedPostLines(report)) say(line);
    if (options.coverageReport === undefined) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    else writeCoverageReport(options.coverageReport, report);
    const missing = required === undefined ? [] : missingCoverage(required, report);
    for (const outcome of missing) say(`${outcome} was never seen`);
    if (missing.length > 0) {
      say(
        `${missing.length} required outcome(s) never seen, by none of the ${mocks.length} mock(s) whose coverage is in ${options.dir} (${requestsText(requests)}).`,
      );
      process.exit(1);
    }
  } catch (error) {
    say((error as Error).message);
    process.exit(1);
  }
}
