// Validates values against the schemas of a contract with Ajv, in the JSON Schema dialect the contract declares. The
// whole document is registered once, so a schema's `$ref`s resolve where they were written.
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv/dist/core.js';
import type { ContractModel } from './contract-model.js';
import { pointerToRef } from './json-pointer.js';

/** The contract declares a JSON Schema dialect this validator does not read, or has no schema where one was asked for. */
export class ContractValidatorError extends Error {
  override name = 'ContractValidatorError';
}

/** Dialects read with Ajv's 2020-12 validator: 2020-12 itself and the OpenAPI 3.1 base dialect built on it. */
const DIALECTS_2020 = [/^https:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/, /^https:\/\/spec\.openapis\.org\/oas\/3\.1\/dialect\/base(\/[\d-]+)?$/];

export interface ContractValidatorOptions {
  /** Report every error of a value (clearer messages) instead of stopping at the first (faster). Default: true. */
  readonly allErrors?: boolean;
}

export interface ContractValidator {
  /** The Ajv instance holding the document. */
  readonly ajv: Ajv2020;
  /** The id the document is registered under; `${documentId}${pointerToRef(pointer)}` names a schema in it. */
  readonly documentId: string;
  /** The compiled validator of the schema at `pointer` (e.g. a media type's `schemaPointer`), compiled once; throws when there is none. */
  schemaAt(pointer: string): ValidateFunction;
  /** Ajv's errors of the last validation, in one line. */
  errorsText(validate: ValidateFunction): string;
}

/**
 * An Ajv set up for `contract`'s schemas, in JSON Schema 2020-12: OpenAPI 3.1's default dialect and the
 * `jsonSchemaDialect` it may name. OpenAPI 3.0 schemas are read the same way (Ajv 8 applies `$ref` siblings in every
 * draft; 3.0's `nullable` and boolean `exclusiveMinimum` are not read). `format` is not validated: it is an
 * annotation in 2020-12, and no format validators are shipped.
 */
export function createContractValidator(contract: ContractModel, options: ContractValidatorOptions = {}): ContractValidator {
  const settings = {
    // OpenAPI documents carry keywords JSON Schema does not know (x-not-shown, example, discriminator, ...).
    strict: false,
    // The document as a whole is no JSON Schema, so it cannot be checked against a meta-schema.
    validateSchema: false,
    validateFormats: false,
    allErrors: options.allErrors ?? true,
  };
  const ajv = createAjv(contract, settings);
  const documentId = 'https://thumbnail-api.invalid/contract.json';
  ajv.addSchema(contract.document, documentId);
  const validators = new Map<string, ValidateFunction>();
  return {
    ajv,
    documentId,
    schemaAt(pointer) {
      let validate = validators.get(pointer);
      if (!validate) {
        if (contract.get(pointer) === undefined) throw new ContractValidatorError(`The contract has no schema at ${pointer}.`);
        validate = ajv.compile({ $ref: `${documentId}${pointerToRef(pointer)}` });
        validators.set(pointer, validate);
      }
      return validate;
    },
    errorsText: (validate) => ajv.errorsText(validate.errors),
  };
}

function createAjv(contract: ContractModel, settings: ConstructorParameters<typeof Ajv2020>[0]): Ajv2020 {
  const dialect = contract.jsonSchemaDialect;
  const readable = dialect === undefined || contract.openapiVersion.startsWith('3.0') || DIALECTS_2020.some((pattern) => pattern.test(dialect));
  if (readable) return new Ajv2020(settings);
  throw new ContractValidatorError(
    `The contract's jsonSchemaDialect is ${dialect}, which this validator does not read. ` +
      'Use https://json-schema.org/draft/2020-12/schema (or leave jsonSchemaDialect out for the OpenAPI 3.1 default).',
  );
}
