// The pinned tool set (tools/package.json and its lockfile) installed with npm into .tools/, which the suite owns
// and reuses while the lockfile is unchanged. A machine with only Node.js 20 and npm gets everything from here.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanEnvironment, run } from './processes.mjs';

export const ecosystemRoot = fileURLToPath(new URL('..', import.meta.url));
export const repoRoot = join(ecosystemRoot, '..');
const manifestDir = join(ecosystemRoot, 'tools');
export const toolsDir = join(ecosystemRoot, '.tools');
const modules = join(toolsDir, 'node_modules');

/** Paths of the tools, once installed. */
export const tools = {
  node: {
    20: join(modules, 'node20', 'bin', 'node'),
    22: join(modules, 'node22', 'bin', 'node'),
    24: join(modules, 'node24', 'bin', 'node'),
  },
  /** @param {string} name */
  bin: (name) => join(modules, '.bin', name),
  /** A package's directory inside .tools, for importing it by path. @param {string} name */
  module: (name) => join(modules, ...name.split('/')),
  modules,
};

function manifestHash() {
  const hash = createHash('sha256');
  for (const file of ['package.json', 'package-lock.json']) hash.update(readFileSync(join(manifestDir, file)));
  return hash.digest('hex');
}

/**
 * Installs the tool set unless .tools already holds this exact lockfile's install.
 * @returns {Promise<{ reused: boolean, seconds: number }>}
 */
export async function ensureTools() {
  const started = performance.now();
  const stamp = join(toolsDir, '.installed');
  const wanted = manifestHash();
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return { reused: true, seconds: 0 };
  rmSync(toolsDir, { recursive: true, force: true });
  mkdirSync(toolsDir, { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) writeFileSync(join(toolsDir, file), readFileSync(join(manifestDir, file)));
  // The install scripts matter: the `node` packages fetch their binary in one, esbuild and workerd check theirs.
  // `npm install` with the lockfile, not `npm ci`: a registry mirror that carries only this platform's optional
  // binaries (@deno/darwin-arm64, ...) leaves them out of the lockfile, and `npm ci` then refuses to install.
  const result = await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
    cwd: toolsDir,
    env: cleanEnvironment(),
    timeoutMs: 15 * 60_000,
  });
  if (result.code !== 0) {
    throw new Error(
      `npm install of the tool set in ${toolsDir} failed (exit ${result.code}${result.timedOut ? ', timed out' : ''}):\n${(result.stderr || result.stdout).slice(-3000)}`,
    );
  }
  for (const major of /** @type {const} */ ([20, 22, 24])) {
    if (!existsSync(tools.node[major])) throw new Error(`The npm package node@${major} installed no binary at ${tools.node[major]}.`);
  }
  writeFileSync(stamp, wanted);
  return { reused: false, seconds: (performance.now() - started) / 1000 };
}
