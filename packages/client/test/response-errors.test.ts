// Every non-2xx (and every unusable 2xx) becomes a typed error with a readable message, whatever the body.
import { describe, expect, test } from 'vitest';
import * as exported from '../src/index.js';
import {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ThumbnailApiError,
  ThumbnailClient,
  ThumbnailClientError,
  UnprocessableEntityError,
} from '../src/index.js';
import { json, text, useLocalServers } from './support/local-server.js';
import { apiErrorOf } from './support/rejection.js';

const serve = useLocalServers();

function clientFor(baseUrl: string): ThumbnailClient {
  return new ThumbnailClient({ apiKey: 'test-key', baseUrl, maxRetries: 0 });
}

describe('the documented error bodies', () => {
  test('throws AuthenticationError with the documented 401 body', async () => {
    const server = await serve((_, res) => json(res, 401, { success: false, error: 'Unauthorized' }));
    const error = await apiErrorOf(clientFor(server.url).thumbnails.list());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toBeInstanceOf(ThumbnailClientError);
    expect(error).toMatchObject({ name: 'AuthenticationError', status: 401, error: 'Unauthorized', body: { success: false, error: 'Unauthorized' } });
    expect(error.message).toBe('401 Unauthorized from GET /api/thumbnails: Unauthorized');
    expect(error.headers.get('content-type')).toBe('application/json');
  });

  test('throws PermissionDeniedError with the documented 403 body', async () => {
    const server = await serve((_, res) => json(res, 403, { success: false, error: 'Forbidden' }));
    const error = await apiErrorOf(clientFor(server.url).thumbnails.create({ prompt: 'A red fox at dawn' }));
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error).toMatchObject({ name: 'PermissionDeniedError', status: 403, error: 'Forbidden', body: { success: false, error: 'Forbidden' } });
    expect(error.message).toBe('403 Forbidden from POST /api/thumbnails: Forbidden');
  });
});

describe.each([
  [400, BadRequestError, 'BadRequestError'],
  [404, NotFoundError, 'NotFoundError'],
  [409, ConflictError, 'ConflictError'],
  [422, UnprocessableEntityError, 'UnprocessableEntityError'],
  [429, RateLimitError, 'RateLimitError'],
  [500, InternalServerError, 'InternalServerError'],
  [503, InternalServerError, 'InternalServerError'],
  [418, ThumbnailApiError, 'ThumbnailApiError'],
] as const)('status %i', (status, ErrorClass, name) => {
  test(`throws ${name} carrying the status and the error text`, async () => {
    const server = await serve((_, res) => json(res, status, { success: false, error: 'Something went wrong' }));
    const error = await apiErrorOf(clientFor(server.url).thumbnails.list());
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error.name).toBe(name);
    expect(error.status).toBe(status);
    expect(error.error).toBe('Something went wrong');
    // A 404 names the whole URL sent (error-hints.test.ts).
    const shown = status === 404 ? `${server.url}/api/thumbnails` : '/api/thumbnails';
    expect(error.message).toMatch(new RegExp(`^${status} .* from GET ${shown}: Something went wrong$`));
  });
});

describe('bodies the service does not document', () => {
  test('an HTML 502 page from a proxy gives InternalServerError naming the page', async () => {
    const page = '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>';
    const server = await serve((_, res) => text(res, 502, page, { 'content-type': 'text/html' }));
    const error = await apiErrorOf(clientFor(server.url).thumbnails.list());
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ status: 502, error: undefined, body: page });
    expect(error.message).toBe(
      '502 Bad Gateway from GET /api/thumbnails: the body is an HTML page, not JSON ("502 Bad Gateway"); a proxy or gateway may have answered instead of the service',
    );
  });

  test('an empty 500 gives InternalServerError saying the body is empty', async () => {
    const server = await serve((_, res) => text(res, 500, ''));
    const error = await apiErrorOf(clientFor(server.url).thumbnails.list());
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ status: 500, error: undefined, body: undefined });
    expect(error.message).toBe('500 Internal Server Error from GET /api/thumbnails: the body is empty');
  });

  test('an empty chunked 500 (no Content-Length) is empty too, not an empty string', async () => {
    const server = await serve((_, res) => {
      res.writeHead(500, { 'transfer-encoding': 'chunked' });
      res.end();
    });
    const error = await apiErrorOf(clientFor(server.url).thumbnails.list());
    expect(error.body).toBeUndefined();
    expect(error.message).toContain('the body is empty');
  });

  test('JSON of another shape gives a typed error quoting the body', async () => {
    const server = await serve((_, res) => json(res, 400, { message: 'prompt too long', code: 'E_PROMPT' }));
    const error = await apiErrorOf(clientFor(server.url).thumbnails.create({ prompt: 'x'.repeat(10) }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.error).toBeUndefined();
    expect(error.body).toEqual({ message: 'prompt too long', code: 'E_PROMPT' });
    expect(error.message).toBe(
      '400 Bad Request from POST /api/thumbnails: the body is JSON without the documented "error" text: {"message":"prompt too long","code":"E_PROMPT"}',
    );
  });

  test('plain text gives a typed error quoting a bounded excerpt', async () => {
    const server = await serve((_, res) => text(res, 503, `upstream connect error ${'x'.repeat(500)}`, { 'content-type': 'text/plain' }));
    const error = await apiErrorOf(clientFor(server.url).thumbnails.list());
    expect(error.message).toMatch(
      /^503 Service Unavailable from GET \/api\/thumbnails: the body is not JSON \(text\/plain\): upstream connect error x+… \(523 characters in all\)$/,
    );
    expect(error.message.length).toBeLessThan(320);
  });

  test('a request id from x-request-id is kept and quoted (the service documents no such header)', async () => {
    const server = await serve((_, res) => json(res, 500, { success: false, error: 'Oops' }, { 'x-request-id': 'req_123' }));
    const error = await apiErrorOf(clientFor(server.url).thumbnails.list());
    expect(error.requestId).toBe('req_123');
    expect(error.message).toBe('500 Internal Server Error from GET /api/thumbnails: Oops (request id req_123)');
  });

  test('toJSON gives what a JSON logger needs', async () => {
    const server = await serve((_, res) => json(res, 404, { success: false, error: 'Not Found' }));
    const error = await apiErrorOf(clientFor(server.url).request('GET', '/api/persons/p_1'));
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'NotFoundError',
      message: `404 Not Found from GET ${server.url}/api/persons/p_1: Not Found`,
      status: 404,
      error: 'Not Found',
      body: { success: false, error: 'Not Found' },
    });
  });
});

describe('unusable success responses', () => {
  test('a 200 HTML page (baseUrl pointing at a website) is a typed error, not a SyntaxError', async () => {
    const server = await serve((_, res) => text(res, 200, '<html><title>Welcome</title></html>', { 'content-type': 'text/html' }));
    const error = await apiErrorOf(clientFor(server.url).thumbnails.list());
    expect(error.constructor).toBe(ThumbnailApiError);
    expect(error.status).toBe(200);
    expect(error.message).toContain('200 OK from GET /api/thumbnails: the body is an HTML page, not JSON ("Welcome")');
  });

  test('an empty 200 is a typed error where the API documents a JSON object', async () => {
    const server = await serve((_, res) => text(res, 200, ''));
    const error = await apiErrorOf(clientFor(server.url).thumbnails.create({ prompt: 'A red fox at dawn' }));
    expect(error.message).toBe('200 OK from POST /api/thumbnails: the body is empty, not the JSON object the API documents');
  });

  test('a JSON array where an object is documented is a typed error', async () => {
    const server = await serve((_, res) => json(res, 200, [1, 2]));
    const error = await apiErrorOf(clientFor(server.url).thumbnails.list());
    expect(error.body).toEqual([1, 2]);
    expect(error.message).toBe('200 OK from GET /api/thumbnails: the body is JSON but not the object the API documents');
  });

  test('a redirect is not followed, so the key never reaches the other address', async () => {
    const elsewhere = await serve((_, res) => json(res, 200, {}));
    const server = await serve((_, res) => text(res, 307, '', { location: `${elsewhere.url}/api/thumbnails` }));
    const error = await apiErrorOf(clientFor(server.url).thumbnails.list());
    expect(error.status).toBe(307);
    expect(error.message).toBe(
      `307 Temporary Redirect from GET /api/thumbnails: the client does not follow redirects, so the key is never sent to another address (it points to ${elsewhere.url}/api/thumbnails). Set baseUrl to the final address of the API.`,
    );
    expect(elsewhere.requests).toHaveLength(0);
  });
});

test('every exported error class is named as it is exported, also where a bundler renames classes', () => {
  const classes = Object.entries(exported).filter(
    ([, value]) => typeof value === 'function' && (value === ThumbnailClientError || value.prototype instanceof ThumbnailClientError),
  );
  expect(classes.length).toBeGreaterThanOrEqual(17);
  for (const [name, errorClass] of classes) expect((errorClass as { prototype: Error }).prototype.name, name).toBe(name);
});
