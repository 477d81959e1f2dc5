// The testing guide's worked examples with the real client (issue 21, item 8), run as a user's project runs them: the
// files the mock package exports (`@thumbnail-api/mock/examples.json`, client-tests/) written into a fresh folder,
// type-checked with tsc, then run with vitest: the HTTP mock, its journal, rules and faults, and MSW's setupServer.
// They run here because this package depends on both the client and the mock (the client depends on the mock).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';

const require = createRequire(import.meta.url);
const folder = 'client-tests/';
let project: string;

interface Example {
  name: string;
  code: string;
}

beforeAll(() => {
  const { examples } = JSON.parse(readFileSync(require.resolve('@thumbnail-api/mock/examples.json'), 'utf8')) as { examples: Example[] };
  const files = examples.filter((example) => example.name.startsWith(folder));
  if (files.length === 0) throw new Error(`@thumbnail-api/mock/examples.json has no ${folder} examples: build the mock first.`);
  project = mkdtempSync(join(tmpdir(), 'thumbnail-api-client-examples-'));
  for (const { name, code } of files) writeFileSync(join(project, name.slice(folder.length)), code);
  // The user's project: ES modules, the packages this one has (the client, the mock, msw, vitest), a strict tsconfig.
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'client-examples', private: true, type: 'module' }));
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        noUncheckedIndexedAccess: true,
        noEmit: true,
        skipLibCheck: true,
        types: ['node'],
      },
      include: ['*.ts'],
    }),
  );
  mkdirSync(join(project, 'node_modules'));
  for (const name of ['@thumbnail-api', 'msw', 'vitest', '@types', 'typescript']) {
    const from = join(fileURLToPath(new URL('../node_modules/', import.meta.url)), name);
    mkdirSync(dirname(join(project, 'node_modules', name)), { recursive: true });
    symlinkSync(from, join(project, 'node_modules', name), 'dir');
  }
});

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

/** Runs a Node script in the project to completion (bounded), with its output. */
function run(script: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: project, env: { ...process.env, CI: 'true', NO_COLOR: '1', FORCE_COLOR: '0' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

test('the client examples type-check as a user project', async () => {
  const result = await run(require.resolve('typescript/bin/tsc'), ['-p', '.']);
  expect(result.output).toBe('');
  expect(result.code).toBe(0);
});

test('the client examples pass: the HTTP mock per file, one mock shared by parallel files, and MSW', async () => {
  const vitest = join(dirname(require.resolve('vitest/package.json')), 'vitest.mjs');
  const result = await run(vitest, ['run']);
  expect(result.output).toMatch(/Test Files\s+7 passed \(7\)/);
  expect(result.output).toMatch(/Tests\s+13 passed \(13\)/);
  expect(result.code).toBe(0);
});
