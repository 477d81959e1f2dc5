// The time-limit tests can see a timer that fires late (issue 44 item 6): each defect below is planted in a copy of the
// built client (dist/), test/time-limits.test.ts runs against that copy in a vitest of its own, and the tests named for
// that defect must fail. The copy without a defect must pass, or what failed would be this harness. A defect whose text
// is no longer in the build fails here too, saying so: rewrite it for the new code rather than let it pass unseen.
// `pnpm --filter @thumbnail-api/client test:mutations` runs this file alone.
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runProcess } from '@thumbnail-api/dev-tools/run-process';
import { afterAll, describe, expect, test } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const vitestCli = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
// The tests on the fake clock; the Node.js process tests run the real dist/ in child processes of their own.
const TESTS = 'each attempt ends at its own time limit';

/** A defect: `find` (once in `file` of dist/) replaced by `replace`; `failing` are the tests that must then fail. */
interface Mutation {
  defect: string;
  file: string;
  find: string;
  replace: string;
  failing: string[];
}

const MUTATIONS: Mutation[] = [
  {
    defect: 'each timer armed for the latest deadline of the attempts so far, not its own',
    file: 'attempt.js',
    find: '}, timeoutMs);',
    replace: '}, (globalThis.__latestDeadline = Math.max(globalThis.__latestDeadline ?? 0, Date.now() + timeoutMs)) - Date.now());',
    failing: ['two calls, the shorter limit second', 'seven calls at once', 'a shorter limit started while a longer one runs'],
  },
  {
    defect: 'the timer armed a millisecond late',
    file: 'attempt.js',
    find: '}, timeoutMs);',
    replace: '}, timeoutMs + 1);',
    failing: ['one call', 'each retry gets a full limit of its own', 'the limit covers the body'],
  },
  {
    defect: 'the attempt timed by timeoutMs, not by what is left of totalTimeoutMs',
    file: 'transport.js',
    find: 'new Attempt(attemptMs, userSignal)',
    replace: 'new Attempt(timeoutMs, userSignal)',
    failing: ['totalTimeoutMs ends the attempt it runs out in'],
  },
  {
    defect: 'the time limit stopped once the headers arrive, before the body',
    file: 'transport.js',
    find: 'return readBody(answered, limit, current,',
    replace: 'current.finish(false); return readBody(answered, limit, current,',
    failing: ['the limit covers the body'],
  },
];

const copies: string[] = [];
afterAll(() => {
  for (const copy of copies) rmSync(copy, { recursive: true, force: true });
});

/** A copy of dist/ (the ES module build) with `mutation` planted; returns the file URL of its index.js. */
function plant(mutation: Mutation | undefined): string {
  const copy = mkdtempSync(join(tmpdir(), 'client-mutant-'));
  copies.push(copy);
  cpSync(join(packageDir, 'dist'), copy, { recursive: true, filter: (source) => !source.endsWith('/cjs') });
  // ES modules, resolving openapi-fetch from this package's node_modules, as dist/ does.
  writeFileSync(join(copy, 'package.json'), '{ "type": "module" }\n');
  symlinkSync(join(packageDir, 'node_modules'), join(copy, 'node_modules'), 'dir');
  if (mutation) {
    const path = join(copy, mutation.file);
    const code = readFileSync(path, 'utf8');
    const found = code.split(mutation.find).length - 1;
    expect(found, `"${mutation.find}" in dist/${mutation.file}: the defect no longer fits the build; rewrite it`).toBe(1);
    writeFileSync(path, code.replace(mutation.find, mutation.replace));
  }
  return pathToFileURL(join(copy, 'index.js')).href;
}

interface Report {
  testResults: { assertionResults: { fullName: string; status: string }[] }[];
}

/** Runs the time-limit tests against the client at `clientUrl`; resolves with the names of those that failed and passed. */
async function timeLimitTests(clientUrl: string): Promise<{ failed: string[]; passed: string[] }> {
  const report = join(dirname(fileURLToPath(clientUrl)), 'report.json');
  const args = ['run', 'test/time-limits.test.ts', '--project', 'quick', '--typecheck.enabled=false', '-t', TESTS, '--reporter=json'];
  const result = await runProcess(process.execPath, [vitestCli, ...args, `--outputFile=${report}`], {
    cwd: packageDir,
    env: { ...process.env, THUMBNAIL_CLIENT_UNDER_TEST: clientUrl },
    timeoutMs: 120_000,
  });
  expect(result.timedOut, result.output).toBe(false);
  const results = (JSON.parse(readFileSync(report, 'utf8')) as Report).testResults.flatMap((file) => file.assertionResults);
  const named = (status: string) => results.filter((test) => test.status === status).map((test) => test.fullName);
  const outcome = { failed: named('failed'), passed: named('passed') };
  // vitest's exit code and its report agree, or something else went wrong.
  expect(result.code, result.output).toBe(outcome.failed.length > 0 ? 1 : 0);
  return outcome;
}

describe('the time-limit tests against a copy of the build', () => {
  test('pass without a defect', async () => {
    const { failed, passed } = await timeLimitTests(plant(undefined));
    expect(failed).toEqual([]);
    expect(passed.length).toBeGreaterThanOrEqual(8);
  });

  test.each(MUTATIONS)('fail with $defect', async (mutation) => {
    const { failed } = await timeLimitTests(plant(mutation));
    for (const name of mutation.failing)
      expect(
        failed.some((test) => test.includes(name)),
        `"${name}" failed (failed: ${failed.join('; ')})`,
      ).toBe(true);
  });
});
