// Reads the code samples kept as files in docs/samples/ and attaches them to the operations of the
// docs-only copy of the contract as `x-codeSamples`. The same files are type-checked and executed
// against the mock by the test suite, so what the reference shows is what was run.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createContractModel } from '@thumbnail-api/spec/model';

/**
 * The samples every operation has, in the order the reference offers them. A sample's file is
 * `<operationId><suffix>`, e.g. `createThumbnail.ts` or `createThumbnail.api-key.sh`.
 */
export const SAMPLE_KINDS = [
  { suffix: '.ts', lang: 'TypeScript', label: 'TypeScript' },
  { suffix: '.api-key.sh', lang: 'bash', label: 'curl (x-api-key)' },
  { suffix: '.bearer.sh', lang: 'bash', label: 'curl (Bearer)' },
];

/**
 * @typedef {{ lang: string, label: string, source: string }} CodeSample
 * @typedef {import('@thumbnail-api/spec/model').JsonObject} JsonObject
 * @typedef {import('@thumbnail-api/spec/model').ContractModel} ContractModel
 */

/**
 * Reads one sample of every kind for every operation, and fails on a missing or stray file.
 * @param {string} samplesDir Folder holding the sample files.
 * @param {string[]} operationIds Every operationId of the contract.
 * @returns {Map<string, CodeSample[]>}
 */
export function readCodeSamples(samplesDir, operationIds) {
  const files = new Set(readdirSync(samplesDir));
  const problems = [];
  for (const file of files) {
    const kind = SAMPLE_KINDS.find(({ suffix }) => file.endsWith(suffix));
    const operationId = kind ? file.slice(0, -kind.suffix.length) : undefined;
    if (!kind || !operationId || !operationIds.includes(operationId)) {
      problems.push(
        `docs/samples/${file} is not <operationId>${SAMPLE_KINDS.map(({ suffix }) => suffix).join('|')} of an operation in the contract ` +
          `(operations: ${operationIds.join(', ')}). Rename or delete it.`,
      );
    }
  }
  /** @type {Map<string, CodeSample[]>} */
  const samples = new Map();
  for (const operationId of operationIds) {
    /** @type {CodeSample[]} */
    const forOperation = [];
    for (const { suffix, lang, label } of SAMPLE_KINDS) {
      const file = `${operationId}${suffix}`;
      if (!files.has(file)) {
        problems.push(`docs/samples/${file} is missing: every operation needs a ${label} sample. Add it.`);
        continue;
      }
      forOperation.push({ lang, label, source: `${readFileSync(join(samplesDir, file), 'utf8').trimEnd()}\n` });
    }
    samples.set(operationId, forOperation);
  }
  if (problems.length > 0) throw new Error(`Code samples:\n- ${problems.join('\n- ')}`);
  return samples;
}

/**
 * Sets `x-codeSamples` on every operation that has samples; modifies `contract`.
 * @param {JsonObject} contract The docs-only copy of the contract.
 * @param {Map<string, CodeSample[]>} samples
 */
export function attachCodeSamples(contract, samples) {
  for (const operation of createContractModel(contract).operations) {
    const forOperation = operation.operationId === undefined ? undefined : samples.get(operation.operationId);
    if (forOperation) operation.object['x-codeSamples'] = forOperation;
  }
  return contract;
}

/**
 * Every operationId of the contract.
 * @param {ContractModel} contract
 */
export function listOperationIds(contract) {
  return contract.operations.map((operation) => {
    if (operation.operationId === undefined) throw new Error('Every operation needs an operationId: the code samples are named after it.');
    return operation.operationId;
  });
}
