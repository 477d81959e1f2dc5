// The quick start on a fresh copy of the repository, as a new user runs it: `npm start`, Ctrl-C, `npm test`.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { type LoopbackServer, listenOnLoopback } from '@thumbnail-api/dev-tools/loopback-port';
import { runOrFail } from '@thumbnail-api/dev-tools/run-process';
import { userShellEnvironment } from '@thumbnail-api/dev-tools/user-shell';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupAlive, processesIn, READY_LINE, startNpmStart } from './support/npm-start.js';
import { makeScratchCopy } from './support/scratch-copy.js';

/** Noise the tools print unless configured; none of it may reach a new user's terminal. */
const TOOL_NOISE = [/Failed to create bin/, /Ignored build scripts/, /Update available/i, /Deprecation warning: Node\.js/, /ELIFECYCLE/];

let copy: ReturnType<typeof makeScratchCopy>;
/** What the first npm start printed up to its ready line, and the builds it ran. */
let firstStart = { output: '', builds: [] as string[] };

beforeAll(() => {
  copy = makeScratchCopy();
});
afterAll(() => copy?.remove());

describe.sequential('npm start on a fresh copy', () => {
  it("serves the mock and the docs, prints none of the tools' warnings, and Ctrl-C ends it with exit 0 and one line", async () => {
    const start = startNpmStart(copy.dir, userShellEnvironment({ MOCK_PORT: '0', DOCS_PORT: '0' }));
    const { mockUrl, docsUrl } = await start.ready();
    firstStart = { output: start.output(), builds: [...start.output().matchAll(/^(\S+):build: cache miss, executing/gm)].map((match) => `${match[1]}#build`) };

    const created = await fetch(`${mockUrl}/api/thumbnails`, {
      method: 'POST',
      headers: { 'x-api-key': 'dev-key', 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'A red fox at dawn' }),
    });
    expect(created.status).toBe(200);
    const docs = await fetch(docsUrl);
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-type')).toMatch(/^text\/html/);
    for (const noise of TOOL_NOISE) expect(firstStart.output).not.toMatch(noise);

    start.signalGroup('SIGINT');
    const exit = await start.exited;
    const afterCtrlC = start.output().slice(start.output().indexOf(READY_LINE) + READY_LINE.length);
    expect({ exit, afterCtrlC }).toEqual({ exit: { code: 0, signal: null }, afterCtrlC: 'Stopped the mock API and the docs.\n' });
    expect(groupAlive(start.child.pid!)).toBe(false);
    expect(processesIn(copy.dir)).toEqual([]);
    await expect(fetch(mockUrl)).rejects.toThrow();
    await expect(fetch(docsUrl)).rejects.toThrow();
  });

  it('leaves builds that npm test reuses: every build task of its turbo run is a cache hit, whatever CI and telemetry variables say', async () => {
    expect(firstStart.builds.length, 'the first npm start built nothing (see the test above)').toBeGreaterThan(0);
    const testAll: string = JSON.parse(readFileSync(`${copy.dir}/package.json`, 'utf8')).scripts['test:all'];
    const turboArgs = /\bturbo run ([^;&|]+)/.exec(testAll)?.[1]?.trim().split(/\s+/);
    expect(turboArgs, `package.json#scripts.test:all runs no "turbo run": ${testAll}`).toBeDefined();
    const env = userShellEnvironment({ CI: 'true', REDOCLY_TELEMETRY: 'off', SCARF_ANALYTICS: 'false', FAST_CHECK_SEED: '1' });
    const { stdout } = await runOrFail(process.execPath, ['scripts/pnpm.mjs', 'exec', 'turbo', 'run', ...turboArgs!, '--dry=json'], {
      cwd: copy.dir,
      env,
      timeoutMs: 300_000,
    });
    const tasks: { taskId: string; task: string; command: string; cache: { status: string } }[] = JSON.parse(stdout).tasks;
    const builds = tasks.filter((task) => task.task === 'build' && task.command !== '<NONEXISTENT>');
    expect(Object.fromEntries(builds.map((task) => [task.taskId, task.cache.status]))).toEqual(Object.fromEntries(firstStart.builds.map((id) => [id, 'HIT'])));
  });

  describe('with a port another program holds', () => {
    let holder: LoopbackServer;
    let heldPort: number;
    beforeAll(async () => {
      holder = await listenOnLoopback(createServer());
      heldPort = holder.port;
    });
    afterAll(() => holder.close());

    it.each([
      ['MOCK_PORT', 'DOCS_PORT', 'The mock API'],
      ['DOCS_PORT', 'MOCK_PORT', 'The docs'],
    ])("%s taken: exits 1 and advises setting it on npm start, not the mock CLI's flags", async (busy, free, what) => {
      const start = startNpmStart(copy.dir, userShellEnvironment({ [busy]: String(heldPort), [free]: '0' }));
      const exit = await start.exited;
      expect(exit).toEqual({ code: 1, signal: null });
      const output = start.output();
      expect(output).toContain(`${what} cannot listen on 127.0.0.1:${heldPort}: another program uses that port.`);
      expect(output).toContain(`  ${busy}=${heldPort === 65535 ? heldPort - 1 : heldPort + 1} npm start\n`);
      expect(output).toContain(`  ${busy}=0 npm start    (any free port)`);
      expect(output).not.toMatch(/--port|port option/);
      expect(processesIn(copy.dir)).toEqual([]);
    });
  });
});
