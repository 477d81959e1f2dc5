// The mock run the way pnpm users try a tool: `pnpm dlx @thumbnail-api/mock@^<version>`, resolved from the local
// registry (its dependency on our spec included). Killing only the outer pnpm must end the mock: pnpm passes SIGTERM
// on, and after SIGKILL only the mock's own parent watch can notice. Nothing may stay running or listening.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { writeFiles } from '../consumer-project.mjs';
import { markedProcesses, markVariable, startProcess, survivorsOf } from '../processes.mjs';
import { pnpmCommand } from '../registry/workspace-packages.mjs';

/** How long the mock may take to end after its pnpm: a bound on a busy machine, not a measured target. */
const endBoundMs = 10_000;
const parentGone = 'thumbnail-api-mock: the process that started it has exited; stopping.';

/**
 * Retries until the mock answers the ok key with 200 (bounded); throws with the last status otherwise.
 * @param {string} url
 * @param {string} key
 */
async function firstOk(url, key) {
  const deadline = performance.now() + 30_000;
  let last = '';
  while (performance.now() < deadline) {
    const response = await fetch(`${url}/api/thumbnails`, { headers: { 'x-api-key': key } }).catch((/** @type {Error} */ error) => error);
    if (!(response instanceof Error)) {
      await response.arrayBuffer();
      if (response.status === 200) return;
      last = `status ${response.status}`;
    } else last = response.message;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the mock never answered the ok key with 200 (last: ${last})`);
}

/** @param {number} pid */
function killQuietly(pid) {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** @param {import('../context.mjs').SuiteContext} context */
export function mockPnpmDlxCases(context) {
  const dir = join(context.work, 'mock-pnpm-dlx');
  // pnpm's store and dlx cache stay in the run's folder: nothing from an earlier run, nothing left in the user's home.
  const pnpmDirs = { npm_config_store_dir: join(context.work, 'pnpm-store'), npm_config_cache_dir: join(context.work, 'pnpm-cache') };

  /** @param {'SIGTERM' | 'SIGKILL'} signal */
  const killOnlyPnpm = async (signal) => {
    writeFiles(dir, {
      '.npmrc': `registry=${context.registryUrl}\n`,
      'mock-keys.json': JSON.stringify({ [context.keys.ok]: 'ok', [context.keys.revoked]: 'unauthorized', [context.keys.noAccess]: 'forbidden' }),
    });
    const { command, prefix, env } = await pnpmCommand();
    const mark = randomUUID();
    const mock = await startProcess(command, [...prefix, 'dlx', `@thumbnail-api/mock@^${context.version}`, '--port', '0', '--keys', 'mock-keys.json'], {
      cwd: dir,
      env: { ...env, ...pnpmDirs, npm_config_update_notifier: 'false', [markVariable]: mark },
      ready: /listening on (http:\/\/127\.0\.0\.1:\d+)/,
      timeoutMs: 180_000,
    });
    try {
      const url = mock.match[1] ?? '';
      await firstOk(url, context.keys.ok);
      const started = markedProcesses(mark);
      if (!started.some(({ pid }) => pid !== mock.pid))
        throw new Error(`pnpm dlx runs the mock in its own process, but only pnpm (pid ${mock.pid}) was found: ${started.map((p) => p.command).join(' | ')}`);

      const killed = performance.now();
      process.kill(mock.pid, signal);
      const survivors = await survivorsOf(mark, started, endBoundMs);
      if (survivors.length > 0)
        throw new Error(
          `${endBoundMs / 1000} s after ${signal} to the outer pnpm, still running: ${survivors.map(({ pid, command: line }) => `${pid} ${line.slice(0, 160)}`).join(' | ')}`,
        );
      // Imported here, not at the top: dev-tools is built by the suite's build step, after this module is loaded.
      const { portClosed } = await import('@thumbnail-api/dev-tools/port-closed');
      const outcome = await portClosed(`${url}/api/thumbnails`, endBoundMs - (performance.now() - killed));
      if (outcome !== 'ECONNREFUSED')
        throw new Error(
          `${endBoundMs / 1000} s after ${signal} to the outer pnpm, the mock's port ${new URL(url).port} still gave ${outcome} instead of a refusal`,
        );
      const tookSeconds = ((performance.now() - killed) / 1000).toFixed(1);
      if (signal === 'SIGKILL' && !mock.output().includes(parentGone)) throw new Error(`the mock ended without saying its parent was gone ("${parentGone}")`);
      const how = signal === 'SIGKILL' ? 'its parent watch noticed' : 'pnpm passed the signal on';
      return `pnpm dlx mock@^${context.version} answered 200; ${signal} to pnpm alone: no process, port closed after ${tookSeconds} s (${how})`;
    } finally {
      // Whatever a failure left behind goes now (the checks above have been made), in pnpm's group or out of it.
      for (const { pid } of markedProcesses(mark)) if (pid !== mock.pid) killQuietly(pid);
      await mock.stop();
    }
  };

  return [
    { name: 'mock-pnpm-dlx-sigterm', timeoutMs: 300_000, needsSuiteMock: false, run: () => killOnlyPnpm('SIGTERM') },
    { name: 'mock-pnpm-dlx-sigkill', timeoutMs: 240_000, needsSuiteMock: false, run: () => killOnlyPnpm('SIGKILL') },
  ];
}
