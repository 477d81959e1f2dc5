// A copy of the built mock with one defect planted in its code, and a test file run against it: how a check shows it
// can fail. The copy sits in a node_modules folder of its own (so vitest loads it as node does, untransformed), with
// the mock's package.json and a link to its node_modules; a test file that takes its mock from mock-under-test.ts
// imports it instead of ../src/index.js.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runProcess } from '@thumbnail-api/dev-tools/run-process';

const packageDir = fileURLToPath(new URL('../../', import.meta.url));

/** A defect: where in the built ES modules it goes (matched exactly once), and the code that replaces that. */
export interface Mutant {
  readonly name: string;
  readonly find: RegExp;
  readonly replace: string;
}

/** Copies dist/ and plants `mutant`; resolves with the copy's entry point and how to remove it. */
export function plantMutant(mutant: Mutant): { entry: string; remove(): void } {
  const root = mkdtempSync(join(tmpdir(), 'mock-mutant-'));
  const copy = join(root, 'node_modules', 'thumbnail-api-mock-mutant');
  mkdirSync(copy, { recursive: true });
  cpSync(join(packageDir, 'dist'), join(copy, 'dist'), { recursive: true, filter: (source) => !source.includes(`${join('dist', 'cjs')}`) });
  cpSync(join(packageDir, 'package.json'), join(copy, 'package.json'));
  symlinkSync(join(packageDir, 'node_modules'), join(copy, 'node_modules'), 'dir');
  const planted = jsFiles(join(copy, 'dist')).filter((file) => {
    const source = readFileSync(file, 'utf8');
    const matches = source.match(new RegExp(mutant.find.source, 'g'))?.length ?? 0;
    if (matches === 0) return false;
    if (matches > 1) throw new Error(`The mutant "${mutant.name}" matches ${matches} places in ${file}: make its pattern name one.`);
    writeFileSync(file, source.replace(mutant.find, mutant.replace));
    return true;
  });
  if (planted.length !== 1) {
    rmSync(root, { recursive: true, force: true });
    throw new Error(
      `The mutant "${mutant.name}" matches ${planted.length} files of dist/ (${planted.join(', ')}): the code it plants a defect in has changed; update its pattern.`,
    );
  }
  return { entry: join(copy, 'dist', 'index.js'), remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** What became of a test file's tests run against a module. */
export interface TestFileRun {
  readonly code: number | null;
  readonly failed: readonly string[];
  readonly passed: readonly string[];
  readonly output: string;
}

/** Runs one test file of this package's quick project with MOCK_MODULE_UNDER_TEST set to `entry`. */
export async function runTestFileAgainst(entry: string, testFile: string): Promise<TestFileRun> {
  const reportDir = mkdtempSync(join(tmpdir(), 'mock-mutant-report-'));
  try {
    const report = join(reportDir, 'report.json');
    const vitest = join(packageDir, 'node_modules', 'vitest', 'vitest.mjs');
    const args = [vitest, 'run', '--project', 'quick', testFile, '--reporter=json', `--outputFile=${report}`];
    const result = await runProcess(process.execPath, args, { cwd: packageDir, env: { ...process.env, MOCK_MODULE_UNDER_TEST: entry }, timeoutMs: 180_000 });
    const { testResults } = JSON.parse(readFileSync(report, 'utf8')) as { testResults: { assertionResults: { fullName: string; status: string }[] }[] };
    const tests = testResults.flatMap((file) => file.assertionResults);
    const named = (status: string) => tests.filter((test) => test.status === status).map((test) => test.fullName);
    return { code: result.code, failed: named('failed'), passed: named('passed'), output: result.output };
  } finally {
    rmSync(reportDir, { recursive: true, force: true });
  }
}

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => join(entry.parentPath, entry.name));
}
