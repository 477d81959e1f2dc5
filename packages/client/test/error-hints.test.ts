// What an error says to fix the call: a 404 names the URL actually sent, and what in the base URL is likely wrong (issue
// 45 item 6: `/api` in the base URL, which getting-started warns of, is sent twice); a problem details body (the mock's
// own errors, many gateways') is quoted by its title and detail, whole; and the mock's note on why it answered so
// (`x-thumbnail-api-mock-note`) ends the message and is kept as `mockNote`.
import { describe, expect, test } from 'vitest';
import { AuthenticationError, NotFoundError, ThumbnailClient, UnprocessableEntityError } from '../src/index.js';
import { json, useLocalServers } from './support/local-server.js';
import { apiErrorOf } from './support/rejection.js';

const serve = useLocalServers();

const clientFor = (baseUrl: string, apiKey = 'test-key') => new ThumbnailClient({ apiKey, baseUrl, maxRetries: 0 });

/** Answers as the mock answers a path its contract does not document (packages/mock, `unknown-path`). */
const unknownPath = (request: { method: string; url: string }, res: Parameters<typeof json>[0]) =>
  json(
    res,
    404,
    {
      title: `thumbnail-api-mock: the contract documents no path ${request.url}`,
      detail: `${request.method} ${request.url} is not an operation of the contract this mock serves. Check the path (and the base URL: paths start with /api).`,
      status: 404,
      type: 'https://thumbnail-api.invalid/mock-errors/unknown-path',
    },
    { 'content-type': 'application/problem+json' },
  );

describe('a 404', () => {
  test('from a base URL ending in /api names the URL sent, the whole hint of the answer, and the base URL to set', async () => {
    const server = await serve(unknownPath);
    const error = await apiErrorOf(clientFor(`${server.url}/api`).thumbnails.list());
    expect(error).toBeInstanceOf(NotFoundError);
    expect(server.requests.map((request) => request.url)).toEqual(['/api/api/thumbnails']);
    expect(error.message).toBe(
      `404 Not Found from GET ${server.url}/api/api/thumbnails: thumbnail-api-mock: the contract documents no path /api/api/thumbnails. ` +
        'GET /api/api/thumbnails is not an operation of the contract this mock serves. Check the path (and the base URL: paths start with /api). ' +
        `baseUrl ${server.url}/api ends in /api, and the client's path /api/thumbnails starts with it, so /api was sent twice: set baseUrl to ${server.url}.`,
    );
  });

  test('from a base URL with another path says that path is sent before every path', async () => {
    const server = await serve((_, res) => json(res, 404, { success: false, error: 'Not Found' }));
    const error = await apiErrorOf(clientFor(`${server.url}/gateway/v1`).request('GET', '/api/persons', { query: { page: 2 } }));
    expect(error.message).toBe(
      `404 Not Found from GET ${server.url}/gateway/v1/api/persons?page=2: Not Found. ` +
        `baseUrl ${server.url}/gateway/v1 has a path (/gateway/v1), sent before every path the client calls: if the service's address has none, set baseUrl to ${server.url}.`,
    );
  });

  test('from a base URL without a path names the URL sent, and gives no base URL hint', async () => {
    const server = await serve((_, res) => json(res, 404, { success: false, error: 'Not Found' }));
    const error = await apiErrorOf(clientFor(server.url).thumbnails.list());
    expect(error.message).toBe(`404 Not Found from GET ${server.url}/api/thumbnails: Not Found`);
  });
});

test('a problem details body is quoted by its title and detail, whole, not as a cut excerpt of its JSON', async () => {
  const detail = `prompt: ${'must be shorter; '.repeat(20)}see the contract`;
  const server = await serve((_, res) =>
    json(res, 422, { type: 'about:blank', title: 'Invalid request', detail }, { 'content-type': 'application/problem+json' }),
  );
  const error = await apiErrorOf(clientFor(server.url).thumbnails.create({ prompt: 'A red fox at dawn' }));
  expect(error).toBeInstanceOf(UnprocessableEntityError);
  expect(error.message).toBe(`422 Unprocessable Entity from POST /api/thumbnails: Invalid request. ${detail.trim()}`);
});

describe("the mock's note", () => {
  test.each<[string, Record<string, string>, string | undefined, string]>([
    [
      'ends the message and is kept as mockNote',
      { 'x-thumbnail-api-mock-note': 'key not in the registry' },
      'key not in the registry',
      '401 Unauthorized from GET /api/thumbnails: Unauthorized (mock: key not in the registry)',
    ],
    [
      'comes before the request id',
      { 'x-thumbnail-api-mock-note': 'no rule matched; nearest rule r1: body.prompt: expected "a red fox", got "A red fox"', 'x-request-id': 'req_1' },
      'no rule matched; nearest rule r1: body.prompt: expected "a red fox", got "A red fox"',
      '401 Unauthorized from GET /api/thumbnails: Unauthorized (mock: no rule matched; nearest rule r1: body.prompt: expected "a red fox", got "A red fox") (request id req_1)',
    ],
    ['is undefined where no note came (the real service sends none)', {}, undefined, '401 Unauthorized from GET /api/thumbnails: Unauthorized'],
  ])('%s', async (_, headers, note, message) => {
    const server = await serve((_, res) => json(res, 401, { success: false, error: 'Unauthorized' }, headers));
    const error = await apiErrorOf(clientFor(server.url).thumbnails.list());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.mockNote).toBe(note);
    expect(error.message).toBe(message);
  });
});
