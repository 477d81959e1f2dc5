// Runs a program to completion and collects what it printed; with a time limit, the program and everything it
// started are killed when the limit passes, so a hung tool cannot hang the test or build that ran it.
import { spawn } from 'node:child_process';

export interface RunOptions {
  readonly cwd?: string;
  /** The program's whole environment (default: this process's). */
  readonly env?: NodeJS.ProcessEnv;
  /** Kill the program and its process group (SIGKILL) after this long; the result then says `timedOut`. */
  readonly timeoutMs?: number;
  /** Run `command` through the shell (`args` are appended to it). */
  readonly shell?: boolean;
  /** Also pass the output through to this process's stdout and stderr, as it comes. */
  readonly echo?: boolean;
}

export interface ProcessResult {
  /** Exit code, or null when a signal ended the program. */
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  /** stdout and stderr interleaved as they arrived. */
  readonly output: string;
  readonly timedOut: boolean;
}

/** The program could not be started, or did not exit with 0 (for {@link runOrFail}). */
export class ProcessError extends Error {
  override name = 'ProcessError';
  constructor(
    message: string,
    /** What the program did, when it ran. */
    readonly result?: ProcessResult,
  ) {
    super(message);
  }
}

/** `command` with its arguments, as a reader would type it. */
export function describeCommand(command: string, args: readonly string[]): string {
  return [command, ...args].map((part) => (/^[\w./:=@%+-]+$/.test(part) ? part : JSON.stringify(part))).join(' ');
}

/** Runs `command`; resolves with what it printed whatever its exit code; rejects only when it cannot be started. */
export function runProcess(command: string, args: readonly string[], options: RunOptions = {}): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const limited = options.timeoutMs !== undefined;
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      shell: options.shell,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so that the time limit reaches what it started (a shell's children, Prism, ...).
      detached: limited,
    });
    let stdout = '';
    let stderr = '';
    let output = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      output += chunk;
      if (options.echo) process.stdout.write(chunk);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      output += chunk;
      if (options.echo) process.stderr.write(chunk);
    });
    const timer = limited
      ? setTimeout(() => {
          timedOut = true;
          // Said in the output too, so that an assertion showing the output shows why it stopped.
          stderr += `\n[killed after ${options.timeoutMs} ms]`;
          output += `\n[killed after ${options.timeoutMs} ms]`;
          try {
            process.kill(-child.pid!, 'SIGKILL');
          } catch {
            child.kill('SIGKILL');
          }
        }, options.timeoutMs)
      : undefined;
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new ProcessError(`Could not start ${describeCommand(command, args)}: ${error.message}`));
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, output, timedOut });
    });
  });
}

/** Like {@link runProcess}, but throws a {@link ProcessError} naming the command and showing its output unless it exits with 0. */
export async function runOrFail(command: string, args: readonly string[], options: RunOptions = {}): Promise<ProcessResult> {
  const result = await runProcess(command, args, options);
  if (result.code === 0) return result;
  const how = result.timedOut
    ? `was killed after ${options.timeoutMs} ms`
    : result.code === null
      ? `was ended by ${result.signal}`
      : `exited with ${result.code}`;
  const where = options.cwd ? ` in ${options.cwd}` : '';
  // Echoed output is on the screen already.
  const shown = options.echo || result.output.trim() === '' ? '' : `:\n${result.output.trimEnd()}`;
  throw new ProcessError(`\`${describeCommand(command, args)}\` ${how}${where}${shown}`, result);
}
