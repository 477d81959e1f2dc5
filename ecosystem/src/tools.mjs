// The pinned tool set (tools/package.json and its lockfile) installed with npm into .tools/, which the suite owns
// and reuses while the lockfile is unchanged (@thumbnail-api/dev-tools/pinned-tools). A machine with only Node.js 20
// and npm gets everything from here.
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanEnvironment } from './processes.mjs';

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

/**
 * Installs the tool set unless .tools already holds this exact lockfile's install, with dev-tools' installer of pinned
 * tool sets (imported here, not at the top: the suite's build step builds dev-tools, and this step runs after it).
 * @returns {Promise<{ reused: boolean }>}
 */
export async function ensureTools() {
  const { ensurePinnedTools } = await import('@thumbnail-api/dev-tools/pinned-tools');
  // The install scripts matter: the `node` packages fetch their binary in one, esbuild and workerd check theirs.
  const { reused } = await ensurePinnedTools({
    manifestDir,
    installDir: toolsDir,
    files: Object.values(tools.node).map((binary) => relative(toolsDir, binary)),
    env: cleanEnvironment(),
    timeoutMs: 15 * 60_000,
    // The step's own line says how long it took.
    log: () => {},
  });
  return { reused };
}
