// The mock ends with whatever started it (npx, any parent process, a process calling startMock()), however that
// ends: nothing of the mock stays running and its port is closed. Processes are found by a marker in their
// environment (Linux /proc), which npx, the mock and a command after `--` all inherit. (Prism runs inside the mock.)
import { fileURLToPath } from 'node:url';
import { portClosed } from '@thumbnail-api/dev-tools/port-closed';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { cliPath, killAllRuns, runProgram } from './helpers/cli.js';
import { installPackedMock, type PackedInstall } from './helpers/packed-install.js';
import { processesWithMarker, survivorsOf } from './helpers/processes.js';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const parentGone = 'thumbnail-api-mock: the process that started it has exited; stopping.';

afterEach(killAllRuns);

async function answers(url: string): Promise<number> {
  return (await fetch(`${url}/api/thumbnails`, { headers: { 'x-api-key': 'k' } })).status;
}

async function waitForOutput(read: () => string, text: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!read().includes(text)) {
    if (Date.now() > deadline) throw new Error(`No "${text}" within ${timeoutMs} ms; the output was:\n${read()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('started with npx from the installed package', () => {
  let installed: PackedInstall | undefined;
  beforeAll(() => {
    installed = installPackedMock();
  }, 600_000);
  afterAll(() => installed?.remove());

  const npx = (args: readonly string[]) => runProgram('npx', ['@thumbnail-api/mock', '--port', '0', ...args], { env: installed!.env, cwd: installed!.dir });

  // npx does not pass SIGTERM on to the mock, and SIGKILL leaves npx no chance to: the mock must notice by itself.
  test.each(['SIGTERM', 'SIGKILL'] as const)('when only the outer npx gets %s, the mock exits and the port closes', async (signal) => {
    const run = npx([]);
    const url = await run.ready();
    expect(await answers(url)).toBe(200);
    // At least npx and the mock (npx runs the bin through a shell too).
    expect(processesWithMarker(run.marker).length).toBeGreaterThanOrEqual(2);

    run.child.kill(signal);
    expect(await survivorsOf(run.marker)).toEqual([]);
    expect(await portClosed(`${url}/api/thumbnails`)).toBe('ECONNREFUSED');
    expect(run.stderr()).toContain(parentGone);
  });

  test('with a command after --, SIGTERM to only the outer npx ends the command and the mock', async () => {
    const run = npx(['--', process.execPath, fixture('long-running-command.mjs')]);
    const url = await run.ready();
    await waitForOutput(run.stdout, 'command running');

    run.child.kill('SIGTERM');
    expect(await survivorsOf(run.marker)).toEqual([]);
    expect(await portClosed(`${url}/api/thumbnails`)).toBe('ECONNREFUSED');
  });
});

describe('started by another process that dies', () => {
  test('a parent killed with SIGKILL takes the mock with it', async () => {
    const run = runProgram(process.execPath, [fixture('parent-of.mjs'), process.execPath, cliPath, '--port', '0'], { env: process.env });
    const url = await run.ready();
    expect(await answers(url)).toBe(200);

    run.child.kill('SIGKILL');
    expect(await survivorsOf(run.marker)).toEqual([]);
    expect(await portClosed(`${url}/api/thumbnails`)).toBe('ECONNREFUSED');
    expect(run.stderr()).toContain(parentGone);
  });

  test('a parent killed with SIGKILL while the mock runs a command after -- takes the command and the mock with it', async () => {
    const command = [process.execPath, fixture('long-running-command.mjs')];
    const run = runProgram(process.execPath, [fixture('parent-of.mjs'), process.execPath, cliPath, '--port', '0', '--', ...command], { env: process.env });
    const url = await run.ready();
    await waitForOutput(run.stdout, 'command running');

    run.child.kill('SIGKILL');
    expect(await survivorsOf(run.marker)).toEqual([]);
    expect(await portClosed(`${url}/api/thumbnails`)).toBe('ECONNREFUSED');
  });

  // The mock, Prism included, lives in that process: nothing else to end.
  test.each(['SIGKILL', 'SIGTERM'] as const)('a process that called startMock() and gets %s leaves no process and no open port', async (signal) => {
    const run = runProgram(process.execPath, [fixture('start-mock-host.mjs')], { env: process.env });
    const url = await run.ready();
    expect(await answers(url)).toBe(200);
    // Prism loaded too (in the host).
    expect((await fetch(`${url}/api/thumbnails`, { headers: { 'x-api-key': 'k', prefer: 'dynamic=true' } })).status).toBe(200);
    expect(processesWithMarker(run.marker)).toEqual([run.child.pid]);

    run.child.kill(signal);
    expect(await survivorsOf(run.marker)).toEqual([]);
    // Gone from /proc is not yet done exiting: a process with Prism's heap takes a moment to close its sockets.
    await run.exited;
    expect(await portClosed(`${url}/api/thumbnails`)).toBe('ECONNREFUSED');
  });
});
