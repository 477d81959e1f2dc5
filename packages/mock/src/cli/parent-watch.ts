// Ends a process with the one that started it: npx does not pass SIGTERM on, so we must notice by ourselves.
import { readFileSync } from 'node:fs';

/** How often the parent is checked, in milliseconds. */
export const parentPollMs = 250;

/** Shells that package runners (npx, npm exec, npm run) put between themselves and the command they run. */
const launcherShells = new Set(['sh', 'dash', 'bash', 'zsh', 'ash']);

/** Stops watching. */
export type StopWatching = () => void;

/**
 * Calls `onGone` once, as soon as the process that started this one is gone: our parent pid changed (we were
 * adopted, as POSIX does with orphans) or no longer exists (Windows, which adopts nobody). When our parent is
 * a `sh -c` run by npx, the shell's parent counts too: npx killed outright leaves that shell waiting on us
 * (Linux only, read from /proc). The check runs on an unref'd timer, so it never keeps the process alive.
 */
export function watchParent(onGone: () => void): StopWatching {
  const parent = process.ppid;
  const launcher = launcherOf(parent);
  const timer = setInterval(() => {
    const gone = process.ppid !== parent || !exists(parent) || (launcher !== undefined && parentOf(parent) !== launcher);
    if (gone) {
      clearInterval(timer);
      onGone();
    }
  }, parentPollMs);
  timer.unref();
  return () => clearInterval(timer);
}

function exists(pid: number): boolean {
  // Our parent at start-up may be pid 1 (or 0 for pid 1 itself in a container): it outlives us.
  if (pid <= 1) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The parent of `pid` when `pid` is a shell running a command string (`sh -c ...`); undefined elsewhere. */
function launcherOf(pid: number): number | undefined {
  if (process.platform !== 'linux' || pid <= 1) return undefined;
  try {
    const [program = '', ...args] = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const isShell = launcherShells.has(program.slice(program.lastIndexOf('/') + 1));
    return isShell && args.includes('-c') ? parentOf(pid) : undefined;
  } catch {
    return undefined;
  }
}

/** The parent pid of `pid` from /proc (Linux), or undefined once `pid` is gone. */
function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces: state, ppid, ...
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return Number.isInteger(ppid) ? ppid : undefined;
  } catch {
    return undefined;
  }
}
