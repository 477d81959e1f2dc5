// @thumbnail-api/mock/contract-check: one HTTP exchange judged against the contract exactly as the contract proxy judges
// what it forwards (Prism's validators), for tools beside the mock (@thumbnail-api/verify); and the scrubbing the
// proxy's report uses, to keep keys out of what such a tool shows of an exchange. Prism is loaded only when asked.
import type { ServedContract } from './contract/read-contract.js';
import { loadPrismValidators } from './prism/prism-validators.js';
import { type ContractCheck, createContractCheck } from './proxy/contract-check.js';

export { readContract, type ServedContract } from './contract/read-contract.js';
export { REDACTED, scrub, secretsOf } from './http/credentials.js';
export type { BufferedResponse } from './node/http-client.js';
export type { ContractCheck, ExchangeToCheck } from './proxy/contract-check.js';
export type { ContractFinding } from './proxy/proxied-exchange.js';

/**
 * Loads Prism's validators for `contract` (from {@link readContract}) and returns the check of one exchange; rejects
 * with one line naming the install command when Prism is not installed. `purpose` names the caller in that line.
 */
export async function loadContractCheck(contract: ServedContract, purpose: string): Promise<ContractCheck> {
  return createContractCheck(contract.model, await loadPrismValidators(contract.path, purpose));
}
