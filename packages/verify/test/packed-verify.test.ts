// @thumbnail-api/verify as a user installs it: this package and the workspace packages it depends on (spec, types,
// mock) packed with pnpm (which rewrites `workspace:*`), installed with npm into a new project outside the workspace
// (Prism's validators from npm's cache or the registry), and run there through npx, as the nightly workflow runs it.
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packWorkspaceFolders } from '@thumbnail-api/dev-tools/packed-project';
import { runProcess } from '@thumbnail-api/dev-tools/run-process';
import { userShellEnvironment } from '@thumbnail-api/dev-tools/user-shell';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { FORBIDDEN_KEY, faithful, KEY, startVerifyStandIn, type VerifyStandIn } from './helpers/verify-stand-in.js';

const PACKED = ['spec', 'packages/types', 'packages/mock', 'packages/verify'];

let project: string;
let env: NodeJS.ProcessEnv;
let service: VerifyStandIn;

beforeAll(async () => {
  project = mkdtempSync(join(tmpdir(), 'thumbnail-api-verify-installed-'));
  const tarballs = join(project, 'tarballs');
  packWorkspaceFolders(PACKED, tarballs);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'verify-user', private: true }));
  // A user's shell; npm's update notice and Prism's install analytics are not part of the test.
  env = userShellEnvironment({ npm_config_update_notifier: 'false', SCARF_ANALYTICS: 'false' });
  const packed = readdirSync(tarballs).map((file) => `./tarballs/${file}`);
  execFileSync('npm', ['install', '--save-dev', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...packed], {
    cwd: project,
    env,
    stdio: 'pipe',
    timeout: 600_000,
  });
  service = await startVerifyStandIn(faithful);
});

afterAll(async () => {
  await service?.close();
  if (project) rmSync(project, { recursive: true, force: true });
});

const installed = (name: string) => join(project, 'node_modules', ...name.split('/'));
const npx = (args: readonly string[], extra: NodeJS.ProcessEnv = {}) =>
  runProcess('npx', ['--no-install', '@thumbnail-api/verify', ...args], { cwd: project, env: { ...env, ...extra }, timeoutMs: 120_000 });

test('installs from the tarballs as files, not links into the workspace, with Prism at the versions the mock is tested with', () => {
  for (const name of ['@thumbnail-api/verify', '@thumbnail-api/mock', '@thumbnail-api/spec'])
    expect(lstatSync(installed(name)).isSymbolicLink(), name).toBe(false);
  const version = (name: string) => (JSON.parse(readFileSync(join(installed(name), 'package.json'), 'utf8')) as { version: string }).version;
  expect({ http: version('@stoplight/prism-http'), core: version('@stoplight/prism-core') }).toEqual({ http: '5.12.0', core: '5.8.0' });
});

test('npx @thumbnail-api/verify --help prints the usage and exits with 0', async () => {
  const run = await npx(['--help']);
  expect(run.stdout).toMatch(/^Usage: thumbnail-api-verify --base-url <url> \[options\]/);
  expect(run.code).toBe(0);
});

test('npx @thumbnail-api/verify checks a service that keeps to the contract: PASSED, its JSON report written, no key shown', async () => {
  const report = join(project, 'report.json');
  const run = await npx(['--base-url', service.url, '--max-rps', '50', '--json', report], {
    THUMBNAIL_API_KEY: KEY,
    THUMBNAIL_API_FORBIDDEN_KEY: FORBIDDEN_KEY,
  });
  expect(run.stdout).toContain('PASSED: nothing violated, contradicted or changed');
  expect(run.code).toBe(0);
  const written = JSON.parse(readFileSync(report, 'utf8')) as { tool: string; verdict: string; exchanges: unknown[] };
  expect({ tool: written.tool, verdict: written.verdict }).toEqual({ tool: 'thumbnail-api-verify', verdict: 'passed' });
  expect(written.exchanges).toHaveLength(service.received.length);
  expect(run.output + readFileSync(report, 'utf8')).not.toContain(KEY);
});
