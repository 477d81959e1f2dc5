// Runs the built CLI (or npx, or any program) as users run it: a real process, its output read as they would read it.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { killMarked, markerVariable, newMarker } from './processes.js';

export const cliPath = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

export interface CliRun {
  readonly child: ChildProcess;
  readonly marker: string;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (or the signal) once the CLI has exited. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves with the URL the CLI printed when ready; rejects if it exits first or takes too long. */
  ready(timeoutMs?: number): Promise<string>;
}

const runs: CliRun[] = [];

/** Starts `thumbnail-api-mock args...`, marked so that its processes can be found afterwards. */
export function runCli(args: readonly string[], env: NodeJS.ProcessEnv = {}, cwd?: string): CliRun {
  return runProgram(process.execPath, [cliPath, ...args], { env: { ...process.env, ...env }, cwd });
}

/** Starts `command args...` with exactly `env` (plus the marker), marked so that its processes can be found afterwards. */
export function runProgram(command: string, args: readonly string[], options: { env: NodeJS.ProcessEnv; cwd?: string }): CliRun {
  const { env, cwd } = options;
  const marker = newMarker();
  const child = spawn(command, args, {
    env: { ...env, [markerVariable]: marker },
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd,
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const run: CliRun = {
    child,
    marker,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    async ready(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      let done = false;
      void exited.then(() => (done = true));
      while (Date.now() < deadline) {
        const match = /listening on (http:\/\/\S+?)(,|\s|$)/.exec(stdout);
        if (match) return match[1]!;
        if (done) throw new Error(`The CLI exited before it was ready.\nstdout: ${stdout}\nstderr: ${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`The CLI was not ready within ${timeoutMs} ms.\nstdout: ${stdout}\nstderr: ${stderr}`);
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
