// The command users run: it prints its URL, stops cleanly, and fails clearly with nothing left running.

import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type LoopbackServer, listenOnLoopback } from '@thumbnail-api/dev-tools/loopback-port';
import { afterEach, describe, expect, test } from 'vitest';
import { killAllRuns, runCli } from './helpers/cli.js';
import { processesWithMarker, survivorsOf } from './helpers/processes.js';
import { scratchDir } from './helpers/scratch-dir.js';

const servers: LoopbackServer[] = [];
afterEach(async () => {
  await killAllRuns();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const dir = scratchDir('mock-cli-');

describe.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)('on %s', (signal) => {
  test('it stops with exit code 0, leaving nothing running', async () => {
    const run = runCli(['--port', '0']);
    const url = await run.ready();
    expect(run.stdout()).toBe(`Thumbnail API mock listening on ${url}\n`);
    expect((await fetch(`${url}/api/thumbnails`, { headers: { 'x-api-key': 'k' } })).status).toBe(200);
    // Prism answers in the same process when a request needs it.
    expect((await fetch(`${url}/api/thumbnails`, { headers: { 'x-api-key': 'k', prefer: 'dynamic=true' } })).status).toBe(200);
    expect(processesWithMarker(run.marker)).toEqual([run.child.pid]);

    run.child.kill(signal);
    expect(await run.exited).toEqual({ code: 0, signal: null });
    expect(await survivorsOf(run.marker)).toEqual([]);
    await expect(fetch(`${url}/api/thumbnails`)).rejects.toThrow();
  });
});

test('when the CLI is killed outright, nothing is left and its port closes', async () => {
  const run = runCli(['--port', '0']);
  const url = await run.ready();
  run.child.kill('SIGKILL');
  await run.exited;
  expect(await survivorsOf(run.marker)).toEqual([]);
  await expect(fetch(`${url}/api/thumbnails`)).rejects.toThrow();
});

test('--help shows the defaults: 127.0.0.1 and port 4010', async () => {
  const run = runCli(['--help']);
  expect(await run.exited).toEqual({ code: 0, signal: null });
  expect(run.stdout()).toContain('--port <port>          Port to listen on (default 4010; 0 picks a free port)');
  expect(run.stdout()).toContain('--host <host>          Interface to listen on (default 127.0.0.1)');
});

test('--cors-origin lets only that origin call the mock from a browser', async () => {
  const run = runCli(['--port', '0', '--cors-origin', 'http://localhost:5173']);
  const url = await run.ready();
  const origin = async (from: string) =>
    (await fetch(`${url}/api/thumbnails`, { headers: { 'x-api-key': 'k', origin: from } })).headers.get('access-control-allow-origin');
  expect(await origin('http://localhost:5173')).toBe('http://localhost:5173');
  expect(await origin('https://evil.example')).toBeNull();
});

test('--keys reads the key registry from a JSON file', async () => {
  const keys = join(dir, 'keys.json');
  writeFileSync(keys, JSON.stringify({ 'ci-ok': 'ok', 'ci-no-access': 'forbidden' }));
  const run = runCli(['--port', '0', '--keys', keys]);
  const url = await run.ready();
  const status = async (key: string) => (await fetch(`${url}/api/thumbnails`, { headers: { 'x-api-key': key } })).status;
  expect([await status('ci-ok'), await status('ci-no-access'), await status('unknown')]).toEqual([200, 403, 401]);
});

test('NODE_ENV=production (which breaks the Prism CLI on its own) does not stop it, nor Prism in it', async () => {
  const run = runCli(['--port', '0'], { NODE_ENV: 'production' });
  const url = await run.ready();
  expect((await fetch(`${url}/api/thumbnails`, { headers: { 'x-api-key': 'k' } })).status).toBe(200);
  expect((await fetch(`${url}/api/thumbnails`, { headers: { 'x-api-key': 'k', prefer: 'dynamic=true' } })).status).toBe(200);
});

test("a Prism that cannot load does not stop the mock: a request that needs it gets the mock's 503 naming the cause", async () => {
  const breakPrism = fileURLToPath(new URL('./fixtures/break-prism.cjs', import.meta.url));
  const run = runCli(['--port', '0'], { NODE_OPTIONS: `--require ${breakPrism}` });
  const url = await run.ready();
  expect((await fetch(`${url}/api/thumbnails`, { headers: { 'x-api-key': 'k' } })).status).toBe(200);
  const generated = await fetch(`${url}/api/thumbnails`, { headers: { 'x-api-key': 'k', prefer: 'dynamic=true' } });
  expect(generated.status).toBe(503);
  expect((await generated.json()).detail).toContain(
    'needs Prism, which could not be loaded (simulated broken Prism installation); reinstall it with: npm install --save-dev @stoplight/prism-cli@5.14.2',
  );
});

describe('failures: a clear error naming the cause, exit code 1, nothing left running', () => {
  test('a port in use', async () => {
    const server = await listenOnLoopback(createServer((_, res) => res.end()));
    servers.push(server);
    const { port } = server;
    const run = runCli(['--port', String(port)]);
    expect(await run.exited).toEqual({ code: 1, signal: null });
    expect(run.stderr()).toContain(`Port ${port} on 127.0.0.1 is already in use.`);
    expect(await survivorsOf(run.marker)).toEqual([]);
  });

  test('a missing spec file', async () => {
    const run = runCli(['--port', '0', '--spec', join(dir, 'missing.yaml')]);
    expect(await run.exited).toEqual({ code: 1, signal: null });
    expect(run.stderr()).toContain('missing.yaml: the file does not exist.');
    expect(await survivorsOf(run.marker)).toEqual([]);
  });

  test('a broken spec file', async () => {
    const spec = join(dir, 'broken.yaml');
    writeFileSync(spec, '{"openapi": "3.1.0", "paths": ');
    const run = runCli(['--port', '0', '--spec', spec]);
    expect(await run.exited).toEqual({ code: 1, signal: null });
    expect(run.stderr()).toContain(`The contract ${spec} is not valid YAML or JSON`);
    expect(await survivorsOf(run.marker)).toEqual([]);
  });

  test('a Prism that cannot load, with --proxy (which needs it from the start)', async () => {
    const breakPrism = fileURLToPath(new URL('./fixtures/break-prism.cjs', import.meta.url));
    const run = runCli(['--port', '0', '--proxy', 'http://127.0.0.1:9'], { NODE_OPTIONS: `--require ${breakPrism}` });
    expect(await run.exited).toEqual({ code: 1, signal: null });
    expect(run.stderr()).toContain(
      'thumbnail-api-mock: The contract proxy (--proxy) needs Prism, which could not be loaded (simulated broken Prism installation); reinstall it with: npm install --save-dev @stoplight/prism-cli@5.14.2',
    );
    expect(await survivorsOf(run.marker)).toEqual([]);
  });

  test.each([
    [['--port', 'eighty'], '--port must be an integer from 0 to 65535, got "eighty".'],
    [['--fail-on-violation'], '--fail-on-violation only applies with --proxy <base-url>.'],
    [['--proxy', 'http://127.0.0.1:1', '--keys', 'k.json'], '--keys does not apply with --proxy'],
    [['--proxy', 'http://127.0.0.1:1', '--cors-origin', 'http://a.example'], '--cors-origin does not apply with --proxy'],
    [['--cors-origin', 'localhost:5173'], 'The CORS origin "localhost:5173" is not an origin.'],
    [['--proxy', 'http://127.0.0.1:1', '--require-key'], '--require-key does not apply with --proxy'],
    [['npm', 'test'], 'Unexpected argument "npm". Put a command to run after --'],
    [['--prot', '1'], "Unknown option '--prot' (did you mean --port?)."],
  ])('bad arguments %j exit with code 2 and the usage', async (args, message) => {
    const run = runCli(args);
    expect(await run.exited).toEqual({ code: 2, signal: null });
    expect(run.stderr()).toContain(message);
    expect(run.stderr()).toContain('Usage: npx @thumbnail-api/mock');
  });
});

describe('with a command after --', () => {
  const script = `
    const url = process.env.THUMBNAIL_API_BASE_URL;
    const response = await fetch(url + '/api/thumbnails', { headers: { 'x-api-key': 'k' } });
    console.log('status', response.status);
    process.exit(Number(process.argv[1]));`;

  test.each([0, 3])('runs it against the mock, stops the mock, and exits with its code (%i)', async (code) => {
    const run = runCli(['--port', '0', '--', process.execPath, '--input-type=module', '-e', script, String(code)]);
    expect(await run.exited).toEqual({ code, signal: null });
    expect(run.stdout()).toContain('status 200');
    expect(await survivorsOf(run.marker)).toEqual([]);
  });

  test('on SIGTERM the command gets it first; one that ignores it is killed, then the mock stops', async () => {
    const command = fileURLToPath(new URL('./fixtures/long-running-command.mjs', import.meta.url));
    const run = runCli(['--port', '0', '--', process.execPath, command, 'ignore-sigterm']);
    const url = await run.ready();
    const deadline = Date.now() + 30_000;
    while (!run.stdout().includes('command running') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));

    run.child.kill('SIGTERM');
    expect(await run.exited).toEqual({ code: 1, signal: null });
    expect(await survivorsOf(run.marker)).toEqual([]);
    await expect(fetch(`${url}/api/thumbnails`)).rejects.toThrow();
  });

  test('a command that cannot be run is an error', async () => {
    const run = runCli(['--port', '0', '--', join(dir, 'no-such-command')]);
    expect(await run.exited).toEqual({ code: 1, signal: null });
    expect(run.stderr()).toContain('could not run');
    expect(await survivorsOf(run.marker)).toEqual([]);
  });
});
