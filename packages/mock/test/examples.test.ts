// The guide's examples run here, so that they cannot rot; the docs check that the guide shows them exactly (the
// package exports them as @thumbnail-api/mock/examples.json).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runProcess } from '@thumbnail-api/dev-tools/run-process';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { cliPath } from './helpers/cli.js';
import { type FakeUpstream, startFakeUpstream } from './helpers/fake-upstream.js';
import { killMarked, markerVariable, newMarker, survivorsOf } from './helpers/processes.js';

const examples = fileURLToPath(new URL('../examples/', import.meta.url));

interface Run {
  code: number | null;
  output: string;
  marker: string;
}

/** Runs a command to completion (bounded), marked so that anything it leaves running is found. */
async function run(file: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv; shell?: boolean }): Promise<Run> {
  const marker = newMarker();
  const env = { ...process.env, ...options.env, [markerVariable]: marker };
  const result = await runProcess(file, args, { cwd: options.cwd, env, shell: options.shell, timeoutMs: 100_000 });
  // The time limit ends the command's process group; what carries the marker but left it goes too.
  if (result.timedOut) killMarked(marker);
  return { code: result.code, output: result.output, marker };
}

test('the vitest globalSetup example passes against the mock it starts, and stops it', async () => {
  const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
  // client-tests/, wrapped-tests/ and covered-tests/ are projects of their own, run by their own tests; any-language/
  // holds other languages' examples (its node:test file needs testcontainers and Docker), run by the launcher suite.
  const projects = ['client-tests', 'wrapped-tests', 'covered-tests', 'any-language'].flatMap((project) => ['--exclude', `${project}/**`]);
  const result = await run(process.execPath, [vitest, 'run', '--root', examples, ...projects], {
    cwd: examples,
    env: { CI: 'true', NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  expect(result.output).toMatch(/Tests\s+7 passed \(7\)/);
  expect(result.code).toBe(0);
  expect(await survivorsOf(result.marker)).toEqual([]);
});

test('the wrapper example: vitest run under the command-line mock, connectMock() from ES modules and CommonJS, with no URL given', async () => {
  const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
  const project = join(examples, 'wrapped-tests');
  const env = { CI: 'true', NO_COLOR: '1', FORCE_COLOR: '0', THUMBNAIL_API_BASE_URL: '' };
  const result = await run(process.execPath, [cliPath, '--port', '0', '--', process.execPath, vitest, 'run', '--root', project], { cwd: project, env });
  expect(result.output).toMatch(/✓ gallery\.test\.ts \(2 tests\)/);
  expect(result.output).toMatch(/✓ gallery-commonjs\.test\.cjs \(2 tests\)/);
  expect(result.output).toMatch(/Tests\s+4 passed \(4\)/);
  expect(result.code).toBe(0);
  expect(await survivorsOf(result.marker)).toEqual([]);
});

test('the coverage example: its startMock() per file, MSW handlers and connectMock() meet every outcome of --require-coverage client', async () => {
  const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
  const project = join(examples, 'covered-tests');
  const env = { CI: 'true', NO_COLOR: '1', FORCE_COLOR: '0', THUMBNAIL_API_BASE_URL: '', THUMBNAIL_API_KEY: '' };
  const args = [cliPath, '--port', '0', '--require-coverage', 'client', '--', process.execPath, vitest, 'run', '--root', project];
  const result = await run(process.execPath, args, { cwd: project, env });
  expect(result.output).toMatch(/Tests\s+14 passed \(14\)/);
  expect(result.output).not.toContain('was never seen');
  expect(result.code).toBe(0);
  expect(await survivorsOf(result.marker)).toEqual([]);
});

describe('the GitHub Actions example', () => {
  interface Step {
    run?: string;
    env?: Record<string, string>;
  }
  const workflow = parse(readFileSync(join(examples, 'github-actions.yml'), 'utf8')) as { jobs: Record<string, { steps: Step[] }> };
  const mockStep = (job: string): Step => {
    const step = workflow.jobs[job]!.steps.find((candidate) => candidate.run?.includes('npx @thumbnail-api/mock'));
    if (!step) throw new Error(`The ${job} job has no step running npx @thumbnail-api/mock.`);
    return step;
  };

  let upstream: FakeUpstream;
  let project: string;
  beforeAll(async () => {
    upstream = await startFakeUpstream();
    // A user's project: the example key registry, and an `npm test` that calls the API like their tests would.
    project = mkdtempSync(join(tmpdir(), 'mock-gha-'));
    cpSync(join(examples, 'mock-keys.json'), join(project, 'test', 'mock-keys.json'), { recursive: true });
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'user-project', private: true, scripts: { test: 'node integration.mjs' } }));
    writeFileSync(
      join(project, 'integration.mjs'),
      `const key = process.env.THUMBNAIL_API_KEY ?? 'test-key-ok';
       const response = await fetch(process.env.THUMBNAIL_API_BASE_URL + '/api/thumbnails', {
         headers: { 'x-api-key': key, 'x-fake-scenario': process.env.FAKE_SCENARIO ?? 'list-ok' },
       });
       console.log('integration test got', response.status);
       process.exit(response.status === 200 ? 0 : 1);`,
    );
  });
  afterAll(async () => {
    await upstream?.close();
    if (project) rmSync(project, { recursive: true, force: true });
  });

  /** The step's command as the runner would run it, with `npx @thumbnail-api/mock` pointing at this build. */
  const command = (step: Step) => step.run!.replace('npx @thumbnail-api/mock', `"${process.execPath}" "${cliPath}"`);
  /** The step's env, with the `${{ ... }}` expressions given values, as GitHub would. */
  const env = (step: Step, values: Record<string, string>) =>
    Object.fromEntries(Object.entries(step.env ?? {}).map(([name, value]) => [name, value.replace(/\$\{\{[^}]+\}\}/, values[name] ?? '')]));

  test('the mock job runs the tests against the mock with the example keys', async () => {
    const result = await run(command(mockStep('against-the-mock')), [], { cwd: project, shell: true });
    expect(result.output).toContain('integration test got 200');
    expect(result.code).toBe(0);
    expect(await survivorsOf(result.marker)).toEqual([]);
  });

  test('the mock job fails when the tests fail (a revoked key gets the 401)', async () => {
    const result = await run(command(mockStep('against-the-mock')), [], { cwd: project, shell: true, env: { THUMBNAIL_API_KEY: 'test-key-revoked' } });
    expect(result.output).toContain('integration test got 401');
    expect(result.code).toBe(1);
  });

  test.each([
    ['passes when the service keeps to the contract', 'list-ok', 0, '0 broke the contract'],
    ['fails when the service breaks the contract', 'list-array', 1, '1 broke the contract'],
  ])('the real-service job %s', async (_, scenario, code, summary) => {
    const step = mockStep('against-the-real-service');
    const stepEnv = env(step, { THUMBNAIL_API_UPSTREAM: upstream.url, THUMBNAIL_API_KEY: 'live-key' });
    const result = await run(command(step), [], { cwd: project, shell: true, env: { ...stepEnv, FAKE_SCENARIO: scenario } });
    expect(result.output).toContain(summary);
    expect(result.code).toBe(code);
    expect(result.output).not.toContain('live-key');
  });
});
