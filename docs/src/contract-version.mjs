// The contract version and a short content hash of the bundle, shown on every page and in version.json,
// so a reader can tell which contract (and so which packages of the same commit) the docs describe.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** Hex digits of the short hash shown to readers; version.json carries the full digest. */
const SHORT_HASH_LENGTH = 12;

/**
 * @typedef {object} ContractVersion
 * @property {string} contractVersion `info.version` of the contract.
 * @property {string} bundleSha256 SHA-256 of the bytes of `spec/dist/openapi.json`, hex.
 * @property {string} bundleHash The first 12 hex digits of `bundleSha256`.
 */

/**
 * Reads `info.version` and hashes the bundled contract as it is on disk.
 * @param {string} bundleJsonPath Path of the bundled contract, `spec/dist/openapi.json`.
 * @returns {ContractVersion}
 */
export function readContractVersion(bundleJsonPath) {
  const bytes = readFileSync(bundleJsonPath);
  /** @type {{ info?: { version?: unknown } }} */
  const contract = JSON.parse(bytes.toString('utf8'));
  const version = contract.info?.version;
  if (typeof version !== 'string' || version === '') {
    throw new Error(`${bundleJsonPath} has no info.version. Set info.version in spec/openapi.yaml and rebuild the spec.`);
  }
  const bundleSha256 = createHash('sha256').update(bytes).digest('hex');
  return { contractVersion: version, bundleSha256, bundleHash: bundleSha256.slice(0, SHORT_HASH_LENGTH) };
}
