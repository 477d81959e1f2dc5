// propose folds the literal paths it saw into templates: recordings of /api/persons/<uuid> through the contract proxy
// become one /api/persons/{personId}, its parameter x-observed with a few of the literal values; names stay literal.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { readContract } from '../src/contract/read-contract.js';
import { startContractProxy, startMock } from '../src/index.js';
import { proposeOverlay } from '../src/record/propose.js';
import { RECORDING_VERSION, type Recording } from '../src/record/recording.js';
import { looksLikeId, parameterName } from '../src/record/template-paths.js';
import { killAllRuns, runCli } from './helpers/cli.js';
import { startBufferedServer } from './helpers/http.js';

const { openapiOverlay } = createRequire(import.meta.url)('openapi-format') as {
  openapiOverlay(document: unknown, options: { overlaySet: unknown }): Promise<{ data: Record<string, any>; resultData: { unusedActions: unknown[] } }>;
};
const contractPath = createRequire(import.meta.url).resolve('@thumbnail-api/spec/openapi.json');
const uuids = ['3f2a9c1e-0b4d-4e8a-9f6b-1c2d3e4f5a6b', '9b1c7d2e-5f60-4a1b-8c9d-0e1f2a3b4c5d'];
const seen = [
  ...uuids.map((id) => `/api/persons/${id}`),
  `/api/persons/${uuids[0]}`,
  '/api/persons/me',
  '/api/templates/42',
  '/api/templates/43/preview',
  '/api/templates/44/preview',
  '/api/styles/bold',
  '/api/users/alice',
  '/api/users/bob',
  '/api/users/carol',
  '/api/thumbnails/th_1',
  '/api/thumbnails/th_2',
  '/api/thumbnails/th_1/download',
  '/api/thumbnails/th_2/share',
  '/api/thumbnails/th_1/variants',
  '/api/foo',
  '/api/bar',
  '/api/baz',
];

let dir: string;
let overlay: { actions: { target: string; update: any }[] };
let paths: Record<string, any>;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'record-propose-paths-'));
  // A stand-in of the service that answers every path with a small JSON body naming it.
  const upstream = await startBufferedServer((req, _body, res) => {
    const bytes = Buffer.from(JSON.stringify({ path: req.url }));
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': bytes.length });
    res.end(bytes);
  });
  const proxy = await startContractProxy({ upstream: upstream.url, port: 0, record: dir });
  try {
    for (const path of seen) await (await fetch(proxy.url + path, { headers: { 'x-api-key': 'sk-paths-sentinel' } })).arrayBuffer();
  } finally {
    await proxy.stop();
    await upstream.close();
  }
  const run = runCli(['propose', dir]);
  expect(await run.exited).toEqual({ code: 0, signal: null });
  overlay = parse(run.stdout());
  paths = overlay.actions.find((action) => action.target === '$.paths')!.update;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(killAllRuns);

test('ids become one templated path each; names seen once, names after an id, and resource names beside the contract stay literal', () => {
  expect(Object.keys(paths).sort()).toEqual([
    '/api/bar',
    '/api/baz',
    '/api/foo',
    '/api/persons/me',
    '/api/persons/{personId}',
    '/api/styles/bold',
    '/api/templates/{templateId}',
    '/api/templates/{templateId}/preview',
    '/api/thumbnails/{thumbnailId}',
    '/api/thumbnails/{thumbnailId}/download',
    '/api/thumbnails/{thumbnailId}/share',
    '/api/thumbnails/{thumbnailId}/variants',
    '/api/users/{userId}',
  ]);
});

test('the parameter is x-observed, with the literal values as examples and the count as evidence', () => {
  const person = paths['/api/persons/{personId}'];
  expect(person['x-observed']).toBe(true);
  expect(person.parameters).toEqual([
    {
      name: 'personId',
      in: 'path',
      required: true,
      description: 'Observed, not documented by the service: 2 distinct value(s) in 3 recording(s).',
      schema: { type: 'string', format: 'uuid' },
      'x-observed': { count: 3, distinctValues: 2, examples: uuids },
    },
  ]);
  expect(person.get['x-observed']).toMatchObject({ count: 3 });
  expect(person.get.summary).toBe('Observed, not documented by the service: GET /api/persons/{personId}');
  expect(paths['/api/templates/{templateId}'].parameters[0]).toMatchObject({ schema: { type: 'integer' }, 'x-observed': { examples: ['42'] } });
  expect(paths['/api/templates/{templateId}/preview'].parameters[0]['x-observed']).toEqual({ count: 2, distinctValues: 2, examples: ['43', '44'] });
  expect(paths['/api/users/{userId}'].parameters[0]['x-observed'].examples).toEqual(['alice', 'bob', 'carol']);
  expect(paths['/api/persons/me'].parameters).toBeUndefined();
});

describe('applied to the bundled contract with openapi-format', () => {
  let applied: Record<string, any>;
  beforeAll(async () => {
    const result = await openapiOverlay(JSON.parse(readFileSync(contractPath, 'utf8')), { overlaySet: overlay });
    expect(result.resultData.unusedActions).toEqual([]);
    applied = result.data;
  });

  test('still validates, every templated parameter defined (Redocly)', async () => {
    const config = await createConfig({ rules: { struct: 'error', 'path-parameters-defined': 'error', 'no-identical-paths': 'error' } });
    const problems = await lintFromString({ source: JSON.stringify(applied), absoluteRef: join(dir, 'applied.json'), config });
    expect(problems.filter((problem) => problem.severity === 'error').map((problem) => problem.message)).toEqual([]);
  });

  test('the mock serves the result: an id never recorded answers on the templated path', async () => {
    const file = join(dir, 'applied.json.out');
    writeFileSync(file, JSON.stringify(applied));
    const mock = await startMock({ port: 0, specPath: file });
    try {
      const response = await fetch(`${mock.url}/api/persons/0a1b2c3d-0000-4000-8000-000000000000`, { headers: { 'x-api-key': 'any' } });
      expect(response.status).toBe(200);
    } finally {
      await mock.stop();
    }
  });
});

test('the evidence lists at most 5 literal values, and counts them all', async () => {
  const recorded = (path: string, second: number): Recording => ({
    recording: RECORDING_VERSION,
    recordedAt: `2026-11-26T05:00:0${second}.000Z`,
    upstream: 'http://127.0.0.1:1',
    operation: null,
    request: { method: 'GET', path, query: {}, headers: {} },
    response: { status: 200, headers: {} },
  });
  const ids = ['101', '102', '103', '104', '105', '106', '107'];
  const { model } = await readContract();
  const proposed = proposeOverlay(
    ids.map((id, index) => recorded(`/api/orders/${id}/items/${id}`, index)),
    model,
    'recordings',
  );
  const item = (proposed.actions.at(-1)!.update as Record<string, any>)['/api/orders/{orderId}/items/{itemId}'];
  expect(item.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(['orderId', 'itemId']);
  expect(item.parameters[0]['x-observed']).toEqual({ count: 7, distinctValues: 7, examples: ['101', '102', '103', '104', '105'] });
});

test.each([
  ['12345', true],
  ['3f2a9c1e-0b4d-4e8a-9f6b-1c2d3e4f5a6b', true],
  ['5f2b9c0e1d3a4b6c', true],
  ['tok_9XyZ2aBcDeFgHiJk', true],
  ['th_1', true],
  ['persons', false],
  ['v1', false],
  ['deadbeef', false],
  ['me', false],
  ['2026-11-26', false],
])('looksLikeId(%j) is %j', (segment, expected) => {
  expect(looksLikeId(segment)).toBe(expected);
});

test.each([
  ['persons', [], 'personId'],
  ['categories', [], 'categoryId'],
  ['image-sets', [], 'imageSetId'],
  ['address', [], 'addressId'],
  [undefined, [], 'id'],
  ['persons', ['personId'], 'personId2'],
])('parameterName(%j, taken %j) is %j', (parent, taken, expected) => {
  expect(parameterName(parent, new Set(taken))).toBe(expected);
});
