// Runs the built CLI (or npx, or any program) as users run it: a real process, its output read as they would read it.
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startProcess } from '@thumbnail-api/dev-tools/run-process';
import { killMarked, markerVariable, newMarker } from './processes.js';

export const cliPath = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

export interface CliRun {
  readonly child: ChildProcess;
  readonly marker: string;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (or the signal) once the CLI has exited. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves with the URL the CLI printed when ready; rejects, with its output, if its output ends first or it takes too long. */
  ready(timeoutMs?: number): Promise<string>;
}

const runs: CliRun[] = [];

/** Starts `thumbnail-api-mock args...`, marked so that its processes can be found afterwards. */
export function runCli(args: readonly string[], env: NodeJS.ProcessEnv = {}, cwd?: string): CliRun {
  return runProgram(process.execPath, [cliPath, ...args], { env: { ...process.env, ...env }, cwd });
}

/** Starts `command args...` with exactly `env` (plus the marker), marked so that its processes can be found afterwards. */
export function runProgram(command: string, args: readonly string[], options: { env: NodeJS.ProcessEnv; cwd?: string }): CliRun {
  const marker = newMarker();
  const started = startProcess(command, args, { env: { ...options.env, [markerVariable]: marker }, cwd: options.cwd });
  const run: CliRun = {
    child: started.child,
    marker,
    stdout: started.stdout,
    stderr: started.stderr,
    exited: started.exited,
    async ready(timeoutMs = 60_000) {
      const [, url] = await started.waitFor(/listening on (http:\/\/\S+?)(,|\s|$)/, { stream: 'stdout', timeoutMs });
      return url!;
    },
  };
  runs.push(run);
  return run;
}

/** For afterEach: kills every CLI run (and its children) still alive. */
export async function killAllRuns(): Promise<void> {
  for (const run of runs.splice(0)) {
    if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
    await run.exited;
    killMarked(run.marker);
  }
}
