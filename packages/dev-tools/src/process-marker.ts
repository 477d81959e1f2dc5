// Finds a test's processes by a marker in their environment: children inherit it, so it finds what a CLI started
// too (Prism, a command after --), and a test can check that nothing it started outlived it.

import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

export const markerVariable = 'THUMBNAIL_API_TEST_RUN';

/** A fresh marker value for one test's processes. */
export function newMarker(): string {
  return randomUUID();
}

/** The pids of live processes whose environment carries `marker` (Linux /proc). */
export function processesWithMarker(marker: string): number[] {
  const needle = `${markerVariable}=${marker}`;
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const zombie = stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
      if (!zombie && environ.includes(needle)) pids.push(Number(entry));
    } catch {
      // Gone while we looked, or not ours.
    }
  }
  return pids;
}

/** Waits (bounded) until no process carries `marker`, and returns the ones still there. */
export async function survivorsOf(marker: string, timeoutMs = 10_000): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  let pids = processesWithMarker(marker);
  while (pids.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    pids = processesWithMarker(marker);
  }
  return pids;
}

/** Kills whatever still carries `marker`, so a failing test leaves nothing behind. */
export function killMarked(marker: string): void {
  for (const pid of processesWithMarker(marker)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}
