// Lighthouse, pinned in bench/tools (package.json and its lockfile), installed with npm into docs/.tools the first
// time the bench runs and reused while the lockfile is unchanged. It is over 100 MB: not a workspace dependency, so the
// install that npm start and npm test make stays without it.
import { fileURLToPath } from 'node:url';
import { ensurePinnedTools } from '@thumbnail-api/dev-tools/pinned-tools';

/** The tool set: what bench/tools pins, installed into docs/.tools (git-ignored). */
const lighthouseTools = {
  manifestDir: fileURLToPath(new URL('./tools/', import.meta.url)),
  installDir: fileURLToPath(new URL('../.tools/', import.meta.url)),
  bins: ['lighthouse'],
};
/**
 * Installs Lighthouse unless docs/.tools already holds this lockfile's install; `bin` is its command line.
 * @returns {Promise<{ reused: boolean, bin: string }>}
 */
export async function ensureLighthouse() {
  const set = await ensurePinnedTools(lighthouseTools);
  return { reused: set.reused, bin: set.bin('lighthouse') };
}
