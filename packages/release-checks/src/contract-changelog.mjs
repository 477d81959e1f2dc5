// The changelog's "Contract changes" section: what changed in the contract since the last release, in plain words.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createContractModel } from '@thumbnail-api/spec/model';
import { contractChanges } from './contract-changes.mjs';
import { diffContracts } from './contract-diff.mjs';
import { repoLayout } from './repo-layout.mjs';

/** @typedef {import('./contract-changes.mjs').ContractChange} ContractChange */

const LABELS = { major: 'Breaking', minor: 'New', patch: 'Compatible' };

/**
 * The section for a release that follows an earlier one.
 * @param {object} options
 * @param {string} options.version the version being released.
 * @param {string} options.releasedVersion the version it is compared with.
 * @param {readonly ContractChange[]} options.changes the changes between the two contracts.
 */
export function contractChangesSection({ version, releasedVersion, changes }) {
  const lines = ['### Contract changes', ''];
  if (changes.length === 0) {
    lines.push(`None: the contract of ${version} describes the same API as the contract of ${releasedVersion}; only \`info.version\` moved.`);
    return lines.join('\n');
  }
  lines.push(`Compared with the contract of ${releasedVersion}:`, '');
  for (const impact of /** @type {const} */ (['major', 'minor', 'patch'])) {
    for (const change of changes.filter((candidate) => candidate.impact === impact)) lines.push(`- **${LABELS[impact]}:** ${change.text}`);
  }
  return lines.join('\n');
}

/**
 * The section for the first release: what the contract describes, its operations in document order.
 * @param {object} options
 * @param {string} options.version the version being released.
 * @param {import('@thumbnail-api/spec/model').ContractModel} options.contract the bundled contract.
 */
export function firstReleaseSection({ version, contract }) {
  const operations = contract.operations.map(
    ({ method, path, operationId, summary }) =>
      `- \`${method.toUpperCase()} ${path}\`${operationId ? ` (\`${operationId}\`)` : ''}${summary ? `: ${summary}` : ''}`,
  );
  return [
    '### Contract changes',
    '',
    `First release of the contract (\`info.version\` ${version}). It describes ${operations.length} operation(s):`,
    '',
    ...operations,
  ].join('\n');
}

/**
 * Puts `section` at the top of the `## <version>` entry that `changeset version` wrote.
 * @param {string} changelog the changelog's text.
 * @param {string} version
 * @param {string} section
 */
export function insertIntoChangelog(changelog, version, section) {
  const heading = new RegExp(`^## ${version.replaceAll('.', '\\.')}[ \\t]*\\r?\\n`, 'm').exec(changelog);
  if (!heading) throw new Error(`The changelog has no "## ${version}" entry to add the contract changes to; run \`changeset version\` first.`);
  const at = heading.index + heading[0].length;
  return `${changelog.slice(0, at)}\n${section}\n${changelog.slice(at)}`;
}

/**
 * The section for `version`: compared with the released snapshot, or a first-release summary when there is none.
 * Expects the working bundle to be built already.
 * @param {string} root repository root.
 * @param {string} version the version being released.
 */
export async function contractChangelogSection(root, version) {
  const files = repoLayout(root);
  if (!existsSync(files.releasedSnapshot)) {
    const bundle = join(root, 'spec', 'dist', 'openapi.json');
    const contract = createContractModel(JSON.parse(readFileSync(bundle, 'utf8')), { source: bundle });
    return firstReleaseSection({ version, contract });
  }
  const report = await diffContracts(files.releasedSnapshot, files.workingBundle);
  return contractChangesSection({ version, releasedVersion: report.infoVersions.base, changes: contractChanges(report.changes) });
}
