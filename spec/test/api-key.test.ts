// The ways a request carries the API key, read from the contract's security schemes: on the bundled contract and on
// small documents with a key in another header, in a query parameter, in a cookie, and as a bearer token only.
import { describe, expect, test } from 'vitest';
import { loadContract } from '../dist/index.js';
import { type ApiKeyForm, apiKeyFormsOf, describeApiKeyForm, withApiKey } from '../src/api-key.js';
import { createContractModel } from '../src/contract-model.js';
import { securitySchemeOf } from '../src/security-schemes.js';

/** A contract of one operation whose security is `security` over `schemes`; `operationSecurity` overrides it on the operation. */
function contractWith(schemes: Record<string, unknown>, security: Record<string, string[]>[], operationSecurity?: Record<string, string[]>[]) {
  return createContractModel({
    openapi: '3.1.0',
    info: { title: 'keys', version: '1' },
    security,
    paths: { '/items': { get: { ...(operationSecurity ? { security: operationSecurity } : {}), responses: { 200: { description: 'ok' } } } } },
    components: { securitySchemes: schemes },
  });
}

const header = { type: 'apiKey', in: 'header', name: 'X-Thumbnail-Key' };
const query = { type: 'apiKey', in: 'query', name: 'api_key' };
const cookie = { type: 'apiKey', in: 'cookie', name: 'session' };
const bearer = { type: 'http', scheme: 'Bearer' };

describe('the forms of the key', () => {
  test("the bundled contract's: x-api-key first (the document's security order), then Authorization: Bearer", () => {
    const { forms, headerNames } = apiKeyFormsOf(loadContract());
    expect(forms).toEqual([
      { kind: 'header', name: 'x-api-key', scheme: 'ApiKeyHeader' },
      { kind: 'bearer', scheme: 'BearerAuth' },
    ]);
    expect(forms.map(describeApiKeyForm)).toEqual(['x-api-key', 'Authorization: Bearer']);
    expect([...headerNames]).toEqual(['x-api-key']);
  });

  test('follow the security requirements, document first, each scheme once, and leave out what carries no API key', () => {
    const model = contractWith(
      { Basic: { type: 'http', scheme: 'basic' }, Cookie: cookie, Bearer: bearer, Query: query, Unused: header },
      [{ Bearer: [] }, { Basic: [] }],
      [{ Query: [], Bearer: [] }, { Cookie: [] }],
    );
    expect(apiKeyFormsOf(model).forms.map((form) => form.scheme)).toEqual(['Bearer', 'Query', 'Cookie']);
  });

  test('are none when the contract asks for no credentials', () => {
    expect(apiKeyFormsOf(contractWith({ Key: header }, [])).forms).toEqual([]);
  });
});

describe('reading the key of a request', () => {
  const read = (schemes: Record<string, unknown>, headers: Record<string, string>, queryString?: string) => {
    const forms = apiKeyFormsOf(
      contractWith(
        schemes,
        Object.keys(schemes).map((name) => ({ [name]: [] })),
      ),
    );
    const found = forms.read(headers, queryString);
    return found === undefined ? undefined : [found.key, found.form.scheme];
  };

  test.each([
    ['a header, by its name in any case', { Key: header }, { 'x-thumbnail-key': 'k-1' }, undefined, ['k-1', 'Key']],
    ['a header left empty is no key', { Key: header }, { 'x-thumbnail-key': '' }, undefined, undefined],
    ['another header is no key', { Key: header }, { 'x-api-key': 'k-1' }, undefined, undefined],
    ['a bearer token', { Bearer: bearer }, { authorization: 'Bearer k-2' }, undefined, ['k-2', 'Bearer']],
    ['a bearer scheme written in lower case is no key (as Prism reads it)', { Bearer: bearer }, { authorization: 'bearer k-2' }, undefined, undefined],
    ['Basic credentials are no bearer token', { Bearer: bearer }, { authorization: 'Basic abc' }, undefined, undefined],
    ['a query parameter', { Query: query }, {}, 'a=1&api_key=k%203', ['k 3', 'Query']],
    ['a query without the parameter', { Query: query }, {}, 'a=1', undefined],
    ['a cookie among others', { Cookie: cookie }, { cookie: 'theme=dark; session=k-4 ; x=y' }, undefined, ['k-4', 'Cookie']],
    ['a cookie whose name only ends like it', { Cookie: cookie }, { cookie: 'xsession=k-4' }, undefined, undefined],
    [
      'the first form that carries one, in the contract order',
      { Key: header, Bearer: bearer },
      { authorization: 'Bearer b', 'x-thumbnail-key': 'h' },
      undefined,
      ['h', 'Key'],
    ],
    ['a later form when the first carries none', { Key: header, Bearer: bearer }, { authorization: 'Bearer b' }, undefined, ['b', 'Bearer']],
  ])('%s', (_, schemes, headers, queryString, expected) => {
    expect(read(schemes, headers, queryString)).toEqual(expected);
  });
});

describe('sending the key', () => {
  const forms: ApiKeyForm[] = [
    { kind: 'header', name: 'X-Thumbnail-Key', scheme: 'Key' },
    { kind: 'bearer', scheme: 'Bearer' },
    { kind: 'query', name: 'api_key', scheme: 'Query' },
    { kind: 'cookie', name: 'session', scheme: 'Cookie' },
  ];

  test.each(forms.map((form) => [describeApiKeyForm(form), form] as const))('in %s, a request the reader reads the same key from', (_, form) => {
    const sent = withApiKey(form, 'k/1 ok', { url: 'http://127.0.0.1:4010/api/items?a=1', headers: { Cookie: 'theme=dark', accept: 'application/json' } });
    const url = new URL(sent.url);
    const headers = Object.fromEntries(Object.entries(sent.headers).map(([name, value]) => [name.toLowerCase(), value]));
    const reader = apiKeyFormsOf(contractWith({ [form.scheme]: schemeOf(form) }, [{ [form.scheme]: [] }]));
    expect(reader.read(headers, url.search.slice(1))).toEqual({ key: 'k/1 ok', form: reader.forms[0] });
    expect([url.pathname, url.searchParams.get('a'), headers.accept]).toEqual(['/api/items', '1', 'application/json']);
    expect(headers.cookie).toBe(form.kind === 'cookie' ? 'theme=dark; session=k/1 ok' : 'theme=dark');
  });
});

describe('a security scheme', () => {
  test.each([
    ['an apiKey scheme', header, { type: 'apiKey', in: 'header', name: 'X-Thumbnail-Key' }],
    ['an http scheme, its name in lower case', bearer, { type: 'http', scheme: 'bearer' }],
    ['an oauth2 scheme', { type: 'oauth2', flows: {} }, { type: 'oauth2' }],
    ['an apiKey scheme without a place', { type: 'apiKey', name: 'k' }, { type: 'unknown', what: 'apiKey' }],
  ])('%s is read into its typed form', (_, scheme, expected) => {
    expect(securitySchemeOf(contractWith({ S: scheme }, [{ S: [] }]), 'S')).toEqual(expected);
  });

  test('one the contract does not define is undefined', () => {
    expect(securitySchemeOf(contractWith({}, []), 'Missing')).toBeUndefined();
  });
});

function schemeOf(form: ApiKeyForm): unknown {
  return form.kind === 'bearer' ? bearer : { type: 'apiKey', in: form.kind, name: form.name };
}
