// Where the release tooling finds things in this repository, in one place so that a move is one edit.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Root of the repository this package lives in. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Name of the package whose version is the contract's version. */
export const SPEC_PACKAGE = '@thumbnail-api/spec';

/** The published packages, as `[name, directory relative to the root]`; they share one version (a fixed group). */
export const PUBLIC_PACKAGES = /** @type {const} */ ([
  ['@thumbnail-api/spec', 'spec'],
  ['@thumbnail-api/types', 'packages/types'],
  ['@thumbnail-api/client', 'packages/client'],
  ['@thumbnail-api/mock', 'packages/mock'],
  ['@thumbnail-api/verify', 'packages/verify'],
  ['@thumbnail-api/mcp', 'packages/mcp'],
]);

/**
 * The files the release tooling reads and writes, under `root`.
 * @param {string} [root] repository root; defaults to this repository.
 */
export function repoLayout(root = repoRoot) {
  return {
    root,
    /** The spec package's manifest: its `version` is the one source of the contract's version. */
    specPackageJson: join(root, 'spec', 'package.json'),
    /** The hand-written contract, whose `info.version` mirrors the spec package's version. */
    specSource: join(root, 'spec', 'openapi.yaml'),
    /** The contract as it will be published: the bundle built from `specSource`. */
    workingBundle: join(root, 'spec', 'dist', 'openapi.yaml'),
    /** The contract of the last release, written by `pnpm version-packages`. */
    releasedSnapshot: join(root, 'spec', 'released', 'openapi.yaml'),
    /** The spec package's changelog, which gets the plain-words contract section. */
    specChangelog: join(root, 'spec', 'CHANGELOG.md'),
  };
}
