// One finding per cause: a drift seen through every way of sending the key, and the schema errors that follow from a
// changed media type, are one problem with its symptoms under it, in every report (stdout, JSON, JUnit, Markdown).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Observed, VerifyReport } from '../src/findings.js';
import { groupByCause } from '../src/group-by-cause.js';
import { scratchDir } from './helpers/scratch-dir.js';
import { runVerify } from './helpers/verify-cli.js';
import { faithful, type StandInRequest, startVerifyStandIn, type VerifyStandIn } from './helpers/verify-stand-in.js';

describe('a service with two planted drifts (the list as text/plain, a 403 for no key)', () => {
  const dir = scratchDir('verify-causes-');
  let service: VerifyStandIn;
  let run: Awaited<ReturnType<typeof runVerify>>;
  let report: VerifyReport;
  beforeAll(async () => {
    service = await startVerifyStandIn((request: StandInRequest) => {
      if (request.method === 'GET' && request.key === 'good') return { status: 200, text: '{}', headers: { 'content-type': 'text/plain' } };
      if (request.key === 'none') return { status: 403, body: { success: false, error: 'Forbidden' } };
      return faithful(request);
    });
    const args = ['--base-url', service.url, '--max-rps', '50', '--json', join(dir, 'report.json'), '--junit', join(dir, 'report.xml')];
    run = await runVerify(args, { GITHUB_STEP_SUMMARY: join(dir, 'summary.md') });
    report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as VerifyReport;
  });
  afterAll(() => service.close());

  test('reads as 2 problems with 7 symptoms, and fails the run', () => {
    expect(run.stdout.split('\n')[1]).toBe('FAILED: 2 problems (7 symptoms): 2 contract violations');
    expect(run.code).toBe(1);
    expect(report.counts['contract-violation']).toEqual({ findings: 2, symptoms: 7 });
  });

  test('the JSON holds one finding per drift, each symptom under it with its exchange', () => {
    const failing = report.findings.filter((finding) => finding.class === 'contract-violation');
    expect(
      failing.map((finding) => ({
        check: finding.check,
        message: finding.message,
        symptoms: finding.symptoms.map((symptom) => `${symptom.derived ? 'follows: ' : ''}${symptom.check} ${symptom.request}`),
      })),
    ).toEqual([
      {
        check: 'content_type_conformance',
        message: expect.stringMatching(/^GET \/api\/thumbnails → 200: The received media type "text\/plain" does not match/),
        symptoms: [
          'content_type_conformance GET /api/thumbnails (the key in x-api-key) → 200',
          'content_type_conformance GET /api/thumbnails (the key as Authorization: Bearer) → 200',
          'content_type_conformance GET /api/thumbnails (the key in both headers) → 200',
          'follows: response_schema_conformance GET /api/thumbnails (the key in x-api-key) → 200',
          'follows: response_schema_conformance GET /api/thumbnails (the key as Authorization: Bearer) → 200',
          'follows: response_schema_conformance GET /api/thumbnails (the key in both headers) → 200',
        ],
      },
      {
        check: 'auth_status_conformance',
        message: 'GET /api/thumbnails (no key) → 403: the contract documents 401 for no key.',
        symptoms: [expect.any(String)],
      },
    ]);
    expect(failing[0]!.evidence).toEqual([0, 1, 2]);
  });

  test('stdout shows the cause once, with each request that showed it under it', () => {
    const lines = run.stdout.split('\n');
    const cause = lines.findIndex((line) => line.startsWith('  ✖ content_type_conformance: GET /api/thumbnails → 200:'));
    expect(lines.slice(cause + 1, cause + 4)).toEqual([
      '      · GET /api/thumbnails (the key in x-api-key) → 200 [#0]',
      '      · GET /api/thumbnails (the key as Authorization: Bearer) → 200 [#1]',
      '      · GET /api/thumbnails (the key in both headers) → 200 [#2]',
    ]);
    expect(lines[cause + 4]).toMatch(/^ {6}· follows from it: response_schema_conformance: GET \/api\/thumbnails \(the key in x-api-key\) → 200: /);
    expect(lines.filter((line) => line.startsWith('  ✖ '))).toHaveLength(2);
  });

  test('JUnit fails one test case per problem, and the step summary counts problems and symptoms', () => {
    const xml = readFileSync(join(dir, 'report.xml'), 'utf8');
    expect(xml).toContain('failures="2" errors="0"');
    expect(xml.match(/<failure /g)).toHaveLength(2);
    const markdown = readFileSync(join(dir, 'summary.md'), 'utf8');
    expect(markdown).toContain('**FAILED: 2 problems (7 symptoms): 2 contract violations**');
    expect(markdown).toContain('| contract-violation | 2 | 7 |');
  });
});

describe('groupByCause', () => {
  /** What one answer showed: `cause` and the request it came from, on exchange `exchange`. */
  const seen = (check: string, cause: string, request: string, exchange: number, cls: Observed['class'] = 'contract-violation'): Observed => ({
    class: cls,
    check,
    operation: 'listThumbnails',
    cause: `GET /api/thumbnails → 200: ${cause}`,
    message: `${request} → 200: ${cause}`,
    request: `${request} → 200`,
    evidence: [exchange],
  });
  const shape = (observed: Observed[]) =>
    groupByCause(observed).map((finding) => [finding.check, finding.symptoms.map((symptom) => `${symptom.derived ? '+' : ''}${symptom.evidence.join(',')}`)]);

  test.each([
    [
      'the same cause seen by three requests is one finding',
      [seen('a', 'x', 'GET one', 0), seen('a', 'x', 'GET two', 1), seen('a', 'x', 'GET three', 2)],
      [['a', ['0', '1', '2']]],
    ],
    [
      'two causes stay two findings',
      [seen('a', 'x', 'GET one', 0), seen('a', 'y', 'GET one', 1)],
      [
        ['a', ['0']],
        ['a', ['1']],
      ],
    ],
    [
      'a schema error on an answer whose media type broke the contract follows from it, even when seen first',
      [seen('response_schema_conformance', 'body', 'GET one', 0), seen('content_type_conformance', 'type', 'GET one', 0)],
      [['content_type_conformance', ['0', '+0']]],
    ],
    [
      'a schema error on another answer is a finding of its own',
      [seen('content_type_conformance', 'type', 'GET one', 0), seen('response_schema_conformance', 'body', 'GET two', 1)],
      [
        ['content_type_conformance', ['0']],
        ['response_schema_conformance', ['1']],
      ],
    ],
    [
      'a schema error is not derived from a finding of another class',
      [seen('content_type_changed', 'type', 'GET one', 0, 'observed-drift'), seen('response_schema_conformance', 'body', 'GET one', 0)],
      [
        ['content_type_changed', ['0']],
        ['response_schema_conformance', ['0']],
      ],
    ],
    [
      'the same request seen twice (sent again after Retry-After) is one symptom with both exchanges',
      [seen('a', 'x', 'GET one', 0), seen('a', 'x', 'GET one', 1)],
      [['a', ['0,1']]],
    ],
  ])('%s', (_, observed, expected) => {
    expect(shape(observed)).toEqual(expected);
  });
});
