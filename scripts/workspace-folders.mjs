// The workspace's package folders, read from pnpm-workspace.yaml's `packages:` list, for the scripts and suites
// that visit every package (the test summary, the declaration check, the ecosystem suite's packing).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Each folder of the `packages:` list with a package.json, relative to `root` (a `dir/*` glob read as every folder
 * in `dir`), in the list's order.
 * @param {string} root the repository's root
 * @returns {string[]}
 */
export function workspaceFolders(root) {
  const lines = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8').split('\n');
  /** @type {string[]} */
  const globs = [];
  // Only the `packages:` list: other lists of the file (ignoredBuiltDependencies, ...) name dependencies, not folders.
  for (const line of lines.slice(lines.findIndex((text) => /^packages:\s*$/.test(text)) + 1)) {
    const glob = /^\s+-\s*['"]?([^'"\s]+)['"]?\s*$/.exec(line)?.[1];
    if (glob !== undefined) globs.push(glob);
    else if (line.trim() !== '' && !line.trim().startsWith('#')) break;
  }
  return globs
    .flatMap((glob) =>
      glob.endsWith('/*')
        ? readdirSync(join(root, glob.slice(0, -2)), { withFileTypes: true })
            .filter((entry) => entry.isDirectory())
            .map((entry) => `${glob.slice(0, -2)}/${entry.name}`)
        : [glob],
    )
    .filter((folder) => existsSync(join(root, folder, 'package.json')));
}
