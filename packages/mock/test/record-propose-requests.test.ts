// propose reads the requests too: the query parameter names sent (type inferred, "seen in N of M", values never
// copied) and the JSON request bodies (a schema), for documented operations and for paths the contract lacks.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ThumbnailClient } from '@thumbnail-api/client';
import { loadContract, openapi } from '@thumbnail-api/spec';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startContractProxy, startMock } from '../src/index.js';
import { killAllRuns } from './helpers/cli.js';
import { startBufferedServer } from './helpers/http.js';
import { proposeFrom, redoclyErrors } from './helpers/overlay.js';

const key = 'sk-requests-sentinel';
let dir: string;
let applied: Record<string, any>;
let overlayText: string;
let overlay: { actions: { target: string; update: any }[] };
const actionAt = (target: string) => overlay.actions.find((action) => action.target === target)!.update;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'record-propose-requests-'));
  // A stand-in of the service that answers every request with a small JSON body.
  const upstream = await startBufferedServer((_req, _body, res) => {
    const bytes = Buffer.from(JSON.stringify({ items: [] }));
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': bytes.length });
    res.end(bytes);
  });
  const proxy = await startContractProxy({ upstream: upstream.url, port: 0, record: dir, redact: ['/prompt'] });
  try {
    const client = new ThumbnailClient({ apiKey: key, baseUrl: proxy.url, maxRetries: 0 });
    await client.request('GET', '/api/thumbnails', { query: { page: 2, size: 10 } });
    await client.request('GET', '/api/thumbnails', { query: { page: 3, sort: 'new' } });
    await client.thumbnails.list();
    const headers = { 'x-api-key': key };
    await (await fetch(`${proxy.url}/api/thumbnails?tag=fox&tag=dawn&ratio=1.5&draft=true`, { headers })).arrayBuffer();
    await client.thumbnails.create({ prompt: 'A private prompt' });
    await client.request('POST', '/api/thumbnails', { body: { prompt: 'Another private prompt', style: 'bold' } });
    await client.request('POST', '/api/persons', { body: { name: 'Ada', age: 36 } });
    await client.request('GET', '/api/persons', { query: { q: 'ada', limit: 5 } });
  } finally {
    await proxy.stop();
    await upstream.close();
  }
  ({ text: overlayText, overlay, applied } = await proposeFrom(dir));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(killAllRuns);

test('a documented operation gets the query parameters sent as optional parameters, each x-observed with "seen in N of M"', () => {
  const { parameters } = actionAt("$.paths['/api/thumbnails'].get");
  expect(parameters.map((parameter: { name: string }) => parameter.name)).toEqual(['draft', 'page', 'ratio', 'size', 'sort', 'tag']);
  const byName = Object.fromEntries(parameters.map((parameter: { name: string }) => [parameter.name, parameter]));
  expect(byName.page).toEqual({
    name: 'page',
    in: 'query',
    required: false,
    description: 'Observed, not documented by the service: sent in 2 of 4 request(s).',
    schema: { type: 'integer' },
    'x-observed': { seenIn: '2 of 4' },
  });
  expect([byName.size.schema, byName.sort.schema, byName.ratio.schema, byName.draft.schema]).toEqual([
    { type: 'integer' },
    { type: 'string' },
    { type: 'number' },
    { type: 'boolean' },
  ]);
  expect(byName.tag).toMatchObject({ schema: { type: 'array', items: { type: 'string' } }, style: 'form', explode: true, 'x-observed': { seenIn: '1 of 4' } });
});

test('a documented operation gets the schema of the request bodies sent, x-observed with its evidence', () => {
  const observed = actionAt("$.paths['/api/thumbnails'].post")['x-observed'];
  expect(observed.requestBody).toMatchObject({ count: 2, seenIn: '2 of 2', contentType: 'application/json' });
  expect(observed.requestBody.schema).toEqual({
    type: 'object',
    properties: { prompt: { type: 'string', description: 'Seen in 2 of 2.' }, style: { type: 'string', description: 'Seen in 1 of 2.' } },
    required: ['prompt'],
  });
  expect(observed.responses['200']).toMatchObject({ count: 2 });
});

test('a path the contract lacks gets its operations with query parameters and a request body, all x-observed', () => {
  const persons = actionAt('$.paths')['/api/persons'];
  expect(persons.get.parameters).toEqual([
    expect.objectContaining({ name: 'limit', in: 'query', schema: { type: 'integer' }, 'x-observed': { seenIn: '1 of 1' } }),
    expect.objectContaining({ name: 'q', in: 'query', schema: { type: 'string' }, 'x-observed': { seenIn: '1 of 1' } }),
  ]);
  expect(persons.post.requestBody).toEqual({
    description: 'Observed, not documented by the service: a JSON body in 1 of 1 request(s).',
    required: true,
    content: {
      'application/json': {
        schema: {
          type: 'object',
          properties: { age: { type: 'integer', description: 'Seen in 1 of 1.' }, name: { type: 'string', description: 'Seen in 1 of 1.' } },
          required: ['age', 'name'],
        },
      },
    },
    'x-observed': { seenIn: '1 of 1' },
  });
  expect(persons.get.requestBody).toBeUndefined();
});

test('copies no query value, no key and no redacted field', () => {
  for (const secret of [key, 'A private prompt', 'Another private prompt', 'fox', 'ada']) expect(overlayText).not.toContain(secret);
});

describe('applied to the bundled contract with openapi-format', () => {
  test('still validates, parameters unique (Redocly)', async () => {
    expect(
      await redoclyErrors(applied, { struct: 'error', 'operation-parameters-unique': 'error', 'path-parameters-defined': 'error' }, join(dir, 'applied.json')),
    ).toEqual([]);
    expect(applied.paths['/api/thumbnails'].get.parameters).toHaveLength(6);
    // The documented request body stays as the contract has it; what was observed goes under x-observed.
    const documented = openapi.paths['/api/thumbnails'] as { post: { requestBody: unknown } };
    expect(applied.paths['/api/thumbnails'].post.requestBody).toEqual(documented.post.requestBody);
  });

  test('the mock loads and serves the result, the proposed query parameters and path included', async () => {
    const file = join(dir, 'applied.json.out');
    writeFileSync(file, JSON.stringify(applied));
    const mock = await startMock({ port: 0, specPath: file });
    try {
      const client = new ThumbnailClient({ apiKey: 'any', baseUrl: mock.url, maxRetries: 0 });
      const list = loadContract().findOperation('GET', '/api/thumbnails')!.response(200)!;
      const { data, response } = await client.request('GET', '/api/thumbnails', { query: { page: 2 } }).withResponse();
      expect(response.status).toBe(200);
      expect(data).toEqual(list.content[0]!.examples[0]!.value);
      expect((await fetch(`${mock.url}/api/persons?limit=5`, { headers: { 'x-api-key': 'any' } })).status).toBe(200);
    } finally {
      await mock.stop();
    }
  });
});
