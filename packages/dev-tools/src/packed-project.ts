// Packages of this workspace as a user installs them: packed with pnpm (which rewrites `workspace:*` to versions),
// installed with npm into a throwaway project outside the workspace, third-party packages from npm's cache or the
// registry. The packages must be built first (turbo's `test` tasks build them).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { userShellEnvironment } from './user-shell.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface PackedProject {
  /** The project folder: `npx <bin>` there runs an installed package's command. */
  readonly dir: string;
  /** The environment of a user's shell: none of the variables pnpm, turbo or vitest set for us. */
  readonly env: NodeJS.ProcessEnv;
  remove(): void;
}

export interface PackedProjectOptions {
  /** Workspace folders to pack, relative to the repository's root (`spec`, `packages/mock`, ...). */
  readonly folders: readonly string[];
  /** Packages to install from the registry beside them (`name@version`). */
  readonly fromRegistry?: readonly string[];
  /** The start of the temporary folder's name, so a leftover one says whose it is. */
  readonly prefix?: string;
}

/** The pnpm that runs us when pnpm started this process (the pinned one), else the repository's launcher of it. */
function pnpm(): [string, string[]] {
  const execPath = process.env.npm_execpath;
  if (execPath && /pnpm\.c?js$/.test(execPath)) return [process.execPath, [execPath]];
  return [process.execPath, [join(repoRoot, 'scripts', 'pnpm.mjs')]];
}

/** Packs workspace folders (relative to the repository's root) with pnpm, as the getting-started guide does, into `destination`. */
export function packWorkspaceFolders(folders: readonly string[], destination: string): void {
  mkdirSync(destination, { recursive: true });
  const [command, prefix] = pnpm();
  for (const folder of folders) {
    execFileSync(command, [...prefix, 'pack', '--pack-destination', destination], { cwd: join(repoRoot, folder), stdio: 'pipe', timeout: 120_000 });
  }
}

/** Packs `folders`, installs the tarballs (and `fromRegistry`) into a new ES module project; removes it if that fails. */
export function installPackedProject(options: PackedProjectOptions): PackedProject {
  const dir = mkdtempSync(join(tmpdir(), options.prefix ?? 'thumbnail-api-packed-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const tarballs = join(dir, 'tarballs');
    packWorkspaceFolders(options.folders, tarballs);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'packed-user', private: true, type: 'module' }));
    // A user's shell; npm's update notice and Prism's install analytics are not part of the test.
    const env = userShellEnvironment({ npm_config_update_notifier: 'false', SCARF_ANALYTICS: 'false' });
    const packed = readdirSync(tarballs).map((file) => `./tarballs/${file}`);
    // --prefer-offline: third-party packages come from npm's cache when it has them, from the registry otherwise.
    const args = [
      'install',
      '--no-audit',
      '--no-fund',
      '--no-package-lock',
      '--prefer-offline',
      '--loglevel=error',
      ...packed,
      ...(options.fromRegistry ?? []),
    ];
    execFileSync('npm', args, { cwd: dir, env, stdio: 'pipe', timeout: 600_000 });
    return { dir, env, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
