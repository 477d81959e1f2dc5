// Runs a program to completion and collects what it printed; with a time limit, the program and everything it
// started are killed when the limit passes, so a hung tool cannot hang the test or build that ran it. Or starts one
// that runs until stopped (a server, a CLI), keeping its output and waiting for the line that says it is ready.
import { type ChildProcess, spawn } from 'node:child_process';

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
    const printed = collectOutput(child, options.echo);
    let timedOut = false;
    const timer = limited
      ? setTimeout(() => {
          timedOut = true;
          // Said in the output too, so that an assertion showing the output shows why it stopped.
          printed.stderr += `\n[killed after ${options.timeoutMs} ms]`;
          printed.output += `\n[killed after ${options.timeoutMs} ms]`;
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
      resolve({ code, signal, stdout: printed.stdout, stderr: printed.stderr, output: printed.output, timedOut });
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

/** What a program printed so far: stdout, stderr, and both interleaved as they arrived. */
interface Printed {
  stdout: string;
  stderr: string;
  output: string;
}

/** Collects what `child` prints (always drained: a full pipe would stall it); with `echo`, passes it through as well. */
function collectOutput(child: ChildProcess, echo = false, onChunk?: () => void): Printed {
  const printed: Printed = { stdout: '', stderr: '', output: '' };
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    printed.stdout += chunk;
    printed.output += chunk;
    if (echo) process.stdout.write(chunk);
    onChunk?.();
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    printed.stderr += chunk;
    printed.output += chunk;
    if (echo) process.stderr.write(chunk);
    onChunk?.();
  });
  return printed;
}

export interface ExitStatus {
  /** Exit code, or null when a signal ended the program. */
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

export interface StartOptions {
  readonly cwd?: string;
  /** The program's whole environment (default: this process's). */
  readonly env?: NodeJS.ProcessEnv;
  /** Start it in a process group of its own, as a terminal starts a command: `process.kill(-child.pid, signal)` reaches all it started. */
  readonly group?: boolean;
}

/** A program running until it is stopped. */
export interface StartedProcess {
  readonly child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** stdout and stderr interleaved as they arrived. */
  output(): string;
  /** Resolves once the program has exited (what it started may still hold its output open). */
  readonly exited: Promise<ExitStatus>;
  /** Resolves once the program has exited and its output has ended. */
  readonly closed: Promise<ExitStatus>;
  /**
   * Resolves with the first match of `pattern` in what the program printed (stdout and stderr, or `stream` alone);
   * rejects, showing the output, when its output ends first or after `timeoutMs`.
   */
  waitFor(pattern: RegExp, options?: { stream?: 'stdout' | 'output'; timeoutMs?: number }): Promise<RegExpExecArray>;
}

/** Starts `command` with its output kept; the caller stops it (`child.kill`, or the group when started with `group`). */
export function startProcess(command: string, args: readonly string[], options: StartOptions = {}): StartedProcess {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, detached: options.group, stdio: ['ignore', 'pipe', 'pipe'] });
  const waiters = new Set<() => void>();
  const printed = collectOutput(child, false, () => {
    for (const check of waiters) check();
  });
  const closed = new Promise<ExitStatus>((resolve) => child.once('close', (code, signal) => resolve({ code, signal })));
  // A program that could not be started never emits 'exit', only 'close'.
  const exited = Promise.race([new Promise<ExitStatus>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal }))), closed]);
  child.once('error', (error) => (printed.output += `\n[could not start ${describeCommand(command, args)}: ${error.message}]`));
  return {
    child,
    stdout: () => printed.stdout,
    stderr: () => printed.stderr,
    output: () => printed.output,
    exited,
    closed,
    waitFor(pattern, { stream = 'output', timeoutMs } = {}) {
      return new Promise((resolve, reject) => {
        let timer: NodeJS.Timeout | undefined;
        const settle = (done: () => void) => {
          waiters.delete(check);
          clearTimeout(timer);
          done();
        };
        const check = () => {
          const match = pattern.exec(stream === 'stdout' ? printed.stdout : printed.output);
          if (match) settle(() => resolve(match));
        };
        const fail = (why: string) => settle(() => reject(new Error(`${describeCommand(command, args)} ${why} ${pattern}:\n${printed.output}`)));
        waiters.add(check);
        check();
        if (timeoutMs !== undefined) timer = setTimeout(() => fail(`did not print within ${timeoutMs} ms`), timeoutMs);
        void closed.then(({ code, signal }) => {
          check();
          if (waiters.has(check)) fail(`ended (${code ?? signal}) without printing`);
        });
      });
    },
  };
}
