// Prints one closing line for the whole run, summed from every package's vitest JSON report.
// Usage: node scripts/test-summary.mjs [script]: `test` (npm test) reads test-results/vitest.json of each package
// that has a `test` script; `test:slow` (npm run test:slow) reads test-results/vitest-slow.json of each that has one.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { workspaceFolders } from './workspace-folders.mjs';

const REPORTS = { test: 'vitest.json', 'test:slow': 'vitest-slow.json' };
const script = process.argv[2] ?? 'test';
const reportName = REPORTS[script];
if (!reportName) {
  console.error(`test-summary: unknown script "${script}"; use one of ${Object.keys(REPORTS).join(', ')}.`);
  process.exit(2);
}

const root = new URL('..', import.meta.url).pathname;
const workspaces = workspaceFolders(root);
let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];
for (const workspace of workspaces) {
  const hasTests = JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8')).scripts?.[script];
  if (!hasTests) continue;
  const report = join(root, workspace, 'test-results', reportName);
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
