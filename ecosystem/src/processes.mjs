// Child processes of the suite: each in its own process group, so a time limit or the end of the run stops
// everything it started (npx and pnpm do not forward signals to what they start). All output is kept, so the
// suite can scan it for the API keys it handed out. (@thumbnail-api/dev-tools' runProcess runs a program to its
// end; the suite also needs servers that run until stopped, and one transcript of everything.)
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** @type {Set<import('node:child_process').ChildProcess>} Every process group still running, so that nothing outlives the suite. */
const running = new Set();
/** @type {string[]} Every chunk of output any child wrote, for the key scan. */
const transcript = [];

/** All output of every child so far, in one string. */
export function allOutput() {
  return transcript.join('');
}

/**
 * Adds text the suite itself received (an HTTP body, a browser's console) to what the key scan reads.
 * @param {string} text
 */
export function recordOutput(text) {
  transcript.push(text);
}

/**
 * What the suite passes to every child: the user's environment, without anything that would point a client at a
 * service or hand npm settings of the suite's own npm run to a consumer project.
 * @param {NodeJS.ProcessEnv} [extra]
 * @returns {NodeJS.ProcessEnv}
 */
export function cleanEnvironment(extra = {}) {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (name.startsWith('THUMBNAIL_API_') || name.startsWith('npm_') || name === 'NODE_OPTIONS' || name === 'INIT_CWD') delete env[name];
  }
  return {
    ...env,
    REDOCLY_TELEMETRY: 'off',
    SCARF_ANALYTICS: 'false',
    TURBO_TELEMETRY_DISABLED: '1',
    WRANGLER_SEND_METRICS: 'false',
    DO_NOT_TRACK: '1',
    ...extra,
  };
}

/**
 * @param {import('node:child_process').ChildProcess} child
 * @param {NodeJS.Signals} [signal]
 */
function killGroup(child, signal = 'SIGKILL') {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/**
 * Runs a command to its end or its time limit.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string, env?: NodeJS.ProcessEnv, timeoutMs: number, input?: string }} options
 * @returns {Promise<{ code: number | null, stdout: string, stderr: string, timedOut: boolean }>}
 */
export function run(command, args, { cwd, env = cleanEnvironment(), timeoutMs, input }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    running.add(child);
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      transcript.push(String(chunk));
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      transcript.push(String(chunk));
    });
    child.stdin.on('error', () => {});
    child.stdin.end(input ?? '');
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child);
    }, timeoutMs);
    /** @param {number | null} code */
    const finish = (code) => {
      clearTimeout(timer);
      // Whatever the command left behind in its group (a server it started) goes with it.
      killGroup(child);
      running.delete(child);
      resolve({ code, stdout, stderr, timedOut });
    };
    child.on('error', (error) => {
      stderr += `could not start ${command}: ${error.message}`;
      finish(null);
    });
    child.on('close', (code) => finish(code));
  });
}

/**
 * Starts a long-running process and resolves once a line of its output matches `ready`.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string, env?: NodeJS.ProcessEnv, ready: RegExp, timeoutMs: number }} options
 * @returns {Promise<{ match: RegExpMatchArray, output: () => string, stop: () => Promise<void>, pid: number }>}
 */
export function startProcess(command, args, { cwd, env = cleanEnvironment(), ready, timeoutMs }) {
  return new Promise((resolve, reject) => {
    // stdin stays open: a child that watches it (our Verdaccio launcher) ends when the suite does.
    const child = spawn(command, args, { cwd, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    running.add(child);
    let output = '';
    let settled = false;
    const exited = new Promise((done) => child.on('close', done));
    const stop = async () => {
      killGroup(child, 'SIGTERM');
      const forced = setTimeout(() => killGroup(child), 3000);
      await exited;
      clearTimeout(forced);
      killGroup(child);
      running.delete(child);
    };
    /** @param {Buffer} chunk */
    const onData = (chunk) => {
      output += chunk;
      transcript.push(String(chunk));
      const match = ready.exec(output);
      if (match && !settled) {
        settled = true;
        clearTimeout(timer);
        resolve({ match, output: () => output, stop, pid: child.pid ?? 0 });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.stdin.on('error', () => {});
    /** @param {string} reason */
    const fail = (reason) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stop().then(() => reject(new Error(`${reason}; its output:\n${output.slice(-2000)}`)));
    };
    const timer = setTimeout(() => fail(`${command} did not get ready within ${timeoutMs / 1000} s`), timeoutMs);
    child.on('error', (error) => fail(`could not start ${command}: ${error.message}`));
    child.on('close', (code) => fail(`${command} exited with code ${code} before it was ready`));
  });
}

/** The environment variable that marks a process tree: children inherit it, wherever they move to (Linux /proc). */
export const markVariable = 'THUMBNAIL_API_ECOSYSTEM_MARK';

/**
 * Live processes whose environment carries `markVariable=mark`, with their command lines (Linux only: read from /proc).
 * @param {string} mark
 * @returns {Array<{ pid: number, command: string }>}
 */
export function markedProcesses(mark) {
  const needle = `${markVariable}=${mark}`;
  const found = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // A zombie has exited (its sockets are closed); it only waits for its parent to read its exit status.
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      if (!readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(needle)) continue;
      found.push({ pid: Number(entry), command: readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim() });
    } catch {
      // Gone while we looked, or not ours to read.
    }
  }
  return found;
}

/**
 * Which of `pids` are still running (not zombies). An exiting process may hide its environment before it has closed
 * its files and sockets, so a process seen marked earlier is followed by its pid.
 * @param {Array<{ pid: number, command: string }>} known
 */
function stillRunning(known) {
  return known.filter(({ pid }) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return !stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
    } catch {
      return false;
    }
  });
}

/**
 * Waits until no process carries `mark` and none of `known` (seen marked earlier) runs, or `timeoutMs` has passed;
 * returns the ones still there.
 * @param {string} mark
 * @param {Array<{ pid: number, command: string }>} known
 * @param {number} timeoutMs
 */
export async function survivorsOf(mark, known, timeoutMs) {
  const deadline = performance.now() + timeoutMs;
  const left = () => {
    const marked = markedProcesses(mark);
    return [...marked, ...stillRunning(known).filter(({ pid }) => !marked.some((process) => process.pid === pid))];
  };
  let survivors = left();
  while (survivors.length > 0 && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    survivors = left();
  }
  return survivors;
}

/** Stops every process group the suite started and has not stopped yet. */
export function stopAll() {
  for (const child of running) killGroup(child);
  running.clear();
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });
}
process.on('exit', stopAll);
