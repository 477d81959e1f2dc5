// scripts/check-ci-coverage.mjs (part of `pnpm check`) on a copy of this repository's CI files (the root package.json,
// turbo.json, .ci/run, the workflow, each package's package.json): it passes on them as they are, and fails, naming the
// script, on each defect planted in the copy: a check that runs nowhere, and a task .ci/run runs that the workflow
// leaves out.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a root script in JavaScript, without declarations.
import { workspaceFolders } from '../../../scripts/workspace-folders.mjs';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'ci-coverage-test-'));
  const files = [
    'package.json',
    'turbo.json',
    'pnpm-workspace.yaml',
    '.ci/run',
    '.github/workflows/ci.yml',
    'scripts/check-ci-coverage.mjs',
    'scripts/workspace-folders.mjs',
    ...(workspaceFolders(repoRoot) as string[]).map((folder) => `${folder}/package.json`),
  ];
  for (const file of files) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    cpSync(join(repoRoot, file), join(root, file));
  }
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Replaces `from` (which must be there) with `to` in the copy's `file`. */
function plant(file: string, from: string | RegExp, to: string): void {
  const text = readFileSync(join(root, file), 'utf8');
  const planted = text.replace(from, to);
  expect(planted, `${String(from)} is no longer in ${file}: update this test`).not.toBe(text);
  writeFileSync(join(root, file), planted);
}

function check(): { code: number | null; output: string } {
  const result = spawnSync(process.execPath, [join(root, 'scripts/check-ci-coverage.mjs'), root], { encoding: 'utf8' });
  return { code: result.status, output: result.stdout + result.stderr };
}

describe('scripts/check-ci-coverage.mjs', () => {
  it("passes on this repository's CI files", () => {
    const { code, output } = check();
    expect([code, output]).toEqual([0, expect.stringMatching(/^CI coverage: \.ci\/run and the CI workflow both run all \d+ package scripts/)]);
  });

  it.each([
    [
      'the workflow lints without lint:declarations',
      () => plant('.github/workflows/ci.yml', 'turbo run lint lint:declarations', 'turbo run lint'),
      '.ci/run runs //#lint:declarations, but .github/workflows/ci.yml does not',
    ],
    [
      'npm run test:slow leaves check:packed out',
      () => plant('package.json', 'turbo run test:slow check:packed', 'turbo run test:slow'),
      `@thumbnail-api/mock's "check:packed" runs nowhere`,
    ],
    [
      'a package gains a check no command runs',
      () => plant('packages/fuzz/package.json', '"scripts": {', '"scripts": {\n    "check:orphan": "node orphan.mjs",'),
      `@thumbnail-api/fuzz's "check:orphan" runs nowhere`,
    ],
    [
      '.ci/run no longer runs the slow suites',
      () => plant('.ci/run', 'npm run test:slow || failed+=("npm run test:slow")', ''),
      `@thumbnail-api/fuzz's "test:slow" runs nowhere`,
    ],
    [
      'npm run test:slow no longer ends with the launchers',
      () => plant('package.json', ' turbo run test:launchers --continue || status=1;', ''),
      `@thumbnail-api/mock's "test:launchers" runs nowhere`,
    ],
    [
      'the workflow no longer runs the ecosystem suite',
      () => plant('.github/workflows/ci.yml', /run: pnpm --filter @thumbnail-api\/ecosystem run ecosystem/, 'run: echo skipped'),
      '.ci/run runs @thumbnail-api/ecosystem#ecosystem, but .github/workflows/ci.yml does not',
    ],
  ])('fails, naming it, when %s', (_, defect, named) => {
    defect();
    const { code, output } = check();
    expect(code).toBe(1);
    expect(output).toContain(named);
  });
});
