// The contract's validator, loaded once and only when something needs it (Ajv is most of the start-up time).
import { type ContractModel, type ContractValidator, loadContractValidator } from './contract-model.js';

export interface LazyValidator {
  /** The validator, once loaded. */
  readonly loaded: ContractValidator | undefined;
  /** Loads it (once) and resolves with it. */
  load(): Promise<ContractValidator>;
}

export function lazyValidator(model: ContractModel): LazyValidator {
  let loading: Promise<ContractValidator> | undefined;
  const lazy = {
    loaded: undefined as ContractValidator | undefined,
    load() {
      loading ??= loadContractValidator(model).then((validator) => (lazy.loaded = validator));
      return loading;
    },
  };
  return lazy;
}
