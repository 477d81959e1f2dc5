// scripts/test-summary.mjs, the closing line of npm test and npm run test:slow, run on a throwaway workspace of three
// packages: it sums their vitest reports, counts a package without one as failed, and a report left by an earlier run
// (planted here) is cleared before the run, so that a package whose tests did not run to the end this time fails. And
// the root scripts clear the reports before turbo runs.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'test-summary-test-'));
  mkdirSync(join(root, 'scripts'));
  for (const script of ['test-summary.mjs', 'workspace-folders.mjs']) cpSync(join(repoRoot, 'scripts', script), join(root, 'scripts', script));
  writeFileSync(join(root, 'pnpm-workspace.yaml'), 'packages:\n  - packages/*\n');
  for (const name of ['alpha', 'beta', 'gamma']) {
    mkdirSync(join(root, 'packages', name, 'test-results'), { recursive: true });
    // gamma has no tests.
    const scripts = name === 'gamma' ? {} : { test: 'vitest run' };
    writeFileSync(join(root, 'packages', name, 'package.json'), JSON.stringify({ name, scripts }));
  }
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** What a package's vitest run writes at its end (`vitest.json` for `test`). */
function report(name: string, passed: number, failed: number, file = 'vitest.json'): void {
  const counts = { numPassedTests: passed, numFailedTests: failed, numPendingTests: 0, numTodoTests: 0 };
  writeFileSync(join(root, 'packages', name, 'test-results', file), JSON.stringify(counts));
}

function summary(...args: string[]): string {
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'test-summary.mjs'), ...args], { encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.trim();
}

describe('scripts/test-summary.mjs', () => {
  it("sums the packages' reports", () => {
    report('alpha', 3, 1);
    report('beta', 2, 0);
    expect(summary('test')).toBe('Tests: 5 passed, 1 failed, 0 skipped');
  });

  it('counts a package with tests but no report as failed, and names it', () => {
    report('alpha', 3, 0);
    expect(summary('test')).toBe('No test report from: packages/beta (their tests did not run to the end).\nTests: 3 passed, 1 failed, 0 skipped');
  });

  it('counts no report left by an earlier run: cleared before the run, a package whose tests then did not run to the end fails', () => {
    report('beta', 10, 0);
    summary('test', '--clear');
    report('alpha', 3, 0);
    expect(summary('test')).toBe('No test report from: packages/beta (their tests did not run to the end).\nTests: 3 passed, 1 failed, 0 skipped');
  });

  it("sums test:slow's two phases: each package's slow suite, then its launchers where it has them, and names a missing one", () => {
    const manifest = join(root, 'packages', 'alpha', 'package.json');
    writeFileSync(manifest, JSON.stringify({ name: 'alpha', scripts: { 'test:slow': 'vitest run', 'test:launchers': 'vitest run' } }));
    writeFileSync(join(root, 'packages', 'beta', 'package.json'), JSON.stringify({ name: 'beta', scripts: { 'test:slow': 'vitest run' } }));
    report('alpha', 4, 0, 'vitest-slow.json');
    report('beta', 2, 1, 'vitest-slow.json');
    expect(summary('test:slow')).toBe(
      'No test report from: packages/alpha (test:launchers) (their tests did not run to the end).\nTests: 6 passed, 2 failed, 0 skipped',
    );
    report('alpha', 5, 0, 'vitest-launchers.json');
    expect(summary('test:slow')).toBe('Tests: 11 passed, 1 failed, 0 skipped');
    expect(summary('test:launchers')).toBe('Tests: 5 passed, 0 failed, 0 skipped');
  });
});

describe('the root scripts', () => {
  const scripts = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).scripts as Record<string, string>;
  it.each([
    ['test:all', 'test'],
    ['test:slow:all', 'test:slow'],
    ['test:launchers:all', 'test:launchers'],
  ])('%s clears the %s reports before turbo runs, and prints the summary after it', (name, script) => {
    expect(scripts[name]).toMatch(
      new RegExp(`node scripts/test-summary\\.mjs ${script} --clear && turbo run .*; node scripts/test-summary\\.mjs ${script}; exit \\$status$`),
    );
  });
});
