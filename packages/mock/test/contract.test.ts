// Reading and compiling the contract: what the mock takes from it, which operations it leaves to Prism and why,
// and the errors for documents it cannot serve.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openapi } from '@thumbnail-api/spec';
import { describe, expect, test } from 'vitest';
import { compileContract } from '../src/contract/compile-contract.js';
import { lazyValidator } from '../src/contract/lazy-validator.js';
import { readContract } from '../src/contract/read-contract.js';
import { responseFits } from '../src/contract/response-fit.js';
import { scratchDir } from './helpers/scratch-dir.js';

const dir = scratchDir('mock-contract-');
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

async function compiledBundled() {
  const contract = await readContract();
  const validator = lazyValidator(contract.model);
  return { contract, validator, compiled: compileContract(contract.model, validator, { checkExamples: false }) };
}

describe('the bundled contract', () => {
  test('both documented operations are found by path and method, and compiled (none is left to Prism)', async () => {
    const { compiled } = await compiledBundled();
    const path = compiled.find('/api/thumbnails');
    expect(path?.operations.get('GET')?.name).toBe('listThumbnails');
    expect(path?.operations.get('POST')?.name).toBe('createThumbnail');
    expect(path?.allow).toBe('GET, HEAD, POST, OPTIONS');
    expect(compiled.find('/api/persons')).toBeUndefined();
    expect(compiled.operations.map((operation) => operation.prismReason)).toEqual([undefined, undefined]);
  });

  test.each([
    [401, 'Unauthorized'],
    [403, 'Forbidden'],
  ] as const)("the %i answer is the contract's %s example", async (status, component) => {
    const { compiled } = await compiledBundled();
    for (const operation of compiled.operations) {
      const answer = status === 401 ? operation.unauthorized : operation.forbidden!;
      expect(answer.status).toBe(status);
      expect(answer.headers).toEqual(['content-type', 'application/json', 'content-length', String(answer.body.length), 'vary', 'Origin']);
      expect(JSON.parse(answer.body.toString())).toEqual(componentExample(component));
    }
  });

  test.each([400, 413, 415, 422, 406])("a refused request's %i answer is the contract's default example", async (status) => {
    const { compiled } = await compiledBundled();
    for (const operation of compiled.operations) {
      const answer = operation.refused([status], 'why');
      expect(answer.status).toBe(status);
      expect(JSON.parse(answer.body.toString())).toEqual(componentExample('UnexpectedError'));
    }
  });

  test.each([
    ['a documented 200', 200, 'application/json', '{}', true],
    ['the documented 401 body', 401, 'application/json; charset=utf-8', '{"success":false,"error":"Unauthorized"}', true],
    ['a 401 with the 403 text', 401, 'application/json', '{"success":false,"error":"Forbidden"}', false],
    ["Prism's malformed-JSON body", 400, 'application/json', '{"error":{"code":"invalid_json","message":"Invalid JSON"}}', false],
    ["Prism's problem+json", 406, 'application/problem+json', '{"title":"Not acceptable"}', false],
    ['a 200 that is not an object', 200, 'application/json', '[1]', false],
    ['a body that is not JSON', 200, 'application/json', '{bad', false],
  ])('a response fits the contract: %s → %s', async (_, status, contentType, body, expected) => {
    const { contract, validator } = await compiledBundled();
    const list = contract.model.findOperation('GET', '/api/thumbnails')!;
    expect(responseFits(await validator.load(), list, status as number, contentType as string, Buffer.from(body as string))).toBe(expected);
  });
});

describe('what the compiler leaves to Prism, and why', () => {
  const base = { openapi: '3.1.0', info: { title: 't', version: '1' } };
  const ok = { description: 'ok', content: { 'application/json': { schema: { type: 'object' }, example: {} } } };
  test.each([
    [
      'parameters',
      { parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }], responses: { '200': ok } },
      'it documents parameters, which Prism validates',
    ],
    [
      'a response without an example',
      { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } } },
      'the 200 response has a schema but no example',
    ],
    [
      'two media types',
      { responses: { '200': { description: 'ok', content: { 'application/json': { example: {} }, 'text/plain': { example: 'x' } } } } },
      'the 200 response documents several media types (content negotiation)',
    ],
    ['response headers', { responses: { '200': { ...ok, headers: { 'x-rate': { schema: { type: 'integer' } } } } } }, 'the 200 response documents headers'],
    [
      'a form request body',
      { requestBody: { content: { 'application/x-www-form-urlencoded': { schema: { type: 'object' } } } }, responses: { '200': ok } },
      'the request body is documented as application/x-www-form-urlencoded, which Prism reads',
    ],
    [
      'an example that breaks its schema',
      { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array' }, example: {} } } } } },
      "the 200 response's example default breaks its schema",
    ],
  ])('an operation with %s', async (_, operation, reason) => {
    const path = specFile(`prism-${reason.length}.json`, JSON.stringify({ ...base, paths: { '/api/things': { post: operation } } }));
    const contract = await readContract(path);
    const validator = lazyValidator(contract.model);
    await validator.load();
    const [compiled] = compileContract(contract.model, validator, { checkExamples: true }).operations;
    expect(compiled!.prismReason).toBe(reason);
  });
});

test('a documented response without content is sent without a body and without a Content-Type', async () => {
  const document = {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: { '/api/things': { delete: { responses: { '204': { description: 'gone' } } } } },
  };
  const contract = await readContract(specFile('no-content.json', JSON.stringify(document)));
  const validator = lazyValidator(contract.model);
  await validator.load();
  const [operation] = compileContract(contract.model, validator, { checkExamples: true }).operations;
  expect(operation!.success).toEqual({ status: 204, headers: ['content-length', '0', 'vary', 'Origin'], body: Buffer.alloc(0) });
});

describe('contracts the mock cannot serve', () => {
  test.each([
    ['a missing file', () => join(dir, 'nope.yaml'), /Cannot read the contract .*nope\.yaml: the file does not exist/],
    ['broken YAML', () => specFile('broken.yaml', 'openapi: 3.1.0\npaths: [unclosed\n'), /broken\.yaml is not valid YAML or JSON/],
    ['a document that is not OpenAPI 3', () => specFile('swagger.json', '{"swagger":"2.0"}'), /not an OpenAPI 3 document/],
    ['a contract with no operations', () => specFile('empty.yaml', 'openapi: 3.1.0\ninfo: {title: t, version: "1"}\npaths: {}\n'), /describes no operations/],
    [
      'an unbundled contract',
      () => specFile('unbundled.yaml', "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /api/thumbnails:\n    $ref: paths/api_thumbnails.yaml\n"),
      /refers to another file \(paths\/api_thumbnails\.yaml\).*Bundle it first/,
    ],
  ])('%s is refused with an error naming the cause', async (_, path, message) => {
    await expect(readContract(path())).rejects.toThrow(message);
  });
});
