// The Changesets CLI, pinned in changesets-cli/ (package.json and its lockfile) and installed with npm into
// packages/release-checks/.tools the first time `pnpm changeset`, `pnpm version-packages` or `pnpm release` runs:
// contributors who never release do not install it. (@changesets/get-release-plan, a library, stays a dependency.)
import { fileURLToPath } from 'node:url';
import { ensurePinnedTools } from '@thumbnail-api/dev-tools/pinned-tools';

const changesetsCli = {
  manifestDir: fileURLToPath(new URL('../changesets-cli/', import.meta.url)),
  installDir: fileURLToPath(new URL('../.tools/changesets-cli/', import.meta.url)),
  bins: ['changeset'],
  // On stderr: what the CLI prints on stdout stays its own.
  /** @param {string} line */
  log: (line) => console.error(line),
};

/**
 * The installed `changeset` command (a Node.js script), installing the pinned CLI first unless it already is.
 * @returns {Promise<string>}
 */
export async function changesetCommand() {
  const installed = await ensurePinnedTools(changesetsCli);
  return installed.bin('changeset');
}
