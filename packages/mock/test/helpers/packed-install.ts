// The mock as a user installs it: this package, the spec and the types packed with pnpm (which rewrites `workspace:*`),
// installed with npm into a throwaway project outside the workspace; third-party packages from npm's cache or
// the registry. Both packages must be built (turbo's `test` task builds them first).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { userShellEnvironment } from '@thumbnail-api/dev-tools/user-shell';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export interface PackedInstall {
  /** The project folder: `npx thumbnail-api-mock` there runs the installed mock. */
  readonly dir: string;
  /** The environment of a user's shell: none of the variables pnpm, turbo or vitest set for us. */
  readonly env: NodeJS.ProcessEnv;
  remove(): void;
}

/** The pnpm that runs us when pnpm started this process (the pinned one), else the repository's launcher of it. */
function pnpm(): [string, string[]] {
  const execPath = process.env.npm_execpath;
  if (execPath && /pnpm\.c?js$/.test(execPath)) return [process.execPath, [execPath]];
  return [process.execPath, [join(repoRoot, 'scripts', 'pnpm.mjs')]];
}

/** What to install beside the mock: more workspace packages (folders, packed too) and packages from the registry (`name@version`). */
export interface PackedInstallOptions {
  readonly workspaceFolders?: readonly string[];
  readonly fromRegistry?: readonly string[];
}

/** Packs workspace folders (relative to the repository's root) with pnpm, as the getting-started guide does, into `destination`. */
export function packWorkspaceFolders(folders: readonly string[], destination: string): void {
  mkdirSync(destination, { recursive: true });
  const [command, prefix] = pnpm();
  for (const folder of folders) {
    execFileSync(command, [...prefix, 'pack', '--pack-destination', destination], { cwd: join(repoRoot, folder), stdio: 'pipe', timeout: 120_000 });
  }
}

export function installPackedMock(options: PackedInstallOptions = {}): PackedInstall {
  const dir = mkdtempSync(join(tmpdir(), 'thumbnail-api-mock-installed-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const tarballs = join(dir, 'tarballs');
    packWorkspaceFolders(['spec', 'packages/types', 'packages/mock', ...(options.workspaceFolders ?? [])], tarballs);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'mock-user', private: true, type: 'module' }));
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
