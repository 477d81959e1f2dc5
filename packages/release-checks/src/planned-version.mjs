// The version the spec package will be released as: its current version moved by the pending changesets.
import { readFileSync } from 'node:fs';
import getReleasePlan from '@changesets/get-release-plan';
import { repoLayout, SPEC_PACKAGE } from './repo-layout.mjs';

/**
 * @typedef {object} PlannedVersion
 * @property {string} current `version` in spec/package.json now.
 * @property {string} planned the version `changeset version` would give it (equal to `current` without changesets).
 * @property {string[]} changesets ids of the pending changesets that move it, directly or through the fixed group.
 */

/**
 * Reads `.changeset/` the way `changeset version` does (fixed groups included) and returns the spec's plan.
 * @param {string} root repository root.
 * @returns {Promise<PlannedVersion>}
 */
export async function plannedSpecVersion(root) {
  const { version: current } = JSON.parse(readFileSync(repoLayout(root).specPackageJson, 'utf8'));
  const plan = await getReleasePlan(root);
  const release = plan.releases.find((candidate) => candidate.name === SPEC_PACKAGE);
  if (!release || release.type === 'none') return { current, planned: current, changesets: [] };
  return { current, planned: release.newVersion, changesets: release.changesets };
}
