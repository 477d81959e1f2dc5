// The `-- <command>` wrapper gives code on the client's defaults what it needs: THUMBNAIL_API_BASE_URL, and a key
// the mock accepts when the environment has none, said in the start line.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, test } from 'vitest';
import { killAllRuns, runCli } from './helpers/cli.js';
import { scratchDir } from './helpers/scratch-dir.js';

afterEach(killAllRuns);

const dir = scratchDir('mock-wrapper-key-');
const app = fileURLToPath(new URL('./fixtures/default-client.mjs', import.meta.url));
const registry = (name: string, keys: Record<string, string>) => {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(keys));
  return file;
};

/** Runs the app under the wrapper; the environment has no key unless `key` is given. */
async function wrapped(args: readonly string[], key?: string) {
  const run = runCli(['--port', '0', ...args, '--', process.execPath, app], { THUMBNAIL_API_KEY: key, THUMBNAIL_API_BASE_URL: undefined });
  const exited = await run.exited;
  const output = run.stdout() + run.stderr();
  return { code: exited.code, startLine: run.stdout().split('\n')[0]!, app: run.stdout().split('\n').slice(1).join(' ').trim(), stderr: run.stderr(), output };
}

test('without --keys, the command gets the wrapper key, which the mock accepts', async () => {
  const result = await wrapped([]);
  expect(result.startLine).toMatch(
    /^Thumbnail API mock listening on http:\/\/127\.0\.0\.1:\d+, THUMBNAIL_API_KEY set to thumbnail-api-mock-key \(without --keys the mock accepts any key\)$/,
  );
  expect([result.app, result.code]).toEqual(['key: the wrapper key listed', 0]);
});

test('with --keys, the command gets the first "ok" key, shown by its last four characters', async () => {
  const keys = registry('keys.json', { 'key-revoked-0001': 'unauthorized', 'key-first-ok-0002': 'ok', 'key-second-ok-03': 'ok' });
  const result = await wrapped(['--keys', keys]);
  expect(result.startLine).toMatch(new RegExp(`, THUMBNAIL_API_KEY set to the first "ok" key of ${keys.replaceAll('.', '\\.')} \\(…0002\\)$`));
  expect([result.app, result.code]).toEqual(['key: …0002 listed', 0]);
  expect(result.output).not.toContain('key-first-ok-0002');
});

test('with --keys listing no "ok" key, the command gets none, and the start line says so', async () => {
  const keys = registry('no-ok.json', { 'key-revoked-0001': 'unauthorized' });
  const result = await wrapped(['--keys', keys]);
  expect(result.startLine).toMatch(new RegExp(`, THUMBNAIL_API_KEY not set: ${keys.replaceAll('.', '\\.')} lists no "ok" key$`));
  expect(result.app).toBe('key: none failed: ConfigurationError');
});

test('a key in the environment is kept; one the registry refuses gets a warning saying what the mock will answer', async () => {
  const keys = registry('keys-env.json', { 'key-from-the-env1': 'forbidden' });
  const result = await wrapped(['--keys', keys], 'key-from-the-env1');
  expect(result.startLine).toMatch(/, THUMBNAIL_API_KEY kept from the environment$/);
  expect(result.stderr).toContain(
    `thumbnail-api-mock: warning: THUMBNAIL_API_KEY (…env1) is not an "ok" key of ${keys}: the mock answers it with 403 (key listed as "forbidden" in the registry).`,
  );
  expect(result.app).toBe('key: …env1 failed: PermissionDeniedError 403');
  expect(result.output).not.toContain('key-from-the-env1');
});
