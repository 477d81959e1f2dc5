// The guide's nightly workflow (examples/verify-nightly.yml) runs here as the runner would run its verify step: with
// a budget of one POST, against a stand-in that keeps to the contract and one that does not.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { killMarked, markerVariable, newMarker, survivorsOf } from '@thumbnail-api/dev-tools/process-marker';
import { runProcess } from '@thumbnail-api/dev-tools/run-process';
import { afterAll, afterEach, expect, test } from 'vitest';
import { parse } from 'yaml';
import { cliPath } from './helpers/verify-cli.js';
import { FORBIDDEN_KEY, faithful, KEY, type StandInRequest, startVerifyStandIn, type VerifyStandIn } from './helpers/verify-stand-in.js';

interface Step {
  run?: string;
  env?: Record<string, string>;
}
const workflow = parse(readFileSync(fileURLToPath(new URL('../examples/verify-nightly.yml', import.meta.url)), 'utf8')) as {
  jobs: Record<string, { steps: Step[] }>;
};
const step = workflow.jobs.verify!.steps.find((candidate) => candidate.run?.includes('npx @thumbnail-api/verify'))!;
const project = mkdtempSync(join(tmpdir(), 'verify-nightly-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));
const services: VerifyStandIn[] = [];
afterEach(async () => {
  for (const service of services.splice(0)) await service.close();
});

/** The step as the runner runs it: `npx @thumbnail-api/verify` pointing at this build, the `${{ }}` values filled in. */
async function runStep(service: VerifyStandIn) {
  const values: Record<string, string> = { THUMBNAIL_API_UPSTREAM: service.url, THUMBNAIL_API_KEY: KEY, THUMBNAIL_API_FORBIDDEN_KEY: FORBIDDEN_KEY };
  const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([name, value]) => [name, value.replace(/\$\{\{[^}]+\}\}/, values[name] ?? '')]));
  const marker = newMarker();
  const command = step.run!.replace('npx @thumbnail-api/verify', `"${process.execPath}" "${cliPath}"`);
  const result = await runProcess(command, [], {
    cwd: project,
    shell: true,
    env: { ...process.env, ...env, GITHUB_STEP_SUMMARY: join(project, 'summary.md'), [markerVariable]: marker },
    timeoutMs: 100_000,
  });
  if (result.timedOut) killMarked(marker);
  expect(await survivorsOf(marker)).toEqual([]);
  return result;
}

test('the nightly step passes against a service that keeps to the contract, with one POST and its reports written', async () => {
  const service = await startVerifyStandIn(faithful);
  services.push(service);
  const result = await runStep(service);
  expect(result.stdout).toContain('PASSED');
  expect(result.code).toBe(0);
  expect(service.posts()).toBe(1);
  for (const file of ['verify-report.xml', 'verify-report.json', 'summary.md']) expect(existsSync(join(project, file)), file).toBe(true);
  expect(readFileSync(join(project, 'summary.md'), 'utf8')).toContain('POST budget: 1 of 1 used');
});

test('the nightly step fails the job when the service breaks the contract, still within one POST', async () => {
  const service = await startVerifyStandIn((request: StandInRequest) => (request.key === 'none' ? { status: 200, body: {} } : faithful(request)));
  services.push(service);
  const result = await runStep(service);
  expect(result.stdout).toMatch(/^FAILED: 1 problem \(1 symptom\): 1 contract violation$/m);
  expect(result.stdout).toContain('ignored_auth');
  expect(result.code).toBe(1);
  expect(service.posts()).toBe(1);
});
