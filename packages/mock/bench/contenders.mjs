// The servers the bench compares, each started as its users start it, on 127.0.0.1, and timed from the start to the
// first 200 answer to a documented request.
import { execFileSync, fork, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openapiJsonPath } from '@thumbnail-api/spec';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const require = createRequire(import.meta.url);
const live = new Set();
process.on('exit', () => live.forEach((child) => child.kill('SIGKILL')));

/** The documented request every start is timed to: a GET of the list with a key. */
const probe = { path: '/api/thumbnails', headers: { 'x-api-key': 'bench-key' } };

/** Each contender: `start()` resolves with `{ url, pid, startMs, note?, stop() }`. */
export const contenders = {
  bare: { label: 'bare node:http, same bytes (the floor)', start: () => startProcess([here('./bare-server.mjs')], { printsUrl: true }) },
  prism: {
    label: 'Prism 5.14.2 CLI alone (warn log)',
    start: async () => {
      const port = await freePort();
      const cli = require.resolve('@stoplight/prism-cli/dist/index.js');
      // The flags our mock gives its own Prism: no cluster mode (it breaks start-up), no per-request info logs.
      const args = [
        cli,
        'mock',
        openapiJsonPath,
        '--host',
        '127.0.0.1',
        '--port',
        String(port),
        '--errors=true',
        '--multiprocess=false',
        '--verboseLevel=warn',
      ];
      return startProcess(args, { url: `http://127.0.0.1:${port}` });
    },
  },
  cli: { label: 'our mock CLI (node dist/cli.js)', start: () => startProcess([here('../dist/cli.js'), '--port', '0'], { printsUrl: true }) },
  startMock: { label: 'our startMock(), in its own process', start: () => startMockHost('startMock') },
  compiled: { label: 'the compiled path alone (internal startCompiledMock())', start: () => startMockHost('compiled') },
  // BENCH_BASELINE=<another checkout's packages/mock, built>: its CLI in the same rounds, so that a change's cost is a
  // ratio measured seconds apart on the same machine (e.g. a git worktree of the commit before it).
  baseline: {
    label: `our mock CLI at the baseline (${baselineName()})`,
    start: () => {
      if (!process.env.BENCH_BASELINE) throw new Error('BENCH_BASELINE names no checkout: set it to the packages/mock folder of a built checkout.');
      return startProcess([join(process.env.BENCH_BASELINE, 'dist', 'cli.js'), '--port', '0'], { printsUrl: true });
    },
  },
};

/** The baseline's commit, read from its checkout. */
function baselineName() {
  if (!process.env.BENCH_BASELINE) return 'BENCH_BASELINE not set';
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: process.env.BENCH_BASELINE,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return process.env.BENCH_BASELINE;
  }
}

/** Spawns a server, resolves once it answers the probe with 200; start time runs from the spawn. */
async function startProcess(args, { printsUrl = false, url }) {
  const started = performance.now();
  const env = { ...process.env, SCARF_ANALYTICS: 'false', NO_COLOR: '1' };
  delete env.NODE_ENV;
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  let output = '';
  const collect = (chunk) => {
    output = (output + chunk).slice(-4000);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(force);
    live.delete(child);
  };
  try {
    const base = printsUrl ? await urlFromOutput(child, () => output) : url;
    await firstOk(base, started, child);
    return { url: base, pid: child.pid, startMs: performance.now() - started, stop };
  } catch (error) {
    await stop();
    throw new Error(`${error.message}\n${output.slice(-1500)}`);
  }
}

/** Forks the startMock() host; its start time is `startMock()` called → first 200, measured inside it. */
async function startMockHost(which) {
  const spawned = performance.now();
  const child = fork(here('./start-mock-host.mjs'), [which], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, SCARF_ANALYTICS: 'false' },
  });
  live.add(child);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const ready = await new Promise((resolve, reject) => {
    child.once('message', (message) => (message.error ? reject(new Error(message.error)) : resolve(message)));
    child.once('exit', (code) => reject(new Error(`the startMock() host exited with ${code} before it answered`)));
  });
  const processMs = performance.now() - spawned;
  return {
    url: ready.url,
    pid: child.pid,
    startMs: ready.firstAnswerMs,
    note: `import ${ready.importMs.toFixed(0)} ms, resolve ${ready.resolveMs.toFixed(0)} ms; process spawn → first 200 ${processMs.toFixed(0)} ms`,
    stop: async () => {
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(force);
      live.delete(child);
    },
  };
}

function urlFromOutput(child, output) {
  return new Promise((resolve, reject) => {
    const look = () => {
      const match = /listening on (http:\/\/[^\s,]+)/.exec(output());
      if (match) {
        child.stdout.off('data', look);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', look);
    child.once('exit', (code) => reject(new Error(`exited with ${code} before it printed its URL`)));
  });
}

/** Polls the probe every 5 ms on fresh connections until a 200; gives up after 60 s. */
async function firstOk(base, started, child) {
  while (performance.now() - started < 60_000) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode} before it answered`);
    const status = await new Promise((resolve) => {
      const req = request(new URL(probe.path, base), { headers: probe.headers, agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      });
      req.on('error', () => resolve(0));
      req.end();
    });
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('no 200 within 60 s');
}

/** The sum of `read(pid)` over a process and its descendants alive now, from /proc (Linux). */
function sumOverTree(pid, read) {
  let total = 0;
  const pending = [pid];
  while (pending.length > 0) {
    const current = pending.pop();
    try {
      total += read(current);
      for (const task of readdirSync(`/proc/${current}/task`)) {
        pending.push(...readFileSync(`/proc/${current}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
      }
    } catch {
      // Gone, or not Linux.
    }
  }
  return total;
}

/** Resident memory of a process and all its descendants, from /proc (Linux), in MiB. */
export function treeRssMiB(pid) {
  const kib = sumOverTree(pid, (current) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${current}/status`, 'utf8'))?.[1] ?? 0));
  return kib / 1024;
}

/** CPU time (user + system) used so far by a process and its descendants alive now, from /proc (Linux), in seconds. */
export function treeCpuSeconds(pid) {
  const ticks = sumOverTree(pid, (current) => {
    const stat = readFileSync(`/proc/${current}/stat`, 'utf8');
    // Fields after the command name (in parentheses, which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  });
  return ticks / clockTicks;
}

/** The kernel's clock ticks per second, in which /proc counts CPU time (100 on Linux almost everywhere). */
const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()) || 100;
  } catch {
    return 100;
  }
})();

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
