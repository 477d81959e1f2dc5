// Runs `redocly diff` (experimental) between two bundled contracts and returns its JSON report.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runProcess } from '@thumbnail-api/dev-tools/run-process';

const redocly = fileURLToPath(new URL('../node_modules/.bin/redocly', import.meta.url));
const diffConfig = fileURLToPath(new URL('../redocly-diff.yaml', import.meta.url));

/**
 * One change as `redocly diff --format json` reports it (report version 1).
 * @typedef {object} RedoclyChange
 * @property {string} path JSON pointer of the change, seen from the operation that uses it.
 * @property {string} [typeName] OpenAPI node type, e.g. `Operation` or `Schema`.
 * @property {'added' | 'removed' | 'modified'} kind
 * @property {'major' | 'minor' | 'patch'} impact
 * @property {{ ruleId: string, impact: string, message: string }[]} verdicts the rules that rated it.
 * @property {string} [property] the keyword that changed, for `modified`.
 * @property {{ value?: unknown }} [base]
 * @property {{ value?: unknown }} [revision]
 */

/**
 * @typedef {object} RedoclyDiffReport
 * @property {{ base: string, revision: string }} infoVersions `info.version` of both documents.
 * @property {RedoclyChange[]} changes
 */

/**
 * Compares `base` (the released contract) with `revision` (the working one).
 * @param {string} base path of the released bundle.
 * @param {string} revision path of the working bundle.
 * @returns {Promise<RedoclyDiffReport>}
 */
export async function diffContracts(base, revision) {
  for (const file of [base, revision]) {
    if (!existsSync(file)) throw new Error(`Cannot compare contracts: ${file} does not exist.`);
  }
  const args = ['diff', base, revision, '--config', diffConfig, '--format', 'json', '--fail-on', 'none'];
  const { code, stdout, stderr } = await runProcess(redocly, args, { env: { ...process.env, REDOCLY_TELEMETRY: 'off', NO_COLOR: '1' } });
  if (code !== 0) {
    throw new Error(`redocly diff failed (exit ${code}) comparing ${base} with ${revision}:\n${stderr.trim()}`);
  }
  try {
    const report = JSON.parse(stdout);
    if (!Array.isArray(report.changes) || typeof report.infoVersions?.base !== 'string') throw new Error('unexpected shape');
    return report;
  } catch (error) {
    throw new Error(`redocly diff printed no report this tool understands (${String(error)}); its output began with: ${stdout.slice(0, 200)}`);
  }
}
