// Prints one closing line for the whole run, summed from every package's vitest JSON report.
// Usage: node scripts/test-summary.mjs [script] [--clear]: `test` (npm test) reads test-results/vitest.json of each
// package that has a `test` script; `test:slow` (npm run test:slow) reads test-results/vitest-slow.json of each that has
// one, `test:launchers` test-results/vitest-launchers.json. With --clear, it removes those reports instead: the root
// scripts do so before turbo runs, so that a report left by an earlier run is never counted for a package whose tests
// did not run to the end this time (turbo restores the report of a cached task with its outputs).
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { workspaceFolders } from './workspace-folders.mjs';

const REPORTS = { test: 'vitest.json', 'test:slow': 'vitest-slow.json', 'test:launchers': 'vitest-launchers.json' };
const args = process.argv.slice(2);
const clear = args.includes('--clear');
const script = args.find((arg) => arg !== '--clear') ?? 'test';
const reportName = REPORTS[script];
if (!reportName) {
  console.error(`test-summary: unknown script "${script}"; use one of ${Object.keys(REPORTS).join(', ')}.`);
  process.exit(2);
}

const root = new URL('..', import.meta.url).pathname;
/** The report of each workspace package that has the script. */
const reports = workspaceFolders(root)
  .filter((workspace) => JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8')).scripts?.[script])
  .map((workspace) => ({ workspace, report: join(root, workspace, 'test-results', reportName) }));

if (clear) {
  for (const { report } of reports) rmSync(report, { force: true });
} else {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const missing = [];
  for (const { workspace, report } of reports) {
    if (!existsSync(report)) {
      missing.push(workspace);
      continue;
    }
    const { numPassedTests, numFailedTests, numPendingTests, numTodoTests } = JSON.parse(readFileSync(report, 'utf8'));
    passed += numPassedTests;
    failed += numFailedTests;
    skipped += numPendingTests + numTodoTests;
  }
  if (missing.length > 0) console.log(`No test report from: ${missing.join(', ')} (their tests did not run to the end).`);
  console.log(`Tests: ${passed} passed, ${failed + missing.length} failed, ${skipped} skipped`);
}
