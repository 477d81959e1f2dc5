// A fresh copy of the working tree: what `git clone` of it would give, uncommitted edits included.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** Copies every file git tracks or would track (not node_modules, dist/, caches) into a new git repository. */
export function makeScratchCopy(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'thumbnail-api-dev-loop-'));
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repoRoot, encoding: 'utf8' });
  for (const file of listed.split('\0')) {
    if (file === '' || !existsSync(join(repoRoot, file))) continue;
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(repoRoot, file), join(dir, file));
  }
  // A repository of its own, as a clone is: turbo hashes inputs through git.
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=dev-loop', '-c', 'user.email=dev-loop@localhost', ...args], { cwd: dir, stdio: 'ignore' });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '--no-verify', '-m', 'scratch copy');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
