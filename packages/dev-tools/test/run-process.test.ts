// Running real processes: what they print comes back, failures say what failed, a time limit kills the whole group.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { ProcessError, runOrFail, runProcess, startProcess } from '../src/run-process.js';

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

describe('startProcess', () => {
  test('keeps what it prints, resolves waitFor with the first match once it comes, and reports the exit', async () => {
    const script =
      "console.log('starting'); setTimeout(() => { console.error('listening on http://127.0.0.1:5/ now'); setTimeout(() => process.exit(4), 50); }, 100);";
    const started = startProcess(node, ['-e', script]);
    const match = await started.waitFor(/listening on (\S+)/);
    expect(match[1]).toBe('http://127.0.0.1:5/');
    expect(await started.closed).toEqual({ code: 4, signal: null });
    expect(await started.exited).toEqual({ code: 4, signal: null });
    expect({ stdout: started.stdout(), stderr: started.stderr(), output: started.output() }).toEqual({
      stdout: 'starting\n',
      stderr: 'listening on http://127.0.0.1:5/ now\n',
      output: 'starting\nlistening on http://127.0.0.1:5/ now\n',
    });
  });

  test('waitFor looks in stdout alone when asked', async () => {
    const started = startProcess(node, ['-e', "console.error('ready (on stderr)'); setTimeout(() => console.log('ready'), 100);"]);
    await started.waitFor(/^ready$/m, { stream: 'stdout' });
    expect(started.stderr()).toBe('ready (on stderr)\n');
    await started.closed;
  });

  test('waitFor rejects, showing the output, when the program ends without printing the line', async () => {
    const started = startProcess(node, ['-e', "console.error('Port 4010 is already in use.'); process.exit(1);"]);
    await expect(started.waitFor(/listening on/)).rejects.toThrow(/ended \(1\) without printing \/listening on\/:\nPort 4010 is already in use\./);
  });

  test('waitFor rejects after its time limit; the program runs on until the caller stops it', async () => {
    const started = startProcess(node, ['-e', "console.log('still starting'); setInterval(() => {}, 1000);"]);
    // Once it has printed: how long node takes to start on a busy machine is no part of this.
    await started.waitFor(/still starting/);
    await expect(started.waitFor(/listening on/, { timeoutMs: 300 })).rejects.toThrow(/did not print within 300 ms \/listening on\/:\nstill starting/);
    expect(isRunning(started.child.pid!)).toBe(true);
    started.child.kill('SIGKILL');
    expect(await started.exited).toEqual({ code: null, signal: 'SIGKILL' });
  });

  test('with group, a signal to the group reaches what the program started, as Ctrl-C does', async () => {
    const script =
      "const c = require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }); console.log('child ' + c.pid);";
    const started = startProcess(node, ['-e', `${script} setInterval(() => {}, 1000);`], { group: true });
    const grandchild = Number((await started.waitFor(/child (\d+)/))[1]);
    process.kill(-started.child.pid!, 'SIGTERM');
    expect(await started.closed).toEqual({ code: null, signal: 'SIGTERM' });
    await expect.poll(() => isRunning(grandchild)).toBe(false);
  });

  test('a program that cannot be started ends at once, and waitFor says why', async () => {
    const started = startProcess('/nonexistent/program', ['--flag']);
    await expect(started.waitFor(/ready/)).rejects.toThrow(/could not start \/nonexistent\/program --flag: spawn \/nonexistent\/program ENOENT/);
    expect(await started.exited).toMatchObject({ signal: null });
  });
});
