// Prints one closing line for the whole run, summed from every package's vitest JSON report.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const workspaces = ['spec', 'docs', ...readdirSync(join(root, 'packages')).map((name) => join('packages', name))];
let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];
for (const workspace of workspaces) {
  const hasTests = JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8')).scripts?.test;
  if (!hasTests) continue;
  const report = join(root, workspace, 'test-results', 'vitest.json');
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
