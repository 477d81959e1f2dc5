// Getting started's CI road before the first release, as a user runs it: the guide's `tarball-ci` block (tarballs
// copied into the project, installed from there, committed) run with bash in a new git project, then a clean copy of
// what was committed installed with `npm ci`, and the tests run under `npx @thumbnail-api/mock --`.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractCodeBlocks } from '@thumbnail-api/dev-tools/code-blocks';
import { userShellEnvironment } from '@thumbnail-api/dev-tools/user-shell';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { packWorkspaceFolders } from './helpers/packed-install.js';

const guide = readFileSync(fileURLToPath(new URL('../../../docs/guides/getting-started.md', import.meta.url)), 'utf8');
const block = extractCodeBlocks(guide).find((candidate) => candidate.flags.includes('tarball-ci'));

let home: string;
beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'thumbnail-api-vendored-'));
  packWorkspaceFolders(['spec', 'packages/types', 'packages/client', 'packages/mock'], join(home, 'thumbnail-api-tarballs'));
});
afterAll(() => {
  if (home) rmSync(home, { recursive: true, force: true });
});

test('the tarballs kept in the project install with npm ci on a clean copy, and the tests run under the mock', () => {
  expect(block, 'getting-started.md has a ```sh tarball-ci block').toBeDefined();
  // The user's HOME holds ~/thumbnail-api-tarballs, as the guide's pack step leaves it; npm's cache stays the machine's.
  const env = userShellEnvironment({
    HOME: home,
    npm_config_cache: join(tmpdir(), 'thumbnail-api-vendored-npm-cache'),
    npm_config_update_notifier: 'false',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_prefer_offline: 'true',
    GIT_AUTHOR_NAME: 'test',
    GIT_AUTHOR_EMAIL: 'test@example.com',
    GIT_COMMITTER_NAME: 'test',
    GIT_COMMITTER_EMAIL: 'test@example.com',
  });
  const project = join(home, 'project');
  mkdirSync(project);
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'vendored-user', private: true, type: 'module', scripts: { test: 'node first-call.mjs' } }, null, 2),
  );
  writeFileSync(
    join(project, 'first-call.mjs'),
    "import { ThumbnailClient } from '@thumbnail-api/client';\nconsole.log(JSON.stringify(await new ThumbnailClient().thumbnails.list()));\n",
  );
  const run = (command: string, args: string[], cwd: string) => execFileSync(command, args, { cwd, env, encoding: 'utf8', stdio: 'pipe', timeout: 600_000 });
  run('git', ['init', '-q'], project);
  run('bash', ['-euo', 'pipefail', '-c', block!.code], project);
  run('git', ['add', 'first-call.mjs'], project);
  run('git', ['commit', '-qm', 'vendored tarballs'], project);

  // CI: a clean checkout of what was committed, nothing else.
  const ci = join(home, 'ci');
  run('git', ['clone', '-q', project, ci], home);
  const lock = JSON.parse(readFileSync(join(ci, 'package-lock.json'), 'utf8')) as { packages: Record<string, { resolved?: string }> };
  expect(lock.packages['node_modules/@thumbnail-api/client']?.resolved).toBe('file:vendor/thumbnail-api/thumbnail-api-client-0.0.0.tgz');
  run('npm', ['ci', '--loglevel=error'], ci);
  const output = run('npx', ['--no-install', '@thumbnail-api/mock', '--port', '0', '--', 'npm', 'test', '--silent'], ci);
  expect(output).toMatch(/^Thumbnail API mock listening on http:\/\/127\.0\.0\.1:\d+/m);
  expect(output.trim().split('\n').at(-1)).toBe('{}');

  // Another build under the same file name, copied over without npm install: a fresh runner (an empty npm cache)
  // refuses it, as the guide warns.
  cpSync(join(home, 'thumbnail-api-tarballs', 'thumbnail-api-spec-0.0.0.tgz'), join(ci, 'vendor/thumbnail-api/thumbnail-api-client-0.0.0.tgz'));
  expect(() => run('npm', ['ci', '--loglevel=error', '--cache', join(home, 'empty-npm-cache')], ci)).toThrow(/EINTEGRITY/);
});
