// Issue 38's "done when": a new project outside the workspace that installs the packed mock and client as the
// getting-started guide says (tarballs made with pnpm pack: spec, types, client, mock), plus vitest and msw from the
// registry, and nothing else (no Prism), runs the testing guide's four styles as the guide's own example files: a mock
// per file with startMock(), MSW handlers, files sharing one mock by key, and the command-line wrapper driven with
// connectMock() and the default client; and the same styles gating on the coverage all of them saw (issue 45). In
// `test:slow`: it needs the npm registry (or npm's cache) for vitest and msw.
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runProcess } from '@thumbnail-api/dev-tools/run-process';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { installPackedMock, type PackedInstall } from './helpers/packed-install.js';
import { killMarked, markerVariable, newMarker, survivorsOf } from './helpers/processes.js';

const examples = fileURLToPath(new URL('../examples/', import.meta.url));
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { devDependencies: Record<string, string> };

let installed: PackedInstall;
beforeAll(() => {
  installed = installPackedMock({
    workspaceFolders: ['packages/client'],
    fromRegistry: [`vitest@${manifest.devDependencies.vitest}`, `msw@${manifest.devDependencies.msw}`],
  });
  for (const project of ['client-tests', 'wrapped-tests', 'covered-tests']) {
    cpSync(join(examples, project), join(installed.dir, project), { recursive: true, filter: (source) => !source.includes('node_modules') });
  }
}, 600_000);
afterAll(() => installed?.remove());

/** Runs a command in the project, as its user would in a shell; bounded, and marked so that nothing it leaves is missed. */
async function inProject(command: string) {
  const marker = newMarker();
  const env = { ...installed.env, CI: 'true', NO_COLOR: '1', FORCE_COLOR: '0', [markerVariable]: marker };
  const result = await runProcess(command, [], { cwd: installed.dir, env, shell: true, timeoutMs: 240_000 });
  if (result.timedOut) killMarked(marker);
  return { ...result, marker };
}

test('the project has the mock, the client and their packages, and no Prism', () => {
  for (const name of ['@thumbnail-api/mock', '@thumbnail-api/client', '@thumbnail-api/spec', '@thumbnail-api/types']) {
    expect(existsSync(join(installed.dir, 'node_modules', name, 'package.json'))).toBe(true);
  }
  expect(existsSync(join(installed.dir, 'node_modules', '@stoplight'))).toBe(false);
});

test('startMock() per file, MSW handlers and parallel files sharing one mock by key: the guide’s client examples pass', async () => {
  const result = await inProject('npx vitest run --root client-tests');
  for (const file of ['one-post', 'retry-after', 'gives-up', 'chosen-body', 'near-miss', 'coverage', 'msw', 'parallel-listing', 'parallel-posting']) {
    expect(result.output).toMatch(new RegExp(`✓ ${file}\\.test\\.ts`));
  }
  expect(result.output).toMatch(/Tests\s+17 passed \(17\)/);
  expect(result.code).toBe(0);
  expect(await survivorsOf(result.marker)).toEqual([]);
});

test('under the wrapper, the default client and connectMock() need no set-up: the URL and a key come from the wrapper', async () => {
  const result = await inProject('npx @thumbnail-api/mock --port 0 -- npx vitest run --root wrapped-tests');
  expect(result.output).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+, THUMBNAIL_API_KEY set to thumbnail-api-mock-key/);
  expect(result.output).toMatch(/Tests\s+4 passed \(4\)/);
  expect(result.code).toBe(0);
  expect(await survivorsOf(result.marker)).toEqual([]);
});

test('under the wrapper with a key registry, the default client gets its first "ok" key', async () => {
  writeFileSync(
    join(installed.dir, 'mock-keys.json'),
    JSON.stringify({ 'test-key-revoked': 'unauthorized', 'test-key-ok-0001': 'ok', sk_test_wrapped_commonjs: 'ok' }),
  );
  const result = await inProject('npx @thumbnail-api/mock --port 0 --keys mock-keys.json -- npx vitest run --root wrapped-tests');
  expect(result.output).toContain('THUMBNAIL_API_KEY set to the first "ok" key of mock-keys.json (…0001)');
  expect(result.output).toMatch(/Tests\s+4 passed \(4\)/);
  expect(result.code).toBe(0);
});

// Issue 45's "done when": the guide's three styles (a mock per file, MSW handlers, connectMock() to the wrapper's mock)
// gate on the coverage of all three under the wrapper, and one test left out fails the run, naming what no mock saw.
test('under npx @thumbnail-api/mock --require-coverage client, the guide’s three styles pass with the coverage of all three', async () => {
  const result = await inProject(
    'npx @thumbnail-api/mock --port 0 --require-coverage client --coverage-report covered.json -- npx vitest run --root covered-tests',
  );
  expect(result.output).toMatch(/Tests\s+14 passed \(14\)/);
  expect(result.output).not.toContain('was never seen');
  expect(result.code).toBe(0);
  const report = JSON.parse(readFileSync(join(installed.dir, 'covered.json'), 'utf8')) as { mocks: { mock: string; requests: number }[]; notSeen: string[] };
  expect(report.mocks.map(({ mock, requests }) => `${mock}: ${requests}`).sort()).toEqual(['createHandlers(): 4', 'startMock(): 7', "the wrapper's: 3"]);
  expect(await survivorsOf(result.marker)).toEqual([]);
});

test('with one test left out, the run fails naming the outcome no mock saw and the mocks it counted', async () => {
  const project = join(installed.dir, 'covered-tests-one-left-out');
  cpSync(join(installed.dir, 'covered-tests'), project, { recursive: true });
  const file = join(project, 'thumbnail-wrapped.test.ts');
  const tests = readFileSync(file, 'utf8');
  writeFileSync(file, tests.replace('  [403, PermissionDeniedError],\n', ''));
  expect(readFileSync(file, 'utf8')).not.toBe(tests);

  const result = await inProject('npx @thumbnail-api/mock --port 0 --require-coverage client -- npx vitest run --root covered-tests-one-left-out');
  expect(result.output).toMatch(/Tests\s+13 passed \(13\)/);
  expect(result.output).toContain('thumbnail-api-mock: createThumbnail → 403 with x-api-key was never seen\n');
  expect(result.output).toContain(
    "thumbnail-api-mock: 1 required outcome(s) never seen, by none of the 3 mocks of this run: the wrapper's (2 requests) and 2 started by the command (11 requests: 1 startMock(), 1 createHandlers()).",
  );
  expect(result.code).toBe(1);
  expect(await survivorsOf(result.marker)).toEqual([]);
});

test('the repository’s measuring script installs the packed mock alone within the budget: at most 10 MB and 20 packages', async () => {
  const script = fileURLToPath(new URL('../scripts/measure-install.mjs', import.meta.url));
  const result = await runProcess(process.execPath, [script, '--check'], { env: installed.env, timeoutMs: 600_000 });
  const figure = /(\d+) packages, ([\d.]+) MB in node_modules/.exec(result.output);
  expect(figure).not.toBeNull();
  expect(Number(figure![1])).toBeLessThanOrEqual(20);
  expect(Number(figure![2])).toBeLessThanOrEqual(10);
  expect(result.code).toBe(0);
}, 600_000);
