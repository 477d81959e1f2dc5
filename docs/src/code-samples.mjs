// The reference's code samples, written from the contract by the generators of src/samples/ (the same ones Try it
// copies its forms with) and attached to the operations of the docs-only copy of the contract as `x-codeSamples`.
// The tests run what the generators write, against the mock and through the contract proxy, so what the reference
// shows is what was run.
import { createContractModel } from '@thumbnail-api/spec/model';
import { clientSample } from './samples/client-sample.mjs';
import { curlSample } from './samples/curl-sample.mjs';
import { fetchSample } from './samples/fetch-sample.mjs';
import { pythonSample } from './samples/python-sample.mjs';
import { referenceRequest } from './samples/sample-request.mjs';

/**
 * @typedef {import('./samples/sample-request.mjs').SampleRequest} SampleRequest
 * @typedef {import('./samples/sample-request.mjs').KeyForm} KeyForm
 * @typedef {{ id: string, lang: string, label: string, extension: string, keyForm: KeyForm, write: (request: SampleRequest) => string }} SampleKind
 * @typedef {{ kind: string, lang: string, label: string, source: string }} CodeSample
 * @typedef {import('@thumbnail-api/spec/model').JsonObject} JsonObject
 * @typedef {import('@thumbnail-api/spec/model').ContractModel} ContractModel
 */

/**
 * The samples every operation has, in the order the reference offers them; `extension` is what a test names the file
 * it runs (`.ts` is stripped of its types, then run with node).
 * @type {readonly SampleKind[]}
 */
export const SAMPLE_KINDS = Object.freeze([
  { id: 'client', lang: 'TypeScript', label: 'TypeScript (client)', extension: '.ts', keyForm: 'x-api-key', write: clientSample },
  { id: 'curl-api-key', lang: 'bash', label: 'curl (x-api-key)', extension: '.sh', keyForm: 'x-api-key', write: curlSample },
  { id: 'curl-bearer', lang: 'bash', label: 'curl (Bearer)', extension: '.sh', keyForm: 'bearer', write: curlSample },
  { id: 'fetch', lang: 'JavaScript', label: 'fetch (JavaScript)', extension: '.mjs', keyForm: 'x-api-key', write: fetchSample },
  { id: 'python', lang: 'Python', label: 'Python', extension: '.py', keyForm: 'x-api-key', write: pythonSample },
]);

/**
 * Every operation's samples, written from the contract: its example body, the reader's key and address from the
 * environment. Fails when an operation cannot have them (no operationId, no client method named for it).
 * @param {ContractModel} contract
 * @returns {Map<string, CodeSample[]>}
 */
export function generateCodeSamples(contract) {
  /** @type {Map<string, CodeSample[]>} */
  const samples = new Map();
  for (const operation of contract.operations) {
    const forOperation = SAMPLE_KINDS.map(({ id, lang, label, keyForm, write }) => ({
      kind: id,
      lang,
      label,
      source: write(referenceRequest(contract, operation, keyForm)),
    }));
    samples.set(/** @type {string} */ (operation.operationId), forOperation);
  }
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
    if (forOperation) operation.object['x-codeSamples'] = forOperation.map(({ lang, label, source }) => ({ lang, label, source }));
  }
  return contract;
}
