// The keys never leave `verify`'s process except in the requests themselves: not on stdout or stderr, not in any
// report file, even from a service that echoes them back, and not when they are wrongly given as arguments.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { scratchDir } from './helpers/scratch-dir.js';
import { runVerify } from './helpers/verify-cli.js';
import { FORBIDDEN_KEY, faithful, KEY, type StandInRequest, startVerifyStandIn, type VerifyStandIn } from './helpers/verify-stand-in.js';

const dir = scratchDir('verify-secrets-');

/** A careless service: every answer repeats the credentials it got, in its body, a header and a cookie. */
function echoing(request: StandInRequest) {
  const sent = `${request.headers['x-api-key'] ?? ''} ${request.headers.authorization ?? ''}`;
  const answer = faithful(request);
  if ('fault' in answer) return answer;
  const body = typeof answer.body === 'object' && answer.body !== null ? { ...answer.body, youSent: sent } : answer.body;
  return { ...answer, body, headers: { 'x-you-sent': sent, 'set-cookie': `session=${sent.trim() || 'none'}` } };
}

let service: VerifyStandIn;
beforeAll(async () => {
  service = await startVerifyStandIn(echoing);
});
afterAll(() => service.close());

test('a sentinel key never shows in stdout, stderr or any report, even echoed back by the service', async () => {
  const files = { json: join(dir, 'report.json'), junit: join(dir, 'report.xml'), summary: join(dir, 'summary.md') };
  const run = await runVerify(['--base-url', service.url, '--max-rps', '50', '--allow-billing', '6', '--json', files.json, '--junit', files.junit], {
    THUMBNAIL_API_FORBIDDEN_KEY: FORBIDDEN_KEY,
    GITHUB_STEP_SUMMARY: files.summary,
  });
  expect(service.received.some((request) => request.key === 'good')).toBe(true);
  const outputs: Record<string, string> = { stdout: run.stdout, stderr: run.stderr };
  for (const [name, file] of Object.entries(files)) outputs[name] = readFileSync(file, 'utf8');
  for (const [name, text] of Object.entries(outputs)) {
    expect(text.length, name).toBeGreaterThan(0);
    for (const secret of [KEY, FORBIDDEN_KEY, 'sentinel']) expect(text.includes(secret), `${name} holds ${secret}`).toBe(false);
  }
  // Removed, not lost: the reader still sees that a key was sent, and how.
  const report = JSON.parse(outputs.json!) as { exchanges: { request: { headers: Record<string, string> }; answer?: { body: string } }[] };
  expect(report.exchanges[0]!.request.headers['x-api-key']).toBe('[redacted]');
  expect(report.exchanges[1]!.request.headers.authorization).toBe('Bearer [redacted]');
  expect(report.exchanges[0]!.answer!.body).toContain('[redacted]');
});

describe('a key given as an argument', () => {
  test.each([
    ['--key=value', ['--key=sentinel-key-7f3a9c1e-never-print-me']],
    ['--api-key value', ['--api-key', KEY]],
    ['--token value', ['--token', KEY]],
    ['--bearer value', ['--bearer', KEY]],
    ['a bare word', [KEY]],
  ])('(%s) is refused with exit code 2, without repeating it, and nothing is sent', async (_, args) => {
    const before = service.received.length;
    const run = await runVerify(['--base-url', service.url, ...args]);
    expect(run.code).toBe(2);
    expect(`${run.stdout}${run.stderr}`).not.toContain('sentinel');
    expect(run.stderr).toMatch(/THUMBNAIL_API_KEY|not shown, in case it is a key/);
    expect(service.received.length).toBe(before);
  });
});
