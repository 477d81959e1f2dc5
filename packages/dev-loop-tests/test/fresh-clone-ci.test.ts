// scripts/fresh-clone-ci.sh on a throwaway repository whose .ci/run reports what it was given: the rehearsal must run
// the committed HEAD only, in a clean environment without stdin, pass .ci/run's exit code on, and leave nothing behind.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../../scripts/fresh-clone-ci.sh', import.meta.url));

// What CI's entry point sees, one `name=value` line each, then an exit code of its own.
const reportingRun = `#!/usr/bin/env bash
echo "cwd=$(pwd)"
echo "CI=$CI"
echo "HOME=$HOME"
echo "PATH=$PATH"
echo "MARKER=\${MARKER:-unset}"
echo "home-files=$(ls -A "$HOME" | wc -l)"
if read -r -t 1 line; then echo "stdin=$line"; else echo "stdin=none"; fi
echo "committed=$(cat committed.txt)"
echo "untracked=$([ -e untracked.txt ] && echo present || echo absent)"
exit 7
`;

let repo: string;
let result: { status: number | null; stdout: string; stderr: string };
let seen: Record<string, string>;

beforeAll(() => {
  repo = mkdtempSync(join(tmpdir(), 'fresh-clone-ci-test-'));
  mkdirSync(join(repo, '.ci'));
  writeFileSync(join(repo, '.ci/run'), reportingRun, { mode: 0o755 });
  writeFileSync(join(repo, 'committed.txt'), 'as committed\n');
  const git = (...args: string[]) => spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@localhost', ...args], { cwd: repo, stdio: 'ignore' });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'x');
  // Work not committed must not reach the rehearsal.
  writeFileSync(join(repo, 'committed.txt'), 'edited, not committed\n');
  writeFileSync(join(repo, 'untracked.txt'), 'new\n');
  result = spawnSync('bash', [script], {
    cwd: repo,
    input: 'typed at the terminal\n',
    encoding: 'utf8',
    env: { ...process.env, MARKER: 'from-my-shell' },
    timeout: 60_000,
  });
  seen = Object.fromEntries(
    result.stdout.split('\n').flatMap((line) => (/^[\w-]+=/.test(line) ? [[line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]] : [])),
  );
});
afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe('scripts/fresh-clone-ci.sh', () => {
  it("exits with .ci/run's code and says so with the seconds it took", () => {
    expect(result.status).toBe(7);
    expect(result.stdout).toMatch(/^fresh-clone \.ci\/run exit 7 after \d+s$/m);
  });

  it('runs the committed HEAD in a clone of its own, without uncommitted or untracked work', () => {
    expect(seen.cwd).not.toBe(repo);
    expect(seen.committed).toBe('as committed');
    expect(seen.untracked).toBe('absent');
  });

  it("gives .ci/run CI=true, an empty HOME, the system PATH, no stdin and nothing else of the caller's environment", () => {
    expect(seen).toMatchObject({ CI: 'true', MARKER: 'unset', stdin: 'none', 'home-files': '0' });
    expect(seen.HOME).not.toBe(process.env.HOME);
    expect(seen.PATH).toBe('/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin');
  });

  it('removes the clone and the HOME it made', () => {
    expect(existsSync(seen.cwd!)).toBe(false);
    expect(existsSync(seen.HOME!)).toBe(false);
  });
});
