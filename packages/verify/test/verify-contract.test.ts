// `thumbnail-api-verify` run as users run it, against stand-ins of the service: one that keeps to the contract
// and its assumptions, and one with differences planted on purpose, each of which must be reported in its class.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { VerifyReport } from '../src/findings.js';
import { scratchDir } from './helpers/scratch-dir.js';
import { runVerify } from './helpers/verify-cli.js';
import { FORBIDDEN_KEY, faithful, type StandInAnswer, type StandInRequest, startVerifyStandIn, type VerifyStandIn } from './helpers/verify-stand-in.js';

const dir = scratchDir('verify-contract-');
const readReport = (file: string): VerifyReport => JSON.parse(readFileSync(file, 'utf8')) as VerifyReport;
const fast = ['--max-rps', '50'];

describe('against a service that keeps to the contract', () => {
  let service: VerifyStandIn;
  beforeAll(async () => {
    service = await startVerifyStandIn(faithful);
  });
  afterAll(() => service.close());

  test('by default sends only GETs, finds nothing, and exits with 0', async () => {
    const json = join(dir, 'faithful-read-only.json');
    const run = await runVerify(['--base-url', service.url, ...fast, '--json', json]);
    expect(run.stdout).toContain('PASSED: nothing violated, contradicted or changed');
    expect(run.code).toBe(0);
    const report = readReport(json);
    expect(report.findings.filter((finding) => !finding.class.startsWith('assumption-'))).toEqual([]);
    expect(report.budget).toEqual({ allowed: 0, spent: 0 });
    expect(service.received.map((request) => `${request.method} ${request.key} ${request.scheme ?? ''}`)).toEqual([
      'GET good x-api-key',
      'GET good bearer',
      'GET good both',
      'GET none ',
      'GET other ',
    ]);
    // Every POST is listed, not sent, with the reason and what to pass.
    const posts = report.probes.filter((probe) => probe.method === 'POST' && probe.id !== 'createThumbnail.oversized-body');
    const why = 'Not sent: POSTs may bill, so verify sends none without a budget; pass --allow-billing <n> to allow n of them.';
    expect(posts.map((probe) => probe.skipped)).toEqual(posts.map(() => why));
    expect(run.survivors).toEqual([]);
  });

  test('with a budget for every POST, confirms every assumption an answer can show', async () => {
    const json = join(dir, 'faithful-all.json');
    const posts = service.posts();
    const run = await runVerify(['--base-url', service.url, ...fast, '--allow-billing', '10', '--json', json], { THUMBNAIL_API_FORBIDDEN_KEY: FORBIDDEN_KEY });
    expect(run.code).toBe(0);
    const report = readReport(json);
    expect(service.posts() - posts).toBe(6);
    expect(report.budget).toEqual({ allowed: 10, spent: 6 });
    const byClass = (name: string) => report.findings.filter((finding) => finding.class === name).map((finding) => finding.check);
    expect(byClass('assumption-confirmed').sort()).toEqual([
      'create-rejects-bad-body',
      'create-success-status',
      'error-body',
      'list-success-status',
      'prompt-required',
    ]);
    expect(byClass('assumption-untested').sort()).toEqual(['contract-version', 'error-text-illustrative']);
    // What the contract leaves open is said (for propose), and fails nothing: the statuses of refused bodies.
    expect(byClass('not-shown')).toEqual(['undocumented_status', 'undocumented_status', 'undocumented_status']);
    for (const name of ['contract-violation', 'assumption-contradicted', 'observed-drift', 'not-checked']) expect(byClass(name)).toEqual([]);
  });
});

const error = (status: number, text: string): StandInAnswer => ({ status, body: { success: false, error: text } });

/** The service with differences planted: each answer below differs from the contract, its assumptions or the overlay. */
function broken(request: StandInRequest): StandInAnswer {
  if (request.method === 'GET') {
    if (request.key === 'none') return error(403, 'Forbidden');
    if (request.key === 'other') return { status: 401, body: { success: false, message: 'Unauthorized' } };
    if (request.key === 'forbidden') return error(401, 'Unauthorized');
    if (request.scheme === 'bearer') return error(401, 'Unauthorized');
    if (request.scheme === 'both') return { status: 200, body: ['not', 'an', 'object'] };
    return { status: 200, body: { data: [], total: 0 }, headers: { 'x-ratelimit-remaining': '99' } };
  }
  if (request.key === 'none') return { status: 401, text: 'Unauthorized', headers: { 'content-type': 'text/plain' } };
  if (request.headers['content-type']?.startsWith('text/plain')) return { fault: 'hang' };
  if (request.json === undefined) return { status: 400, text: '<h1>Bad request</h1>', headers: { 'content-type': 'text/html' } };
  const prompt = (request.json as { prompt?: unknown }).prompt;
  if (prompt === undefined) return { status: 200, body: {} };
  if (typeof prompt !== 'string') return error(500, 'Internal Server Error');
  if (prompt === 'second') return { status: 200, text: '{"id": ', headers: { 'content-type': 'application/json' } };
  return { status: 201, body: { id: 'thumb_1' } };
}

/** An overlay as `propose` writes it: what recordings of the service showed before. */
const overlay = {
  overlay: '1.0.0',
  info: { title: 'Observed in 3 recording(s) of recordings, not documented by the service', version: '0.0.0' },
  actions: [
    {
      target: "$.paths['/api/thumbnails'].get",
      description: 'Observed requests and answers of a documented operation.',
      update: {
        'x-observed': {
          responses: {
            '200': {
              count: 3,
              firstSeen: '2026-11-01T00:00:00.000Z',
              lastSeen: '2026-11-02T00:00:00.000Z',
              upstreams: ['https://api.example.com'],
              contentType: 'application/json; charset=utf-8',
              schema: { type: 'object', properties: { items: { type: 'array', description: 'Seen in 3 of 3.' } }, required: ['items'] },
              headers: { 'x-request-id': { seenIn: '3 of 3' }, 'x-trace': { seenIn: '1 of 3' } },
            },
          },
        },
      },
    },
    {
      target: "$.paths['/api/thumbnails'].post",
      description: 'Observed requests and answers of a documented operation.',
      update: {
        'x-observed': {
          responses: {
            '200': {
              count: 2,
              firstSeen: '2026-11-01T00:00:00.000Z',
              lastSeen: '2026-11-02T00:00:00.000Z',
              upstreams: ['https://api.example.com'],
              contentType: 'application/json',
              schema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
            },
          },
        },
      },
    },
  ],
};

describe('against a service with differences planted', () => {
  let service: VerifyStandIn;
  let report: VerifyReport;
  let run: Awaited<ReturnType<typeof runVerify>>;
  let junit: string;
  beforeAll(async () => {
    service = await startVerifyStandIn(broken);
    const observed = join(dir, 'observed.overlay.json');
    writeFileSync(observed, JSON.stringify(overlay));
    const json = join(dir, 'broken.json');
    junit = join(dir, 'broken.xml');
    const args = ['--base-url', service.url, ...fast, '--request-timeout', '1', '--allow-billing', '7', '--prompt', 'first', '--prompt', 'second'];
    run = await runVerify([...args, '--observed', observed, '--json', json, '--junit', junit], { THUMBNAIL_API_FORBIDDEN_KEY: FORBIDDEN_KEY });
    report = readReport(json);
  });
  afterAll(() => service.close());

  test.each([
    ['a 403 where 401 is documented (no key)', 'listThumbnails.no-key', 'contract-violation', 'auth_status_conformance'],
    ['a body field renamed (error → message)', 'listThumbnails.invalid-key', 'contract-violation', 'response_schema_conformance'],
    ['Bearer refused', 'listThumbnails.valid-request.bearer', 'contract-violation', 'auth_scheme_refused'],
    ['a list that is no JSON object', 'listThumbnails.both-schemes', 'contract-violation', 'response_schema_conformance'],
    ['a 401 where 403 is documented (a key without access)', 'listThumbnails.forbidden-key', 'contract-violation', 'auth_status_conformance'],
    ['a success body that is not JSON', 'createThumbnail.valid-request.2', 'contract-violation', 'response_schema_conformance'],
    ['a content type changed (401 as text/plain)', 'createThumbnail.no-key', 'contract-violation', 'content_type_conformance'],
    ['a changed success status (201)', 'createThumbnail.valid-request.1', 'assumption-contradicted', 'create-success-status'],
    ['a body without prompt accepted', 'createThumbnail.missing-required-field.prompt', 'assumption-contradicted', 'prompt-required'],
    ['a 500 for a bad body', 'createThumbnail.wrong-type-field.prompt', 'assumption-contradicted', 'create-rejects-bad-body'],
    ['an error as HTML', 'createThumbnail.malformed-json', 'assumption-contradicted', 'error-body'],
    ['a header seen in every answer before, missing', 'listThumbnails.valid-request.x-api-key', 'observed-drift', 'header_missing'],
    ['a body field seen in every answer before, missing', 'listThumbnails.valid-request.x-api-key', 'observed-drift', 'body_changed'],
    ['a success status unlike every one seen before', 'createThumbnail.valid-request.1', 'observed-drift', 'status_changed'],
    ['a slow answer (past --request-timeout)', 'createThumbnail.unsupported-media-type', 'not-checked', 'timeout'],
    ['an undocumented header', 'listThumbnails.valid-request.x-api-key', 'not-shown', 'undocumented_header'],
    ['undocumented body fields', 'listThumbnails.valid-request.x-api-key', 'not-shown', 'undocumented_field'],
    ['an undocumented status (500)', 'createThumbnail.wrong-type-field.prompt', 'not-shown', 'undocumented_status'],
  ])('reports %s as %s (%s %s)', (_, probeId, findingClass, check) => {
    const probe = report.probes.find((candidate) => candidate.id === probeId)!;
    const found = report.findings.filter((finding) => finding.class === findingClass && finding.check === check);
    expect(found.some((finding) => finding.evidence.some((index) => probe.exchanges.includes(index)))).toBe(true);
  });

  test('fails the run (exit code 1), saying so first, and shows each exchange as evidence', () => {
    expect(run.stdout.split('\n')[1]).toMatch(
      /^FAILED: \d+ problems \(\d+ symptoms\): \d+ contract violations, 4 assumptions contradicted, \d+ drifts from --observed; 1 not checked \(1 request\)$/,
    );
    expect(run.code).toBe(1);
    for (const finding of report.findings.filter((candidate) => candidate.class !== 'assumption-untested')) {
      expect(finding.evidence.length, finding.message).toBeGreaterThan(0);
    }
    const renamed = report.exchanges[report.probes.find((probe) => probe.id === 'listThumbnails.invalid-key')!.exchanges[0]!]!;
    expect(renamed.answer?.body).toBe('{"success":false,"message":"Unauthorized"}');
  });

  test('writes JUnit with one test case per finding (failed, or errored without an answer) and per request (passed or skipped)', () => {
    const xml = readFileSync(junit, 'utf8');
    const cases = [...xml.matchAll(/<testcase classname="([^"]+)" name="([^"]+)">(<failure|<error|<skipped|<system-out)/g)].map(
      ([, classname, name, outcome]) => `${classname} | ${name} | ${outcome!.slice(1)}`,
    );
    const notShown = report.findings.filter((finding) => finding.class === 'not-shown');
    expect(cases).toHaveLength(report.findings.length - notShown.length + report.probes.length);
    const refused = 'GET /api/thumbnails (the key as Authorization: Bearer) → 401: the key was refused as Authorization: Bearer, a way the contract documents.';
    expect(cases).toContain(`verify.listThumbnails | auth_scheme_refused: ${refused} | failure`);
    expect(cases).toContain('verify.listThumbnails | GET /api/thumbnails the key as Authorization: Bearer | system-out');
    expect(cases).toContainEqual(
      expect.stringMatching(/^verify\.createThumbnail \| timeout: POST \/api\/thumbnails: No whole answer within 1000 ms\..* \| error$/),
    );
    expect(cases).toContain('verify.createThumbnail | POST /api/thumbnails a body over the size limit | skipped');
    expect(cases).toContain('verify.assumptions | prompt-required (/components/schemas/CreateThumbnailRequest) | failure');
    expect(cases).toContain('verify.assumptions | list-success-status (/paths/~1api~1thumbnails/get) | system-out');
    expect(cases).toContain('verify.assumptions | contract-version (/info) | skipped');
    // The failures count causes: one per finding of a failing class, whatever its symptoms.
    const failing = report.findings.filter((finding) => ['contract-violation', 'assumption-contradicted', 'observed-drift'].includes(finding.class));
    expect(xml).toContain(`failures="${failing.length}" errors="1" skipped="3"`);
  });

  test('sends no more POSTs than allowed, and the report counts exactly those the service received', () => {
    expect(service.posts()).toBe(7);
    expect(report.budget).toEqual({ allowed: 7, spent: 7 });
    expect(report.exchanges.filter((exchange) => exchange.billed)).toHaveLength(7);
  });

  test('a finding on a status the contract covers only by default is the contradicted assumption, not a violation too', () => {
    const created = report.probes.find((probe) => probe.id === 'createThumbnail.valid-request.1')!.exchanges[0]!;
    expect(report.findings.filter((finding) => finding.class === 'contract-violation' && finding.evidence.includes(created))).toEqual([]);
  });
});
