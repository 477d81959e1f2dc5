// Tools are derived from any contract the model reads, not from names known in advance: what an operation becomes,
// and the clear refusal of what this server cannot offer safely.
import { createContractModel } from '@thumbnail-api/spec/model';
import { describe, expect, test } from 'vitest';
import { deriveContractTools } from '../src/contract-tools.js';

/** A contract of the given paths, with one schema component that refers to another. */
function contractOf(paths: Record<string, unknown>) {
  return createContractModel({
    openapi: '3.1.0',
    info: { title: 'Fixture', version: '1.0.0' },
    paths,
    components: {
      schemas: {
        Person: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string', description: 'Shown in the list.' }, face: { $ref: '#/components/schemas/Face' } },
          additionalProperties: true,
          'x-not-shown': ['Limits on the name.'],
          example: { name: 'Ada' },
        },
        Face: { type: 'object', properties: { url: { type: 'string' } }, 'x-assumptions': [{ id: 'face-url', text: 'The face is given by URL.' }] },
        Loop: { type: 'object', properties: { next: { $ref: '#/components/schemas/Loop' } } },
      },
    },
  });
}
const body = (ref: string) => ({ required: true, content: { 'application/json': { schema: { $ref: ref } } } });
const ok = { '200': { description: 'OK', content: { 'application/json': { schema: { type: 'object', additionalProperties: true } } } } };

describe('deriveContractTools', () => {
  test('an operation the service profile bills becomes a billed tool: its arguments the body’s documented fields, references inlined, marks lifted into the description', () => {
    const { tools } = deriveContractTools(
      contractOf({
        '/persons': { post: { operationId: 'createThumbnail', summary: 'Add a person', requestBody: body('#/components/schemas/Person'), responses: ok } },
      }),
    );
    expect(tools).toHaveLength(1);
    const [tool] = tools;
    expect(tool!.name).toBe('create_thumbnail');
    expect(tool!.kind).toBe('billed');
    expect(tool!.inputSchema).toEqual({
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string', description: 'Shown in the list.' }, face: { type: 'object', properties: { url: { type: 'string' } } } },
      additionalProperties: false,
    });
    expect(tool!.description).toContain('- Limits on the name.');
    expect(tool!.description).toContain('- The face is given by URL.');
  });

  test('a GET becomes a read tool without arguments', () => {
    const { tools } = deriveContractTools(contractOf({ '/persons': { get: { operationId: 'listPersons', responses: ok } } }));
    expect(tools.map((tool) => [tool.name, tool.kind, tool.inputSchema])).toEqual([
      ['list_persons', 'read', { type: 'object', properties: {}, additionalProperties: false }],
    ]);
  });

  test.each(['post', 'put', 'patch', 'delete'])('a %s the service profile does not bill is not offered, and the server says so', (method) => {
    const derived = deriveContractTools(contractOf({ '/persons': { [method]: { operationId: 'changePersons', responses: ok } } }));
    expect(derived.tools).toEqual([]);
    expect(derived.skipped).toEqual([`changePersons (${method.toUpperCase()} /persons): a write whose cost the service profile does not state`]);
  });

  test.each([
    ['an operation without an operationId', { get: { responses: ok } }, 'GET /persons has no operationId, which names its tool'],
    ['parameters', { get: { operationId: 'listPersons', parameters: [{ name: 'page', in: 'query' }], responses: ok } }, 'listPersons has parameters'],
    [
      'path-level parameters',
      { parameters: [{ name: 'page', in: 'query' }], get: { operationId: 'listPersons', responses: ok } },
      'listPersons has parameters',
    ],
    ['a recursive body', { post: { operationId: 'createThumbnail', requestBody: body('#/components/schemas/Loop'), responses: ok } }, 'refers to itself'],
  ])('refuses %s, naming it', (_, pathItem, message) => {
    expect(() => deriveContractTools(contractOf({ '/persons': pathItem }))).toThrow(message);
  });
});
