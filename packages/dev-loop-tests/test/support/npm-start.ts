// `npm start` as a terminal runs it: its own process group (the one Ctrl-C reaches), its output read as printed.
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readlinkSync, realpathSync } from 'node:fs';
import { type ExitStatus, startProcess } from '@thumbnail-api/dev-tools/run-process';

export const READY_LINE = 'Press Ctrl-C to stop.\n';

export interface NpmStart {
  /** Everything printed so far, stdout and stderr in the order they arrived. */
  output(): string;
  /** Resolves with the two URLs once the ready line is printed; rejects if npm start exits first. */
  ready(): Promise<{ mockUrl: string; docsUrl: string }>;
  /** Resolves once npm start has exited and its output has ended. */
  readonly exited: Promise<ExitStatus>;
  /** Sends `signal` to the whole process group, as a terminal does on Ctrl-C. */
  signalGroup(signal: NodeJS.Signals): void;
  readonly child: ChildProcess;
}

export function startNpmStart(cwd: string, env: NodeJS.ProcessEnv): NpmStart {
  const started = startProcess('npm', ['start'], { cwd, env, group: true });
  const ready = started.waitFor(new RegExp(READY_LINE.replace('.', '\\.'))).then(() => {
    const output = started.output();
    const mockUrl = /^Mock API: +(\S+)$/m.exec(output)?.[1];
    const docsUrl = /^Docs: +(\S+)$/m.exec(output)?.[1];
    if (mockUrl && docsUrl) return { mockUrl, docsUrl };
    throw new Error(`npm start printed the ready line without both URLs:\n${output}`);
  });
  // A run expected to fail never asks for ready(); its rejection is not an error then.
  ready.catch(() => undefined);
  return {
    child: started.child,
    output: started.output,
    ready: () => ready,
    exited: started.closed,
    signalGroup: (signal) => process.kill(-started.child.pid!, signal),
  };
}

/** Whether any process of group `pgid` is still alive. */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Processes whose working directory is `dir` or inside it (Linux /proc), e.g. a Prism left behind in another group. */
export function processesIn(dir: string): string[] {
  const root = realpathSync(dir);
  const found: string[] = [];
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return found;
  }
  for (const pid of pids) {
    try {
      const cwd = readlinkSync(`/proc/${pid}/cwd`);
      if (cwd === root || cwd.startsWith(`${root}/`)) found.push(`${pid} ${readlinkSync(`/proc/${pid}/exe`)}`);
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}
