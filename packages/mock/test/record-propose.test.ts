// propose: recordings of a stand-in service (through the contract proxy and the real client) become an OpenAPI
// Overlay 1.0 document; applied with openapi-format to the bundled contract, the result still validates and loads.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ThumbnailClient } from '@thumbnail-api/client';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startContractProxy, startMock } from '../src/index.js';
import { killAllRuns, runCli } from './helpers/cli.js';
import { proposeFrom, redoclyErrors } from './helpers/overlay.js';
import { breakHeader, startRecordUpstream } from './helpers/record-upstream.js';

let dir: string;
let applied: Record<string, any>;
let overlayText: string;
let overlay: { overlay: string; actions: { target: string; update: any }[] };
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'record-propose-'));
  const upstream = await startRecordUpstream();
  const proxy = await startContractProxy({ upstream: upstream.url, port: 0, record: dir, redact: ['/prompt'] });
  const client = new ThumbnailClient({ apiKey: 'sk-propose-sentinel', baseUrl: proxy.url, maxRetries: 0 });
  await client.thumbnails.create({ prompt: 'A red fox at dawn' });
  await client.thumbnails.create({ prompt: 'A blue whale' });
  await client.thumbnails.list();
  for (const [path, extra] of [
    ['/api/persons', {}],
    ['/api/templates', {}],
    ['/api/thumbnails', { [breakHeader]: 'status' }],
  ] as const) {
    await (await fetch(proxy.url + path, { headers: { 'x-api-key': 'sk-propose-sentinel', ...extra } })).arrayBuffer();
  }
  await proxy.stop();
  await upstream.close();
  let stderr: string;
  ({ text: overlayText, overlay, stderr, applied } = await proposeFrom(dir));
  expect(stderr).toContain('6 recording(s), 4 action(s). Review before applying');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(killAllRuns);

describe('the overlay', () => {
  test('is an Overlay 1.0 document of ordered actions with a JSONPath target and an update', () => {
    expect(overlay.overlay).toBe('1.0.0');
    expect(overlay.actions.map((action) => action.target)).toEqual([
      "$.paths['/api/thumbnails'].get",
      "$.paths['/api/thumbnails'].post",
      "$.paths['/api/thumbnails'].get.responses",
      '$.paths',
    ]);
  });

  test('infers the body schema of a documented status, a field required only when seen in all answers', () => {
    const [, create] = overlay.actions;
    const observed = create!.update['x-observed'].responses['200'];
    expect(observed).toMatchObject({ count: 2, upstreams: [expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/)], contentType: 'application/json' });
    expect(Date.parse(observed.firstSeen)).toBeLessThanOrEqual(Date.parse(observed.lastSeen));
    expect(observed.schema).toEqual({
      type: 'object',
      properties: {
        createdAt: { type: 'string', description: 'Seen in 2 of 2.' },
        debug: { type: 'string', description: 'Seen in 2 of 2.' },
        id: { type: 'string', description: 'Seen in 2 of 2.' },
        prompt: { type: 'string', description: 'Seen in 2 of 2.' },
        status: { type: 'string', description: 'Seen in 2 of 2.' },
      },
      required: ['createdAt', 'debug', 'id', 'prompt', 'status'],
    });
    // The stand-in echoes the key in x-echo-key: recorded by name, its value redacted.
    expect(observed.headers).toEqual({
      'x-echo-key': { seenIn: '2 of 2' },
      'x-ratelimit-remaining': { seenIn: '2 of 2' },
      'x-request-id': { seenIn: '2 of 2' },
    });
  });

  test('adds the schema of the request bodies the client sent, a redacted field still typed', () => {
    const [, create] = overlay.actions;
    expect(create!.update['x-observed'].requestBody).toMatchObject({
      count: 2,
      seenIn: '2 of 2',
      contentType: 'application/json',
      schema: { type: 'object', properties: { prompt: { type: 'string', description: 'Seen in 2 of 2.' } }, required: ['prompt'] },
    });
    expect(overlay.actions[0]!.update.parameters).toBeUndefined();
  });

  test('proposes an undocumented status as a response marked x-observed, with its headers', () => {
    const statuses = overlay.actions[2]!.update;
    expect(Object.keys(statuses)).toEqual(['429']);
    expect(statuses['429']).toMatchObject({
      description: 'Observed 1 time(s), not documented by the service (this status is not in the contract).',
      'x-observed': { count: 1 },
      headers: { 'retry-after': { schema: { type: 'string' }, 'x-observed': { seenIn: '1 of 1' } } },
      content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } } },
    });
  });

  test('proposes the paths the contract does not describe, each marked x-observed', () => {
    const paths = overlay.actions[3]!.update;
    expect(Object.keys(paths)).toEqual(['/api/persons', '/api/templates']);
    expect(paths['/api/persons']).toMatchObject({
      'x-observed': true,
      get: { 'x-observed': { count: 1 }, responses: { '200': { 'x-observed': { count: 1 } } } },
    });
    expect(paths['/api/templates'].get.responses['200'].content['application/json'].schema.properties.templates.items.properties.premium).toEqual({
      type: 'boolean',
      description: 'Seen in 1 of 1.',
    });
  });

  test('holds neither the key nor a redacted field', () => {
    expect(overlayText).not.toContain('sk-propose-sentinel');
    expect(overlayText).not.toContain('A red fox at dawn');
  });
});

describe('applied to the bundled contract with openapi-format', () => {
  test('gives a document that still validates (Redocly, the OpenAPI structure rules)', async () => {
    expect(await redoclyErrors(applied, { struct: 'error' }, join(dir, 'applied.json'))).toEqual([]);
    expect(applied.paths['/api/persons'].get.responses['200']['x-observed'].count).toBe(1);
    // The proposed status, as the overlay proposes it, beside the documented ones.
    expect(applied.paths['/api/thumbnails'].get.responses['429']).toEqual(overlay.actions[2]!.update['429']);
    expect(Object.keys(applied.paths['/api/thumbnails'].get.responses)).toContain('200');
  });

  test('the mock serves the result: the proposed path answers instead of the 404', async () => {
    const file = join(dir, 'applied.json.out');
    writeFileSync(file, JSON.stringify(applied));
    const mock = await startMock({ port: 0, specPath: file });
    try {
      const response = await fetch(`${mock.url}/api/persons`, { headers: { 'x-api-key': 'any' } });
      expect(response.status).toBe(200);
    } finally {
      await mock.stop();
    }
  });
});

test('propose refuses a folder that holds something other than recordings, naming the file', async () => {
  const other = mkdtempSync(join(tmpdir(), 'record-propose-bad-'));
  try {
    writeFileSync(join(other, 'x.json'), '[]');
    const run = runCli(['propose', other]);
    expect(await run.exited).toEqual({ code: 1, signal: null });
    expect(run.stderr()).toContain(`x.json in ${other} is not a recording: it is not a JSON object.`);
    const usage = runCli(['propose']);
    expect(await usage.exited).toEqual({ code: 2, signal: null });
    expect(usage.stderr()).toContain('propose takes one folder of recordings.');
  } finally {
    rmSync(other, { recursive: true, force: true });
  }
});
