// Type tests (checked by tsc through vitest's typecheck and by `lint`): the typed surface accepts what the
// contract describes and rejects wrong bodies, unknown paths and misspelt options at compile time.
import { describe, expectTypeOf, test } from 'vitest';
import {
  type APIPromise,
  AuthenticationError,
  type CreateThumbnailResponse,
  type ErrorBody,
  type ListThumbnailsResponse,
  PermissionDeniedError,
  ThumbnailApiError,
  ThumbnailClient,
  type WithResponse,
} from '../src/index.js';

declare const client: ThumbnailClient;

describe('resource methods', () => {
  test('return the contract types', () => {
    expectTypeOf(client.thumbnails.create({ prompt: 'A red fox at dawn' })).resolves.toEqualTypeOf<CreateThumbnailResponse>();
    expectTypeOf(client.thumbnails.list()).resolves.toEqualTypeOf<ListThumbnailsResponse>();
  });

  test('reject wrong bodies', () => {
    // @ts-expect-error prompt must be a string
    void client.thumbnails.create({ prompt: 42 });
    // @ts-expect-error prompt is required by the contract
    void client.thumbnails.create({});
    // @ts-expect-error the body is required
    void client.thumbnails.create();
  });

  test('reject unknown per-call options', () => {
    // @ts-expect-error timeoutMS is misspelt
    void client.thumbnails.list({ timeoutMS: 10 });
    // @ts-expect-error headers are strings
    void client.thumbnails.list({ headers: { 'X-Count': 1 } });
  });
});

describe('client.raw (openapi-fetch)', () => {
  test('types data and error from the contract', async () => {
    const { data, error } = await client.raw.GET('/api/thumbnails');
    expectTypeOf(data).toEqualTypeOf<ListThumbnailsResponse | undefined>();
    expectTypeOf(error).toExtend<ErrorBody | undefined>();
  });

  test('rejects unknown paths', () => {
    // @ts-expect-error /api/persons is not in the contract (use client.request for it)
    void client.raw.GET('/api/persons');
    // @ts-expect-error the contract has no DELETE /api/thumbnails
    void client.raw.DELETE('/api/thumbnails');
  });

  test('rejects wrong bodies', () => {
    // @ts-expect-error prompt must be a string
    void client.raw.POST('/api/thumbnails', { body: { prompt: 42 } });
    // @ts-expect-error the body is required
    void client.raw.POST('/api/thumbnails', {});
  });
});

describe('request() and options', () => {
  test('returns unknown unless told, and takes upper-case methods only', () => {
    expectTypeOf(client.request('GET', '/api/persons')).resolves.toBeUnknown();
    expectTypeOf(client.request<{ id: string }>('GET', '/api/persons/p_1')).resolves.toEqualTypeOf<{ id: string }>();
    // @ts-expect-error methods are upper-case
    void client.request('get', '/api/persons');
  });

  test('the constructor rejects unknown auth methods and misspelt options', () => {
    // @ts-expect-error only 'x-api-key' and 'bearer'
    new ThumbnailClient({ auth: 'basic' });
    // @ts-expect-error apikey is misspelt
    new ThumbnailClient({ apikey: 'k' });
    new ThumbnailClient({ apiKey: process.env.THUMBNAIL_API_KEY, baseUrl: process.env.THUMBNAIL_API_BASE_URL });
  });

  test('errors narrow by class', () => {
    const error: unknown = undefined;
    if (error instanceof AuthenticationError) expectTypeOf(error.status).toEqualTypeOf<401>();
    if (error instanceof PermissionDeniedError) expectTypeOf(error.status).toEqualTypeOf<403>();
    if (error instanceof ThumbnailApiError) {
      expectTypeOf(error.status).toEqualTypeOf<number>();
      expectTypeOf(error.error).toEqualTypeOf<string | undefined>();
      expectTypeOf(error.requestId).toEqualTypeOf<string | undefined>();
      expectTypeOf(error.headers).toEqualTypeOf<Headers>();
    }
  });
});

describe('withResponse() and asResponse()', () => {
  test('are on what create(), list() and request() return, which is still a Promise of the body', () => {
    expectTypeOf(client.thumbnails.list()).toExtend<Promise<ListThumbnailsResponse>>();
    expectTypeOf(client.thumbnails.list()).toEqualTypeOf<APIPromise<ListThumbnailsResponse>>();
    expectTypeOf(client.thumbnails.create({ prompt: 'A red fox at dawn' }).withResponse()).resolves.toEqualTypeOf<WithResponse<CreateThumbnailResponse>>();
    expectTypeOf(client.request<{ id: string }>('GET', '/api/persons/p_1').withResponse()).resolves.toEqualTypeOf<WithResponse<{ id: string }>>();
    expectTypeOf(client.thumbnails.list().asResponse()).resolves.toEqualTypeOf<Response>();
  });

  test('withResponse() gives exactly data, response and requestId', () => {
    expectTypeOf<WithResponse<ListThumbnailsResponse>>().toEqualTypeOf<{ data: ListThumbnailsResponse; response: Response; requestId: string | null }>();
    const result = {} as WithResponse<ListThumbnailsResponse>;
    // @ts-expect-error request_id is openai-node's name, not ours
    void result.request_id;
  });

  test('then() keeps its types', () => {
    expectTypeOf(client.thumbnails.list().then((data) => data)).resolves.toEqualTypeOf<ListThumbnailsResponse>();
    expectTypeOf(client.thumbnails.list().catch(() => null)).resolves.toEqualTypeOf<ListThumbnailsResponse | null>();
  });
});
