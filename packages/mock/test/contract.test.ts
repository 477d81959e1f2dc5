// Reading the contract: what the mock takes from it, and the errors for documents it cannot serve.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openapi } from '@thumbnail-api/spec';
import { describe, expect, test } from 'vitest';
import { loadContract } from '../src/contract.js';

const dir = mkdtempSync(join(tmpdir(), 'mock-contract-'));
function specFile(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** The documented example of a named component response, read from the bundled contract as users see it. */
function componentExample(name: 'Unauthorized' | 'Forbidden' | 'UnexpectedError'): unknown {
  const components = openapi.components as Record<string, Record<string, any>>;
  const media = components.responses![name].content['application/json'];
  const ref: string = Object.values<{ $ref: string }>(media.examples)[0]!.$ref;
  return components.examples![ref.split('/').at(-1)!].value;
}

describe('the bundled contract', () => {
  const contract = loadContract();

  test('finds both documented operations by method and path', () => {
    expect(contract.findOperation('GET', '/api/thumbnails')?.name).toBe('listThumbnails');
    expect(contract.findOperation('post', '/api/thumbnails')?.name).toBe('createThumbnail');
    expect(contract.findOperation('DELETE', '/api/thumbnails')).toBeUndefined();
    expect(contract.findOperation('GET', '/api/persons')).toBeUndefined();
  });

  test.each([
    [401, 'Unauthorized'],
    [403, 'Forbidden'],
    [400, 'UnexpectedError'],
    [500, 'UnexpectedError'],
  ] as const)('the %i example is the contract\'s %s example', (status, component) => {
    for (const operation of contract.operations) {
      const example = operation.example(status);
      expect(example?.contentType).toBe('application/json');
      expect(JSON.parse(example!.body.toString())).toEqual(componentExample(component));
    }
  });

  test('the 401 and 403 bodies are the ones the interface documents', () => {
    const list = contract.findOperation('GET', '/api/thumbnails')!;
    expect(JSON.parse(list.example(401)!.body.toString())).toEqual({ success: false, error: 'Unauthorized' });
    expect(JSON.parse(list.example(403)!.body.toString())).toEqual({ success: false, error: 'Forbidden' });
  });

  test.each([
    ['a documented 200', 200, 'application/json', '{}', true],
    ['the documented 401 body', 401, 'application/json; charset=utf-8', '{"success":false,"error":"Unauthorized"}', true],
    ['a 401 with the 403 text', 401, 'application/json', '{"success":false,"error":"Forbidden"}', false],
    ["Prism's malformed-JSON body", 400, 'application/json', '{"error":{"code":"invalid_json","message":"Invalid JSON"}}', false],
    ["Prism's problem+json", 406, 'application/problem+json', '{"title":"Not acceptable"}', false],
    ['a 200 that is not an object', 200, 'application/json', '[1]', false],
    ['a body that is not JSON', 200, 'application/json', '{bad', false],
  ])('fits: %s → %s', (_, status, contentType, body, expected) => {
    const list = contract.findOperation('GET', '/api/thumbnails')!;
    expect(list.fits(status as number, contentType as string, Buffer.from(body as string))).toBe(expected);
  });
});

describe('contracts the mock cannot serve', () => {
  test.each([
    ['a missing file', () => join(dir, 'nope.yaml'), /Cannot read the contract .*nope\.yaml: the file does not exist/],
    ['broken YAML', () => specFile('broken.yaml', 'openapi: 3.1.0\npaths: [unclosed\n'), /broken\.yaml is not valid YAML or JSON/],
    ['a document that is not OpenAPI 3', () => specFile('swagger.json', '{"swagger":"2.0"}'), /not an OpenAPI 3 document/],
    [
      'a contract with no operations',
      () => specFile('empty.yaml', 'openapi: 3.1.0\ninfo: {title: t, version: "1"}\npaths: {}\n'),
      /describes no operations/,
    ],
    [
      'an unbundled contract',
      () => specFile('unbundled.yaml', "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /api/thumbnails:\n    $ref: paths/api_thumbnails.yaml\n"),
      /refers to another file \(paths\/api_thumbnails\.yaml\).*Bundle it first/,
    ],
  ])('%s is refused with an error naming the cause', (_, path, message) => {
    expect(() => loadContract(path())).toThrow(message);
  });
});
