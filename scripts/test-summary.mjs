// Prints one closing line for the whole run, summed from every package's vitest JSON report.
// Usage: node scripts/test-summary.mjs [script] [--clear]: `test` (npm test) reads test-results/vitest.json of each
// package that has a `test` script; `test:slow` (npm run test:slow) reads test-results/vitest-slow.json of each that has
// one and test-results/vitest-launchers.json of each that has `test:launchers` (the slow run's second phase);
// `test:launchers` the latter alone. With --clear, it removes those reports instead: the root
// scripts do so before turbo runs, so that a report left by an earlier run is never counted for a package whose tests
// did not run to the end this time (turbo restores the report of a cached task with its outputs).
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { workspaceFolders } from './workspace-folders.mjs';

/** Per root script: the package scripts it runs, each with the report it writes. */
const REPORTS = {
  test: [['test', 'vitest.json']],
  'test:slow': [
    ['test:slow', 'vitest-slow.json'],
    ['test:launchers', 'vitest-launchers.json'],
  ],
  'test:launchers': [['test:launchers', 'vitest-launchers.json']],
};
const args = process.argv.slice(2);
const clear = args.includes('--clear');
const script = args.find((arg) => arg !== '--clear') ?? 'test';
const runs = REPORTS[script];
if (!runs) {
  console.error(`test-summary: unknown script "${script}"; use one of ${Object.keys(REPORTS).join(', ')}.`);
  process.exit(2);
}

const root = new URL('..', import.meta.url).pathname;
/** The report of each workspace package's script, for each package script the root script runs. */
const reports = workspaceFolders(root).flatMap((workspace) => {
  const scripts = JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8')).scripts ?? {};
  return runs
    .filter(([name]) => scripts[name])
    .map(([name, file]) => ({ workspace: name === script ? workspace : `${workspace} (${name})`, report: join(root, workspace, 'test-results', file) }));
});

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
