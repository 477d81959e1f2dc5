// One Ajv for the contract's schemas, in the dialect the contract declares.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, test } from 'vitest';
import { loadContract } from '../dist/index.js';
import { createContractModel } from '../src/contract-model.js';
import { ContractValidatorError, createContractValidator } from '../src/contract-validator.js';

/** A schema whose `$ref` has a sibling keyword, which 2020-12 applies. */
const refWithSibling = (openapi: string, dialect?: string) =>
  createContractModel({
    openapi,
    ...(dialect ? { jsonSchemaDialect: dialect } : {}),
    paths: {},
    components: { schemas: { Short: { $ref: '#/components/schemas/Text', maxLength: 2 }, Text: { type: 'string' } } },
  });

describe('the bundled contract', () => {
  const contract = loadContract();
  const validator = createContractValidator(contract);
  const unauthorized = validator.schemaAt(contract.operationById('listThumbnails')!.response(401)!.content[0]!.schemaPointer!);

  test('is read as JSON Schema 2020-12, its jsonSchemaDialect', () => {
    expect(validator.ajv).toBeInstanceOf(Ajv2020);
  });

  test('accepts the documented 401 body and refuses the 403 text in it, saying why', () => {
    expect(unauthorized({ success: false, error: 'Unauthorized' })).toBe(true);
    expect(unauthorized({ success: false, error: 'Forbidden' })).toBe(false);
    expect(validator.errorsText(unauthorized)).toContain('must be equal to constant');
  });

  test('names a pointer where there is no schema', () => {
    expect(() => validator.schemaAt('/components/schemas/Nope')).toThrow(new ContractValidatorError('The contract has no schema at /components/schemas/Nope.'));
  });

  test('compiles a schema once', () => {
    const pointer = contract.operationById('listThumbnails')!.response(401)!.content[0]!.schemaPointer!;
    expect(validator.schemaAt(pointer)).toBe(unauthorized);
  });
});

test('resolves schemas under keys that need escaping and percent-encoding, and their $refs', () => {
  const document = JSON.parse(readFileSync(new URL('./fixtures/pointer-edge-cases.json', import.meta.url), 'utf8'));
  const validator = createContractValidator(createContractModel(document));
  const item = validator.schemaAt('/components/responses/Item found/content/application~1json/schema');
  expect(item({ name: 'a', tags: ['a'] })).toBe(true);
  expect(item({ name: 'a', tags: ['c'] })).toBe(false);
  expect(validator.schemaAt('/components/responses/a~1b~0c/content/text~1plain/schema')(42)).toBe(false);
});

describe('the dialect', () => {
  test.each([
    ['jsonSchemaDialect 2020-12', refWithSibling('3.1.0', 'https://json-schema.org/draft/2020-12/schema')],
    ['the OpenAPI 3.1 default (no jsonSchemaDialect)', refWithSibling('3.1.0')],
    ['the OpenAPI 3.1 base dialect', refWithSibling('3.1.1', 'https://spec.openapis.org/oas/3.1/dialect/base')],
  ])('%s is read as 2020-12: a $ref sibling applies', (_case, contract) => {
    const validator = createContractValidator(contract);
    expect(validator.ajv).toBeInstanceOf(Ajv2020);
    expect(validator.schemaAt('/components/schemas/Short')('abc')).toBe(false);
  });

  test('an OpenAPI 3.0 document, which names no dialect, is read the same way', () => {
    const validator = createContractValidator(refWithSibling('3.0.3'));
    expect(validator.schemaAt('/components/schemas/Short')('ab')).toBe(true);
    expect(validator.schemaAt('/components/schemas/Short')(12)).toBe(false);
  });

  test('another dialect is refused, naming it and the one to use', () => {
    const contract = refWithSibling('3.1.0', 'http://json-schema.org/draft-04/schema#');
    expect(() => createContractValidator(contract)).toThrow(ContractValidatorError);
    expect(() => createContractValidator(contract)).toThrow(
      /jsonSchemaDialect is http:\/\/json-schema\.org\/draft-04\/schema#.*Use https:\/\/json-schema\.org\/draft\/2020-12\/schema/,
    );
  });
});
