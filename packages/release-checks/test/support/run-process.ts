// Runs a program to completion with a time limit, capturing its output; a program that outlives the limit is killed.
import { spawn } from 'node:child_process';

export interface ProcessResult {
  /** Exit code, or null when killed by a signal. */
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `command` with `args`; resolves with its output whatever its exit code, after killing it at `timeoutMs`. */
export function runProcess(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    // detached: the program gets its own process group, so a timeout kills its children (e.g. Prism) too.
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      stderr += `\n[killed after ${options.timeoutMs} ms]`;
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`Could not start ${command}: ${error.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Like {@link runProcess}, but throws with the program's output when it does not exit with 0. */
export async function runOrFail(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<ProcessResult> {
  const result = await runProcess(command, args, options);
  if (result.code !== 0) {
    throw new Error(`\`${[command, ...args].join(' ')}\` exited with ${result.code} in ${options.cwd}:\n${result.stdout}\n${result.stderr}`);
  }
  return result;
}
