// How `thumbnail-api-verify` is called: its help, every bad usage refused with exit code 2 before anything is sent, a plan shown
// without sending (--dry-run), and the Retry-After it reads.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { retryAfterMs } from '../src/rate-limit.js';
import { scratchDir } from './helpers/scratch-dir.js';
import { runVerify } from './helpers/verify-cli.js';
import { FORBIDDEN_KEY, faithful, KEY, startVerifyStandIn, type VerifyStandIn } from './helpers/verify-stand-in.js';

const dir = scratchDir('verify-usage-');
let service: VerifyStandIn;
beforeAll(async () => {
  service = await startVerifyStandIn(faithful);
});
afterAll(() => service.close());

test('--help prints the usage (exit code 0)', async () => {
  const help = await runVerify(['--help'], { THUMBNAIL_API_KEY: '' });
  expect(help.stdout).toMatch(/^Usage: thumbnail-api-verify --base-url <url> \[options\]/);
  expect(help.stdout).toContain('--allow-billing <n>');
  expect(help.stdout).toContain('THUMBNAIL_API_KEY');
  expect(help.code).toBe(0);
});

describe('bad usage', () => {
  /** Stands for the stand-in's URL, which is known only once it listens. */
  const BASE = '<stand-in>';
  const base = ['--base-url', BASE];
  const overlayFile = join(dir, 'not-an-overlay.json');
  writeFileSync(overlayFile, '{"openapi": "3.1.0"}');
  test.each([
    ['no --base-url', [], {}, /--base-url is required/],
    ['a base URL that is no URL', ['--base-url', 'api.example.com'], {}, /--base-url "api.example.com" is not a URL/],
    ['a base URL with credentials', ['--base-url', 'https://user:pass@api.example.com'], {}, /must carry no user name or password/],
    ['a base URL with a query', ['--base-url', 'https://api.example.com?key=1'], {}, /takes no query or fragment/],
    [
      'plain http to another machine',
      ['--base-url', 'http://api.example.com'],
      {},
      /plain http: the key would travel unencrypted\. Use https, or add --allow-http/,
    ],
    ['a budget that is no whole number', [...base, '--allow-billing', '1.5'], {}, /--allow-billing takes a whole number of 0 or more/],
    ['a rate of 0', [...base, '--max-rps', '0'], {}, /--max-rps takes a number above 0 and at most 50/],
    [
      'an unknown POST probe',
      [...base, '--post-probes', 'valid-request,delete-everything'],
      {},
      /--post-probes takes valid-request, .*; not delete-everything/,
    ],
    ['an empty prompt', [...base, '--prompt', ' '], {}, /--prompt needs a text/],
    ['an overlay file that is missing', [...base, '--observed', join(dir, 'missing.yaml')], {}, /--observed .*missing\.yaml: no such file/],
    [
      'an overlay that is no overlay',
      [...base, '--observed', overlayFile],
      {},
      /is not an OpenAPI Overlay .*give the file `npx @thumbnail-api\/mock propose <dir>` printed/,
    ],
    ['a report in a folder that does not exist', [...base, '--json', join(dir, 'nowhere', 'report.json')], {}, /--json .*: the folder .* does not exist/],
    ['an unknown option', [...base, '--fast'], {}, /Unknown option --fast\./],
    ['no THUMBNAIL_API_KEY', [...base], { THUMBNAIL_API_KEY: '' }, /Set THUMBNAIL_API_KEY to the API key verify should use/],
    ['a key with a line break', [...base], { THUMBNAIL_API_KEY: `${KEY}\n` }, /THUMBNAIL_API_KEY holds characters an HTTP header cannot carry/],
    ['the same key twice', [...base], { THUMBNAIL_API_FORBIDDEN_KEY: KEY }, /THUMBNAIL_API_FORBIDDEN_KEY is THUMBNAIL_API_KEY/],
  ])('%s: exit code 2, a message saying what to do, nothing sent', async (_, args, env, message) => {
    const before = service.received.length;
    const run = await runVerify(
      args.map((arg) => (arg === BASE ? service.url : arg)),
      env,
    );
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toContain('Run npx @thumbnail-api/verify --help for the options.');
    expect(run.code).toBe(2);
    expect(service.received.length).toBe(before);
  });
});

test('--dry-run prints every request it would send and why, sends none, and needs no key', async () => {
  const before = service.received.length;
  const run = await runVerify(['--base-url', service.url, '--dry-run', '--allow-billing', '1'], {
    THUMBNAIL_API_KEY: '',
    THUMBNAIL_API_FORBIDDEN_KEY: FORBIDDEN_KEY,
  });
  expect(run.stdout).toContain('(nothing was sent)');
  expect(run.stdout).toMatch(/POST \/api\/thumbnails {2}prompt "A plain light grey test card with the word TEST in the middle" \[POST 1 of 1\]/);
  expect(run.stdout).toMatch(/POST \/api\/thumbnails {2}a body without prompt \[not sent: over the POST budget \(--allow-billing 1\)\]/);
  expect(run.stdout).toContain('Tests the assumption prompt-required.');
  expect(run.code).toBe(0);
  expect(service.received.length).toBe(before);
});

test.each([
  ['delay-seconds', '120', 120_000],
  ['zero', '0', 0],
  ['an HTTP date 30 s ahead', new Date(Date.UTC(2026, 0, 1, 0, 0, 30)).toUTCString(), 30_000],
  ['an HTTP date already past', new Date(Date.UTC(2025, 0, 1)).toUTCString(), 0],
  ['a number with a fraction', '1.5', undefined],
  ['a word', 'soon', undefined],
  ['nothing', undefined, undefined],
])('Retry-After as %s is read as %s ms', (_, value, ms) => {
  expect(retryAfterMs(value, Date.UTC(2026, 0, 1))).toBe(ms);
});
