// Running real processes: what they print comes back, failures say what failed, a time limit kills the whole group.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { ProcessError, runOrFail, runProcess } from '../src/run-process.js';

const node = process.execPath;
/** Whether `pid` runs (Linux /proc); a zombie no longer runs, and may wait for a reaper this machine lacks. */
const isRunning = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false;
  }
};

describe('runProcess', () => {
  test('collects stdout and stderr, apart and interleaved, and the exit code', async () => {
    const script =
      "process.stdout.write('out1 '); setTimeout(() => { process.stderr.write('err '); setTimeout(() => { process.stdout.write('out2'); process.exit(3); }, 50); }, 50);";
    const result = await runProcess(node, ['-e', script]);
    expect(result).toEqual({ code: 3, signal: null, stdout: 'out1 out2', stderr: 'err ', output: 'out1 err out2', timedOut: false });
  });

  test('runs with exactly the environment it is given', async () => {
    const result = await runProcess(node, ['-e', 'console.log(JSON.stringify(Object.keys(process.env).filter((k) => k.startsWith("DEV_TOOLS_"))))'], {
      env: { DEV_TOOLS_ONLY: '1' },
    });
    expect(JSON.parse(result.stdout)).toEqual(['DEV_TOOLS_ONLY']);
  });

  test('kills the program and what it started when the time limit passes', async () => {
    // The shell starts a grandchild that would outlive a kill of the shell alone.
    const result = await runProcess(`"${node}" -e "console.log(process.pid); setInterval(() => {}, 1000)"`, [], { shell: true, timeoutMs: 1000 });
    expect(result.timedOut).toBe(true);
    expect(result.stderr).toBe('\n[killed after 1000 ms]');
    const grandchild = Number(result.stdout.trim());
    expect(grandchild).toBeGreaterThan(0);
    expect(grandchild).not.toBe(process.pid);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(isRunning(grandchild)).toBe(false);
  });

  test('rejects with a ProcessError when the program cannot be started', async () => {
    await expect(runProcess('/nonexistent/tool', ['--flag'])).rejects.toThrow(
      new ProcessError('Could not start /nonexistent/tool --flag: spawn /nonexistent/tool ENOENT'),
    );
  });
});

describe('runOrFail', () => {
  test('resolves with the output of a program that exits with 0', async () => {
    expect((await runOrFail(node, ['-e', 'console.log("fine")'])).stdout).toBe('fine\n');
  });

  test('throws naming the command, where it ran, its exit code and its output', async () => {
    const failure = runOrFail(node, ['-e', 'console.error("broken thing"); process.exit(2)'], { cwd: '/' });
    await expect(failure).rejects.toThrow(ProcessError);
    await expect(failure).rejects.toThrow(/^`.+node -e "console\.error\(\\"broken thing\\"\); process\.exit\(2\)"` exited with 2 in \/:\nbroken thing$/);
  });
});
