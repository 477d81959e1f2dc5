// The container image as a CI service or a compose service runs it: its own defaults (0.0.0.0:4010 inside, reached
// through a port published on 127.0.0.1 only), its health check, its user, and `docker stop` ending it at once.
import { execFile } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, expect, test } from 'vitest';
import { scratchDir } from '../helpers/scratch-dir.js';
import { containerHealth, IMAGE_TAG } from './launchers.js';
import { exchange } from './observe.js';

const docker = async (...args: string[]) => (await promisify(execFile)('docker', args)).stdout.trim();
const started: string[] = [];
const dir = scratchDir('mock-image-');
let count = 0;

afterEach(async () => {
  const names = started.splice(0);
  if (names.length > 0) await docker('rm', '--force', ...names).catch(() => undefined);
});

/** `docker run --detach` as a CI service container: hardened, the port published on 127.0.0.1, the rest from `args`. */
async function runDetached(...args: string[]): Promise<{ name: string; url: string }> {
  const name = `thumbnail-api-mock-image-test-${process.pid}-${++count}`;
  started.push(name);
  await docker('run', '--detach', '--name', name, '--read-only', '--cap-drop', 'ALL', '--publish', '127.0.0.1::4010', ...args, IMAGE_TAG);
  const published = await docker('port', name, '4010/tcp');
  return { name, url: `http://${published.split('\n')[0]}` };
}

test('by default it listens on 4010 on every interface inside, runs as a user of its own, and its health check passes', async () => {
  const { name, url } = await runDetached();
  expect(await containerHealth(name)).toBe('healthy');
  expect(await docker('inspect', '--format', '{{.Config.User}}', IMAGE_TAG)).toBe('10001:10001');
  expect((await exchange(url, { headers: { 'x-api-key': 'k' } })).status).toBe(200);
  // The health check's own probes are refused by the Host check and never journaled.
  expect((await exchange(url, { path: '/__mock/requests' })).body).toMatchObject({ requests: [{ path: '/api/thumbnails' }] });
});

test('the Host check stays on: a service name is answered only once THUMBNAIL_API_MOCK_ALLOWED_HOSTS names it', async () => {
  const closed = await runDetached();
  const open = await runDetached('--env', 'THUMBNAIL_API_MOCK_ALLOWED_HOSTS=mock');
  await Promise.all([containerHealth(closed.name), containerHealth(open.name)]);
  const asService = { 'x-api-key': 'k', host: 'mock:4010' };
  expect((await exchange(closed.url, { headers: asService })).headers?.['x-thumbnail-api-mock-error']).toBe('host-not-allowed');
  expect((await exchange(open.url, { headers: asService })).status).toBe(200);
});

test('docker stop: the mock, PID 1 without an init, ends on SIGTERM with exit code 0 (not killed after the grace period)', async () => {
  const { name } = await runDetached();
  await containerHealth(name);
  // A grace period far longer than any test: an exit by SIGKILL after it would read 137.
  await docker('stop', '--time', '60', name);
  expect(await docker('inspect', '--format', '{{.State.ExitCode}} {{.State.OOMKilled}}', name)).toBe('0 false');
});

test('a Prism bundle that cannot load: what needs it gets the 503 naming the file, the cause and what to run instead', async () => {
  const broken = join(dir, 'prism.cjs');
  writeFileSync(broken, 'throw new Error("planted: this bundle is broken");\n');
  chmodSync(dir, 0o755);
  const { name, url } = await runDetached('--volume', `${broken}:/opt/thumbnail-api-mock/prism.cjs:ro`);
  await containerHealth(name);
  const answer = await exchange(url, { headers: { 'x-api-key': 'k', prefer: 'dynamic=true' } });
  expect(answer).toMatchObject({ status: 503, headers: { 'x-thumbnail-api-mock-error': 'prism-unavailable' } });
  expect((answer.body as { detail: string }).detail).toContain(
    'needs Prism, which this image carries in /opt/thumbnail-api-mock/prism.cjs but could not load: run the npm package with Prism installed instead',
  );
  expect((answer.body as { detail: string }).detail).toContain('planted: this bundle is broken');
  // The test double goes on answering.
  expect((await exchange(url, { headers: { 'x-api-key': 'k' } })).status).toBe(200);
});

test('the health subcommand inside the container says why when nothing answers', async () => {
  const { name } = await runDetached();
  await containerHealth(name);
  const failed = await docker('exec', name, 'thumbnail-api-mock', 'health', '--url', 'http://127.0.0.1:1').catch(
    (error: { code: number; stderr: string }) => `${error.code} ${error.stderr.trim()}`,
  );
  expect(failed).toBe('1 unhealthy: http://127.0.0.1:1: nothing listens there');
});
