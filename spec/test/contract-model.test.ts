// The contract model on the real bundle (what every package reads) and on a small document of pointer edge cases.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { loadContract, openapi } from '../dist/index.js';
import { contractLocation } from '../src/contract-location.js';
import { ContractModelError, createContractModel } from '../src/contract-model.js';
import { walkContract } from '../src/contract-walk.js';
import { HTTP_METHODS } from '../src/http-methods.js';

const edgeCases = (): Record<string, any> => JSON.parse(readFileSync(new URL('./fixtures/pointer-edge-cases.json', import.meta.url), 'utf8'));

describe('the bundled contract', () => {
  const contract = loadContract();

  test('is loaded once: every call shares one model of the exported document', () => {
    expect(loadContract()).toBe(contract);
    expect(contract.document).toBe(openapi);
    expect(contract.jsonSchemaDialect).toBe('https://json-schema.org/draft/2020-12/schema');
  });

  test('lists both operations in document order, with their request bodies and responses', () => {
    expect(
      contract.operations.map((operation) => ({
        operation: `${operation.method} ${operation.path} ${operation.operationId}`,
        requestSchema: operation.requestBody?.content.map((media) => `${media.mediaType} ${media.schemaPointer}`),
        responses: operation.responses.map((response) => `${response.status} ${response.pointer}`),
      })),
    ).toEqual([
      {
        operation: 'post /api/thumbnails createThumbnail',
        requestSchema: ['application/json /paths/~1api~1thumbnails/post/requestBody/content/application~1json/schema'],
        responses: [
          '200 /paths/~1api~1thumbnails/post/responses/200',
          '401 /components/responses/Unauthorized',
          '403 /components/responses/Forbidden',
          'default /components/responses/UnexpectedError',
        ],
      },
      {
        operation: 'get /api/thumbnails listThumbnails',
        requestSchema: undefined,
        responses: [
          '200 /paths/~1api~1thumbnails/get/responses/200',
          '401 /components/responses/Unauthorized',
          '403 /components/responses/Forbidden',
          'default /components/responses/UnexpectedError',
        ],
      },
    ]);
  });

  test('gives each operation the document security: an API key header or a bearer token', () => {
    for (const operation of contract.operations) expect(operation.security).toEqual([{ ApiKeyHeader: [] }, { BearerAuth: [] }]);
  });

  test('reads the named examples through their $ref, where their values sit', () => {
    const unauthorized = contract.operationById('listThumbnails')?.response(401)?.content[0]?.examples;
    expect(unauthorized).toEqual([
      {
        name: 'UnauthorizedResponseExample',
        value: { success: false, error: 'Unauthorized' },
        pointer: '/components/examples/UnauthorizedResponseExample/value',
      },
    ]);
    expect(contract.operationById('createThumbnail')?.requestBody).toMatchObject({ required: true });
  });

  test.each([
    [200, '200'],
    [401, '401'],
    [403, '403'],
    [404, 'default'],
    [500, 'default'],
  ])('answers %i with the response documented under %s', (status, key) => {
    expect(contract.operationById('createThumbnail')?.response(status)?.status).toBe(key);
  });

  test('finds the operation a request goes to, by method in any case', () => {
    expect(contract.findOperation('GET', '/api/thumbnails')?.operationId).toBe('listThumbnails');
    expect(contract.findOperation('post', '/api/thumbnails')?.operationId).toBe('createThumbnail');
    expect(contract.findOperation('DELETE', '/api/thumbnails')).toBeUndefined();
    expect(contract.findOperation('GET', '/api/thumbnails/1')).toBeUndefined();
  });

  test('follows references transitively from an operation', () => {
    const references = contract.referencesFrom(contract.operationById('listThumbnails')?.object);
    expect(references).toContain('/components/schemas/ErrorBody');
    expect(references).not.toContain('/components/schemas/CreateThumbnailRequest');
  });
});

describe('a document of pointer edge cases', () => {
  const contract = createContractModel(edgeCases(), { source: 'edge-cases.json' });
  const getItem = contract.operationById('getItem')!;
  const createItem = contract.operationById('createItem')!;

  test.each([
    [200, '/components/responses/Item found', 'a space, percent-encoded'],
    [404, '/components/responses/a~1b~0c', 'a slash and a tilde, as ~1 and ~0, under a range status (4XX)'],
    [500, '/components/responses/Café', 'UTF-8, percent-encoded'],
  ])('resolves the %i response to %s (%s)', (status, pointer) => {
    expect(getItem.response(status)?.pointer).toBe(pointer);
  });

  test('resolves a chain of references, and a path item that is a reference', () => {
    expect(createItem.pointer).toBe('/components/pathItems/items/post');
    expect(createItem.response(201)?.pointer).toBe('/components/responses/Item found');
    expect(createItem.response(201)?.content[0]?.examples[0]).toEqual({
      name: 'one',
      value: { name: 'percent', 'x-not-shown': ['data, not an extension'] },
      pointer: '/components/examples/%done/value',
    });
  });

  test("an operation's own empty security means no credential; without any security there is none", () => {
    expect(createItem.security).toEqual([]);
    expect(getItem.security).toEqual([]);
  });

  test('matches a path template, literal paths first', () => {
    expect(contract.findOperation('GET', '/items/42')).toBe(getItem);
    expect(contract.findOperation('POST', '/items')).toBe(createItem);
    expect(contract.findOperation('GET', '/items')).toBeUndefined();
  });

  test.each([
    ['/items', '/items'],
    ['/items/42', '/items/{id}'],
    ['/items/42/more', undefined],
    ['/other', undefined],
  ])('finds the documented path of %s, whatever the method: %s', (pathname, path) => {
    expect(contract.findPath(pathname)).toBe(path);
  });

  test('names every reference target once, intermediate ones included, and no $ref inside data', () => {
    expect([...contract.referencesFrom(createItem.object)].sort()).toEqual([
      '/components/examples/%done',
      '/components/requestBodies/NewItem',
      '/components/responses/Alias',
      '/components/responses/Item found',
      '/components/schemas/Item',
      '/components/schemas/Tag',
    ]);
  });

  test('reads the empty key as a key', () => {
    expect(contract.get('/components/schemas/')).toEqual({ description: 'The empty key is a key too.' });
  });
});

describe('walkContract', () => {
  test('visits contract objects (a property called example) and skips data (example values, defaults, extension values)', () => {
    const found: string[] = [];
    walkContract(edgeCases(), (node, keys) => {
      if (node['x-not-shown']) found.push(keys.join(' › '));
    });
    expect(found).toEqual(['components › schemas › Item › properties › example']);
  });
});

describe('documents the model refuses, saying what is wrong', () => {
  const withResponse = (response: unknown) => ({ openapi: '3.1.0', paths: { '/a': { get: { responses: { 200: response } } } }, components: { responses: {} } });
  test.each([
    ['Swagger 2.0', { swagger: '2.0' }, /The contract x\.json is not an OpenAPI 3 document: it has no "openapi: 3\.x" field\./],
    ['no object at all', [], /not an OpenAPI 3 document/],
    ['an unbundled contract', withResponse({ $ref: 'responses.yaml#/Ok' }), /refers to another file \(responses\.yaml#\/Ok\).*Bundle it first/],
    [
      'a reference to nothing',
      withResponse({ $ref: '#/components/responses/Missing' }),
      /refers to #\/components\/responses\/Missing, which it does not contain\./,
    ],
    [
      'a reference with a malformed escape',
      withResponse({ $ref: '#/components/responses/a%zz' }),
      /\$ref that cannot be read at \/paths\/~1a\/get\/responses\/200: .*malformed percent-escape/,
    ],
    [
      'a reference cycle',
      {
        ...withResponse({ $ref: '#/components/responses/A' }),
        components: { responses: { A: { $ref: '#/components/responses/B' }, B: { $ref: '#/components/responses/A' } } },
      },
      /has a \$ref cycle at #\/components\/responses\/[AB]\./,
    ],
  ])('%s', (_case, document, message) => {
    expect(() => createContractModel(document, { source: 'x.json' })).toThrow(ContractModelError);
    expect(() => createContractModel(document, { source: 'x.json' })).toThrow(message);
  });
});

describe('contractLocation', () => {
  test.each([
    [['paths', '/api/items', 'get', 'responses', '200'], { kind: 'operation', path: '/api/items', method: 'get', rest: ['responses', '200'] }],
    [['paths', '/api/items', 'parameters', '0'], { kind: 'path', path: '/api/items', rest: ['parameters', '0'] }],
    [['components', 'schemas', 'Item', 'properties', 'name'], { kind: 'component', componentKind: 'schemas', name: 'Item', rest: ['properties', 'name'] }],
    [['components', 'schemas'], { kind: 'document', rest: ['components', 'schemas'] }],
    [['info'], { kind: 'document', rest: ['info'] }],
  ])('%j belongs to %j', (keys, location) => {
    expect(contractLocation(keys)).toEqual(location);
  });

  test('knows every HTTP method as an operation', () => {
    for (const method of HTTP_METHODS) expect(contractLocation(['paths', '/x', method]).kind).toBe('operation');
    expect(contractLocation(['paths', '/x', 'GET']).kind).toBe('path');
  });
});
