// Every example in the bundled contract must be valid against the schema it illustrates.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, test } from 'vitest';

type Json = Record<string, any>;
const bundle: Json = JSON.parse(readFileSync(new URL('../dist/openapi.json', import.meta.url), 'utf8'));
const bundleId = 'https://thumbnail-api.invalid/openapi.json';

const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema({ ...bundle, $id: bundleId });

const pointer = (...segments: string[]) => segments.map((s) => s.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
const resolve = (value: Json): Json =>
  typeof value?.$ref === 'string'
    ? resolve(value.$ref.slice(2).split('/').reduce((node: Json, key: string) => node[key.replaceAll('~1', '/').replaceAll('~0', '~')], bundle))
    : value;

interface ExampleCase {
  where: string;
  schemaPointer: string;
  value: unknown;
}

function mediaTypeCases(content: Json | undefined, where: string, basePointer: string): ExampleCase[] {
  return Object.entries(content ?? {}).flatMap(([mediaType, media]: [string, Json]) => {
    const schemaPointer = `${basePointer}/content/${pointer(mediaType)}/schema`;
    const named = Object.entries(media.examples ?? {}).map(([name, example]) => ({
      where: `${where} ${mediaType} example ${name}`,
      schemaPointer,
      value: resolve(example as Json).value,
    }));
    return media.example === undefined ? named : [...named, { where: `${where} ${mediaType} example`, schemaPointer, value: media.example }];
  });
}

const cases: ExampleCase[] = [
  ...Object.entries(bundle.paths as Json).flatMap(([path, item]: [string, Json]) =>
    Object.entries(item).flatMap(([method, operation]: [string, Json]) => {
      const base = `#/paths/${pointer(path)}/${method}`;
      const request = operation.requestBody ? mediaTypeCases(resolve(operation.requestBody).content, `${method.toUpperCase()} ${path} request`, `${base}/requestBody`) : [];
      const responses = Object.entries(operation.responses ?? {}).flatMap(([status, response]: [string, Json]) => {
        const responsePointer = typeof response.$ref === 'string' ? response.$ref : `${base}/responses/${pointer(status)}`;
        return mediaTypeCases(resolve(response).content, `${method.toUpperCase()} ${path} ${status}`, responsePointer);
      });
      return [...request, ...responses];
    }),
  ),
];

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
    const validate = ajv.getSchema(`${bundleId}${schemaPointer}`);
    expect(validate, `no schema at ${schemaPointer}`).toBeTypeOf('function');
    const valid = validate!(value);
    expect(validate!.errors ?? [], JSON.stringify(value)).toEqual([]);
    expect(valid).toBe(true);
  });

  test.each([
    ['a request without prompt', '#/paths/~1api~1thumbnails/post/requestBody/content/application~1json/schema', {}],
    ['a 401 body with the 403 text', '#/components/responses/Unauthorized/content/application~1json/schema', { success: false, error: 'Forbidden' }],
    ['an error body with success true', '#/components/responses/UnexpectedError/content/application~1json/schema', { success: true, error: 'x' }],
  ])('the validator rejects %s', (_name, schemaPointer, value) => {
    expect(ajv.getSchema(`${bundleId}${schemaPointer}`)!(value)).toBe(false);
  });
});
