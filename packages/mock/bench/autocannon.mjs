// autocannon, the bench's load generator, pinned in bench/autocannon-tools (package.json and its lockfile) and installed with npm
// into packages/mock/.tools/autocannon the first time the bench runs: only the bench uses it, so npm start and npm test skip it.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePinnedTools } from '@thumbnail-api/dev-tools/pinned-tools';

const autocannonTools = {
  manifestDir: fileURLToPath(new URL('./autocannon-tools/', import.meta.url)),
  installDir: fileURLToPath(new URL('../.tools/autocannon/', import.meta.url)),
};
const requireFromTools = createRequire(join(autocannonTools.installDir, 'package.json'));

/** Installs the pinned autocannon unless packages/mock/.tools already holds this lockfile's install. */
export function ensureAutocannon() {
  return ensurePinnedTools(autocannonTools);
}

/** The installed autocannon module (after {@link ensureAutocannon}). */
export function loadAutocannon() {
  return requireFromTools('autocannon');
}

/** The installed autocannon's version. */
export function autocannonVersion() {
  return String(requireFromTools('autocannon/package.json').version);
}
