// Every example in the bundled contract must be valid against the schema it illustrates.
import { describe, expect, test } from 'vitest';
import { createContractValidator } from '../dist/contract-validator.js';
import { type ContractOperation, loadContract, type MediaTypeEntry } from '../dist/index.js';

const contract = loadContract();
const validator = createContractValidator(contract);

interface ExampleCase {
  where: string;
  schemaPointer: string | undefined;
  value: unknown;
}

function mediaTypeCases(content: readonly MediaTypeEntry[], where: string): ExampleCase[] {
  return content.flatMap((media) =>
    media.examples.map((example) => ({
      where: `${where} ${media.mediaType} example${example.name === undefined ? '' : ` ${example.name}`}`,
      schemaPointer: media.schemaPointer,
      value: example.value,
    })),
  );
}

const operationCases = (operation: ContractOperation): ExampleCase[] => {
  const name = `${operation.method.toUpperCase()} ${operation.path}`;
  return [
    ...mediaTypeCases(operation.requestBody?.content ?? [], `${name} request`),
    ...operation.responses.flatMap((response) => mediaTypeCases(response.content, `${name} ${response.status}`)),
  ];
};
const cases = contract.operations.flatMap(operationCases);

describe('examples in the contract', () => {
  test('cover every operation request and response that has a body', () => {
    expect(cases.map((c) => c.where)).toEqual(
      expect.arrayContaining([
        'POST /api/thumbnails request application/json example CreateThumbnailRequestExample',
        'POST /api/thumbnails 200 application/json example CreateThumbnailResponseExample',
        'GET /api/thumbnails 401 application/json example UnauthorizedResponseExample',
        'GET /api/thumbnails 403 application/json example ForbiddenResponseExample',
      ]),
    );
  });

  test.each(cases)('$where is valid against its schema', ({ schemaPointer, value }) => {
    expect(schemaPointer, 'the media type has no schema').toBeDefined();
    const validate = validator.schemaAt(schemaPointer!);
    const valid = validate(value);
    expect(validate.errors ?? [], JSON.stringify(value)).toEqual([]);
    expect(valid).toBe(true);
  });

  test.each([
    ['a request without prompt', '/paths/~1api~1thumbnails/post/requestBody/content/application~1json/schema', {}],
    ['a 401 body with the 403 text', '/components/responses/Unauthorized/content/application~1json/schema', { success: false, error: 'Forbidden' }],
    ['an error body with success true', '/components/responses/UnexpectedError/content/application~1json/schema', { success: true, error: 'x' }],
  ])('the validator rejects %s', (_name, schemaPointer, value) => {
    expect(validator.schemaAt(schemaPointer)(value)).toBe(false);
  });
});
