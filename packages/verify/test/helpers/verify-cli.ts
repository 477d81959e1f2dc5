// Runs the built `thumbnail-api-verify` as users run it: a real process, marked so that a test can check it left
// nothing running, with the test key unless the test says otherwise.
import { fileURLToPath } from 'node:url';
import { killMarked, markerVariable, newMarker, survivorsOf } from '@thumbnail-api/dev-tools/process-marker';
import { type ProcessResult, runProcess, type StartedProcess, startProcess } from '@thumbnail-api/dev-tools/run-process';
import { KEY } from './verify-stand-in.js';

export const cliPath = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

/**
 * Runs `thumbnail-api-verify args...` to its end, with the test keys unless `env` says otherwise; a run still going
 * after `timeoutMs` is killed, and the result says `timedOut`.
 */
export async function runVerify(args: readonly string[], env: NodeJS.ProcessEnv = {}, timeoutMs = 100_000): Promise<ProcessResult & { survivors: number[] }> {
  const marker = newMarker();
  const result = await runProcess(process.execPath, [cliPath, ...args], {
    env: { ...process.env, THUMBNAIL_API_KEY: KEY, GITHUB_STEP_SUMMARY: '', ...env, [markerVariable]: marker },
    timeoutMs,
  });
  if (result.timedOut) killMarked(marker);
  return { ...result, survivors: await survivorsOf(marker) };
}

const started: { process: StartedProcess; marker: string }[] = [];

/** Starts `thumbnail-api-verify args...` and leaves it running, for a test that signals it; {@link stopAllVerifies} ends it. */
export function startVerify(args: readonly string[]): StartedProcess & { marker: string } {
  const marker = newMarker();
  const run = startProcess(process.execPath, [cliPath, ...args], { env: { ...process.env, THUMBNAIL_API_KEY: KEY, [markerVariable]: marker } });
  started.push({ process: run, marker });
  return { ...run, marker };
}

/** For afterEach: kills every run {@link startVerify} started that is still alive, and what it started. */
export async function stopAllVerifies(): Promise<void> {
  for (const { process: run, marker } of started.splice(0)) {
    if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
    await run.exited;
    killMarked(marker);
  }
}
