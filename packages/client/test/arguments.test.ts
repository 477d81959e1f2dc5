// Arguments a call cannot send are refused before anything is sent, with a RequestArgumentError that names the
// argument and the fix, and suggests only options that call takes.
import { describe, expect, test } from 'vitest';
import { ConfigurationError, RequestArgumentError, ThumbnailClient, ThumbnailClientError } from '../src/index.js';
import { json, useLocalServers } from './support/local-server.js';

const serve = useLocalServers();
const KEY = 'sk_test_ARGUMENTS_5d1e';

function circular(): Record<string, unknown> {
  const body: Record<string, unknown> = { prompt: 'A red fox at dawn', meta: {} };
  (body.meta as Record<string, unknown>).self = body;
  return body;
}

async function refusal(call: (client: ThumbnailClient) => Promise<unknown>): Promise<RequestArgumentError> {
  const server = await serve((_, res) => json(res, 200, {}));
  const client = new ThumbnailClient({ apiKey: KEY, baseUrl: server.url });
  const error = await call(client).then(
    () => expect.fail('the call was sent'),
    (caught: unknown) => caught,
  );
  expect(server.requests).toHaveLength(0);
  expect(error).toBeInstanceOf(RequestArgumentError);
  expect(error).toBeInstanceOf(ConfigurationError);
  expect(error).toBeInstanceOf(ThumbnailClientError);
  expect(JSON.stringify(error)).not.toContain(KEY);
  return error as RequestArgumentError;
}

describe('a body JSON cannot hold', () => {
  test.each([
    ['thumbnails.create()', (c: ThumbnailClient) => c.thumbnails.create(circular() as { prompt: string }), 'thumbnails.create() body', 'body.meta.self'],
    ['request()', (c: ThumbnailClient) => c.request('POST', '/api/persons', { body: circular() }), 'request() options.body', 'options.body.meta.self'],
    ['client.raw.POST', (c: ThumbnailClient) => c.raw.POST('/api/thumbnails', { body: circular() as { prompt: string } }), 'client.raw body', 'body.meta.self'],
  ])('%s: a circular reference is refused, naming where it is', async (_, call, named, argument) => {
    const error = await refusal(call);
    expect(error.argument).toBe(argument);
    expect(error.message).toBe(
      `${named} cannot be sent as JSON: ${argument} refers back to an object that contains it (a circular reference): send a copy without the cycle. ` +
        'Send plain data: objects, arrays, strings, finite numbers, booleans and null.',
    );
    expect(error.toJSON()).toMatchObject({ name: 'RequestArgumentError', argument });
  });

  test('a BigInt is refused, with the conversion to make', async () => {
    const error = await refusal((c) => c.request('POST', '/api/persons', { body: { name: 'Ada', sizes: [1, 2n] } }));
    expect(error.argument).toBe('options.body.sizes[1]');
    expect(error.message).toContain('options.body.sizes[1] is a BigInt, which JSON has no form for: convert it with String() or Number()');
  });

  test('a toJSON() that throws is refused with its message, the key redacted', async () => {
    const body = {
      prompt: 'x',
      toJSON: () => {
        throw new Error(`cannot serialise ${KEY}`);
      },
    };
    const error = await refusal((c) => c.thumbnails.create(body));
    expect(error.message).toBe(
      'thumbnails.create() body cannot be sent as JSON: body cannot serialise [redacted]. Send plain data: objects, arrays, strings, finite numbers, booleans and null.',
    );
  });

  test('a body that is not data at all (a function) is refused', async () => {
    const error = await refusal((c) => c.request('PUT', '/api/persons/p_1', { body: () => 'Ada' }));
    expect(error.message).toContain('request() options.body cannot be sent as JSON: it is a function.');
  });
});

describe('a query openapi-fetch cannot encode', () => {
  test('a nested object in request() is refused, suggesting nothing request() rejects', async () => {
    const error = await refusal((c) => c.request('GET', '/api/persons', { query: { filter: { name: { startsWith: 'A' } } } }));
    expect(error.argument).toBe('options.query.filter.name');
    expect(error.message).toBe(
      'request() options.query.filter.name is an object: a query value can be a string, number or boolean, an array of those (sent as tags=a&tags=b), ' +
        'or an object of those (sent as filter[a]=1). Flatten it, or encode it into a string yourself (e.g. with JSON.stringify).',
    );
    expect(error.message).not.toContain('querySerializer');
  });

  test.each([
    ['a Date', { since: new Date(0) }, 'options.query.since is a Date (pass date.toISOString())'],
    ['a function', { page: () => 1 }, 'options.query.page is a function'],
    ['an array of arrays', { tags: [['a']] }, 'options.query.tags[0] is an array'],
    ['a string instead of an object', 'page=2', 'options.query must be an object of parameter names to values, got a string.'],
  ])('%s in request() is refused', async (_, query, message) => {
    const error = await refusal((c) => c.request('GET', '/api/persons', { query: query as Record<string, unknown> }));
    expect(error.message).toContain(message);
  });

  test('one level of object and arrays of scalars are sent as openapi-fetch encodes them', async () => {
    const server = await serve((_, res) => json(res, 200, {}));
    await new ThumbnailClient({ apiKey: KEY, baseUrl: server.url }).request('GET', '/api/persons', {
      query: { filter: { name: 'Ada' }, tags: ['a', 'b'], page: 2 },
    });
    expect(server.requests[0]?.url).toBe('/api/persons?filter[name]=Ada&tags=a&tags=b&page=2');
  });

  test('client.raw refuses a nested query too, and may suggest its querySerializer option', async () => {
    const error = await refusal((c) => c.raw.GET('/api/thumbnails', { params: { query: { filter: { deep: { x: 1 } } } } as never }));
    expect(error.argument).toBe('params.query.filter.deep');
    expect(error.message).toContain('or pass your own querySerializer.');
  });
});

describe('other arguments', () => {
  test.each([
    ['a body that is not an object', (c: ThumbnailClient) => c.thumbnails.create('A red fox' as never), 'body'],
    ['a lower-case method', (c: ThumbnailClient) => c.request('get' as never, '/api/persons'), 'method'],
    ['a path with a query string', (c: ThumbnailClient) => c.request('GET', '/api/persons?page=2'), 'path'],
  ])('%s is refused, naming the argument', async (_, call, argument) => {
    expect((await refusal(call)).argument).toBe(argument);
  });
});
