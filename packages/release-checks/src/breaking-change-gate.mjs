// The breaking-change gate: a breaking (major) contract change must be matched by a major version bump.
// Smaller changes pass; the gate only notes when no pending changeset plans the bump they need.
import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { contractChanges } from './contract-changes.mjs';
import { diffContracts } from './contract-diff.mjs';
import { plannedSpecVersion } from './planned-version.mjs';
import { repoLayout, SPEC_PACKAGE } from './repo-layout.mjs';
import { bumpBetween, isAtLeast, largestBump } from './semver-bump.mjs';

/** @typedef {import('./semver-bump.mjs').Bump} Bump */
/** @typedef {import('./contract-changes.mjs').ContractChange} ContractChange */

/**
 * @typedef {object} GateResult
 * @property {boolean} passed false only when a major change meets a planned bump below major.
 * @property {Bump} required the bump the changes need (`none` when the contract did not change).
 * @property {Bump} planned the bump from the released version to the planned one.
 * @property {string} releasedVersion `info.version` of the released contract.
 * @property {string} plannedVersion the version the spec package will be released as.
 * @property {ContractChange[]} changes every change, described in plain words.
 * @property {string} message what a person reads: the verdict, the changes and, on failure, the fix.
 */

/**
 * Compares two bundled contracts and judges the planned version against the changes.
 * @param {object} options
 * @param {string} options.released path of the last released bundle.
 * @param {string} options.working path of the working bundle.
 * @param {string} options.plannedVersion the version the spec package will be released as.
 * @returns {Promise<GateResult>}
 */
export async function checkContractChange({ released, working, plannedVersion }) {
  const report = await diffContracts(released, working);
  const changes = contractChanges(report.changes);
  const releasedVersion = report.infoVersions.base;
  const required = largestBump(changes.map((change) => change.impact));
  const planned = bumpBetween(releasedVersion, plannedVersion);
  const passed = required !== 'major' || planned === 'major';
  return {
    passed,
    required,
    planned,
    releasedVersion,
    plannedVersion,
    changes,
    message: formatVerdict({ passed, required, planned, releasedVersion, plannedVersion, changes }),
  };
}

/**
 * Runs the gate on a repository: the released snapshot against the working bundle, with the version that the
 * pending changesets plan for the spec package. Passes with a note when nothing has been released yet.
 * @param {string} root repository root.
 * @returns {Promise<GateResult | { passed: true, message: string }>}
 */
export async function runContractGate(root) {
  const files = repoLayout(root);
  if (!existsSync(files.releasedSnapshot)) {
    return {
      passed: true,
      message: `Breaking-change gate: nothing released yet (no ${relative(root, files.releasedSnapshot)}), so there is no contract to compare with. \`pnpm version-packages\` writes it when it versions the first release.`,
    };
  }
  if (!existsSync(files.workingBundle)) {
    throw new Error(`${relative(root, files.workingBundle)} is missing: build the contract first with \`pnpm turbo run build --filter=${SPEC_PACKAGE}\`.`);
  }
  const { planned: plannedVersion } = await plannedSpecVersion(root);
  return checkContractChange({ released: files.releasedSnapshot, working: files.workingBundle, plannedVersion });
}

/**
 * @param {Omit<GateResult, 'message'>} result
 */
function formatVerdict({ passed, required, planned, releasedVersion, plannedVersion, changes }) {
  const lines = [];
  const plan = planned === 'none' ? `stays at ${plannedVersion} (no pending changeset moves it)` : `goes to ${plannedVersion} (a ${planned} bump)`;
  if (changes.length === 0) {
    lines.push(`Breaking-change gate passed: the contract is unchanged since the release of ${releasedVersion}.`);
    return lines.join('\n');
  }
  if (!passed) {
    lines.push(
      `Breaking-change gate FAILED: the contract has breaking changes since ${releasedVersion}, but ${SPEC_PACKAGE} ${plan}; breaking changes need a major bump.`,
    );
  } else if (isAtLeast(planned, required)) {
    lines.push(`Breaking-change gate passed: the contract changed since ${releasedVersion} (a ${required} change) and ${SPEC_PACKAGE} ${plan}.`);
  } else {
    lines.push(
      `Breaking-change gate passed: nothing breaking since ${releasedVersion}. Note: ${SPEC_PACKAGE} ${plan}, so no release carries`,
      `the ${required} change(s) below yet; add a ${required} changeset (\`pnpm changeset\`) so that they ship under a version that says so.`,
    );
  }
  lines.push('', `Contract changes since ${releasedVersion}:`);
  for (const change of changes) lines.push(`  ${change.impact.padEnd(5)}  ${change.text}${change.rule ? ` (${change.rule})` : ''}`);
  if (!passed) {
    lines.push(
      '',
      'Fix it in one of two ways:',
      '  - undo the major change(s) above, if they were not meant; or',
      `  - run \`pnpm changeset\`, select ${SPEC_PACKAGE}, choose "major", and describe the change for users (what breaks, what to do).`,
      '    The public packages share one version, so a changeset for any of them at that level also works.',
    );
  }
  return lines.join('\n');
}
