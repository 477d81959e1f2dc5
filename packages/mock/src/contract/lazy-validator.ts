// The contract's Ajv validator (the contract model's, @thumbnail-api/spec/validator), loaded once and only when
// something needs it: a request body to check, or the examples of a --spec contract. Ajv is most of the start-up
// time otherwise.
import type { ContractModel } from '@thumbnail-api/spec/model';
import type { ContractValidator } from '@thumbnail-api/spec/validator';

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
      loading ??= import('@thumbnail-api/spec/validator').then(({ createContractValidator }) => (lazy.loaded = createContractValidator(model)));
      return loading;
    },
  };
  return lazy;
}
