// Our public packages as users will get them: built, packed with pnpm (which rewrites `workspace:` ranges), and
// published to the local registry.
import { readFileSync, realpathSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { workspaceFolders } from '../../../scripts/workspace-folders.mjs';
import { cleanEnvironment, run } from '../processes.mjs';
import { repoRoot } from '../tools.mjs';

/** @type {{ script: string, binDir: string } | undefined} */
let pinnedPnpm;

/**
 * The pinned pnpm, found once (npx is slow to start): the one npx fetches for package.json#packageManager.
 * @returns {Promise<{ command: string, prefix: string[], env: NodeJS.ProcessEnv }>} the env has it on PATH, where turbo looks for it
 */
export async function pnpmCommand() {
  if (!pinnedPnpm) {
    const { packageManager } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
    const result = await run('npm', ['exec', '--yes', `--package=${packageManager}`, '--', 'which', 'pnpm'], { cwd: repoRoot, timeoutMs: 180_000 });
    if (result.code !== 0) throw new Error(`Could not fetch ${packageManager} with npx: ${(result.stderr || result.stdout).slice(-1000)}`);
    const bin = result.stdout.trim();
    pinnedPnpm = { script: realpathSync(bin), binDir: dirname(bin) };
  }
  return { command: process.execPath, prefix: [pinnedPnpm.script], env: cleanEnvironment({ PATH: `${pinnedPnpm.binDir}${delimiter}${process.env.PATH}` }) };
}

/** Every workspace package that is not private, read from pnpm-workspace.yaml: `[{ name, version, dir }]`. */
export function publicPackages(root = repoRoot) {
  return workspaceFolders(root)
    .map((folder) => join(root, folder))
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }))
    .filter(({ manifest }) => manifest.private !== true)
    .map(({ dir, manifest }) => ({ name: manifest.name, version: manifest.version, dir }));
}

/** Builds what is published, as `pnpm release` does. */
export async function buildPackages() {
  const { command, prefix, env } = await pnpmCommand();
  const result = await run(command, [...prefix, 'exec', 'turbo', 'run', 'build', '--filter=./spec', '--filter=./packages/*', '--output-logs=errors-only'], {
    cwd: repoRoot,
    env,
    timeoutMs: 10 * 60_000,
  });
  if (result.code !== 0) throw new Error(`The build failed (exit ${result.code}):\n${(result.stdout + result.stderr).slice(-3000)}`);
}

/**
 * Packs each public package into `destination`.
 * @param {string} destination
 * @returns {Promise<Array<{ name: string, version: string, tarball: string }>>}
 */
export async function packPackages(destination) {
  const { command, prefix, env } = await pnpmCommand();
  const packed = [];
  for (const pkg of publicPackages()) {
    const result = await run(command, [...prefix, 'pack', '--pack-destination', destination], { cwd: pkg.dir, env, timeoutMs: 180_000 });
    const tarball = result.stdout
      .trim()
      .split('\n')
      .reverse()
      .find((line) => line.trim().endsWith('.tgz'))
      ?.trim();
    if (result.code !== 0 || !tarball)
      throw new Error(`pnpm pack failed for ${pkg.name} (exit ${result.code}):\n${(result.stdout + result.stderr).slice(-2000)}`);
    packed.push({ name: pkg.name, version: pkg.version, tarball: tarball.startsWith('/') ? tarball : join(destination, tarball) });
  }
  return packed;
}

/**
 * Publishes packed tarballs to the local registry. `--provenance=false` because npm generates provenance only
 * inside a CI provider's signed workflow; the real release keeps it (publishConfig and the release workflow).
 * @param {Array<{ name: string, tarball: string }>} packed
 * @param {{ url: string, npmrc: string, dir: string }} registry
 */
export async function publishTarballs(packed, registry) {
  for (const pkg of packed) {
    const result = await run('npm', ['publish', pkg.tarball, '--provenance=false', '--access=public', '--loglevel=error'], {
      cwd: registry.dir,
      env: cleanEnvironment({ NPM_CONFIG_USERCONFIG: registry.npmrc, NPM_CONFIG_REGISTRY: registry.url }),
      timeoutMs: 180_000,
    });
    if (result.code !== 0)
      throw new Error(`npm publish of ${pkg.name} to ${registry.url} failed (exit ${result.code}):\n${(result.stdout + result.stderr).slice(-2000)}`);
  }
}
