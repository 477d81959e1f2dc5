// The wrapper's account of a run: when the command fails, the near misses (which rule nearly answered, and why); the
// coverage of the contract as JSON at exit (--coverage-report); with --require-coverage, each required outcome the
// command's requests never exercised, and exit code 1; identical POSTs within a second named.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { killAllRuns, runCli } from './helpers/cli.js';
import { scratchDir } from './helpers/scratch-dir.js';

afterEach(killAllRuns);
const dir = scratchDir('mock-cli-coverage-');

/** A command run under the wrapper: Node running `body`, with `api(method, path, body?, headers?)` at hand. */
function command(body: string): string[] {
  const prelude = `
    const base = process.env.THUMBNAIL_API_BASE_URL;
    const api = (method, path, json, headers = {}) => fetch(base + path, {
      method,
      headers: { 'x-api-key': 'sk_cli_coverage_key', 'content-type': 'application/json', ...headers },
      body: json === undefined ? undefined : JSON.stringify(json),
    });`;
  return ['--', process.execPath, '-e', `(async () => { ${prelude} ${body} })()`];
}

test('a failed command is followed by its near misses (the nearest rule and where the request differed) and its unused rules', async () => {
  const run = runCli([
    '--port',
    '0',
    ...command(`
      await api('POST', '/__mock/rules', { operationId: 'createThumbnail', body: { prompt: 'a cat' }, answer: { status: 429 } });
      await api('POST', '/api/thumbnails', { prompt: 'a dog' });
      process.exit(3);`),
  ]);
  expect(await run.exited).toEqual({ code: 3, signal: null });
  expect(run.stderr()).toContain('1 request(s) the rules of their operation did not answer (near misses, newest first):');
  expect(run.stderr()).toContain('POST /api/thumbnails (…_key) got 200; nearest rule rule-1: body.prompt: expected "a cat", got "a dog"');
  expect(run.stderr()).toContain(
    '1 rule(s) in force never matched a request:\n  rule-1 {"operationId":"createThumbnail","body":{"prompt":"a cat"},"answer":{"status":429}}',
  );
});

test('a command that succeeds prints no near misses, though there were some', async () => {
  const run = runCli([
    '--port',
    '0',
    ...command(`
      await api('POST', '/__mock/rules', { operationId: 'createThumbnail', body: { prompt: 'a cat' }, answer: { status: 429 } });
      await api('POST', '/api/thumbnails', { prompt: 'a dog' });`),
  ]);
  expect(await run.exited).toEqual({ code: 0, signal: null });
  expect(run.stderr()).not.toContain('near misses');
});

test('--coverage-report writes what the requests exercised; --require-coverage all names each outcome never seen, exit code 1', async () => {
  const file = join(dir, 'coverage.json');
  const run = runCli([
    '--port',
    '0',
    '--coverage-report',
    file,
    '--require-coverage',
    'all',
    ...command(`
      await api('GET', '/api/thumbnails');
      await api('GET', '/api/thumbnails', undefined, { 'x-api-key': '', authorization: 'Bearer sk_cli_coverage_key', prefer: 'code=403' });`),
  ]);
  expect(await run.exited).toEqual({ code: 1, signal: null });
  expect(run.stderr()).toContain('thumbnail-api-mock: createThumbnail → 403 with x-api-key was never seen');
  expect(run.stderr()).toContain('thumbnail-api-mock: listThumbnails → 401 without a key was never seen');
  expect(run.stderr()).not.toContain('listThumbnails → 200 was never seen');
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const list = report.operations.find((operation: { operationId: string }) => operation.operationId === 'listThumbnails');
  expect(list.outcomes).toEqual(
    expect.arrayContaining([
      { outcome: '200', documented: true, requests: 1 },
      { outcome: '403 with Authorization: Bearer', documented: true, requests: 1 },
      { outcome: '403 with x-api-key', documented: true, requests: 0 },
    ]),
  );
  expect(report.notSeen).toContain('createThumbnail → 200');
});

test.each([
  ['listThumbnails:200', 0, undefined],
  ['listThumbnails:403', 1, 'thumbnail-api-mock: listThumbnails → 403 was never seen'],
  ['createThumbnail', 1, 'thumbnail-api-mock: createThumbnail → 422 (body breaks the schema) was never seen'],
])('--require-coverage %s: exit code %i', async (required, code, line) => {
  const run = runCli(['--port', '0', '--require-coverage', required, ...command(`await api('GET', '/api/thumbnails');`)]);
  expect(await run.exited).toEqual({ code, signal: null });
  if (line !== undefined) expect(run.stderr()).toContain(line);
});

test('two identical POSTs with one key within a second are named: each is a billed generation on the service', async () => {
  const run = runCli(['--port', '0', ...command(`for (let i = 0; i < 2; i++) await api('POST', '/api/thumbnails', { prompt: 'a fox' });`)]);
  expect(await run.exited).toEqual({ code: 0, signal: null });
  expect(run.stderr()).toContain(
    'thumbnail-api-mock: createThumbnail: 1 request(s) repeated the one before within a second, with the same key (…_key) and body; on the real service each is a separate (billed) call.',
  );
});

test.each([
  [
    ['--port', '0', '--require-coverage', 'createThumbnails', '--', process.execPath, '-e', ''],
    1,
    '--require-coverage names createThumbnails, which the contract does not have',
  ],
  [['--port', '0', '--require-coverage', 'all'], 2, '--require-coverage only applies with -- <command>'],
  [['--proxy', 'http://127.0.0.1:1', '--coverage-report', 'c.json'], 2, '--coverage-report does not apply with --proxy'],
])('%j exits with code %i and says why', async (args, code, message) => {
  const run = runCli(args);
  expect(await run.exited).toEqual({ code, signal: null });
  expect(run.stderr()).toContain(message);
});

test('--help lists the options and routes of near misses, coverage and the refusals', async () => {
  const help = runCli(['--help']);
  expect(await help.exited).toEqual({ code: 0, signal: null });
  for (const line of [
    '--coverage-report <file>',
    '--require-coverage <all|client|operation[:outcome],...>',
    'client: what a well-behaved client can meet',
    'npx @thumbnail-api/mock coverage <dir> [--require-coverage <...>]',
    'the command also gets THUMBNAIL_API_MOCK_COVERAGE_DIR,',
    '--allowed-host <name>',
    'GET    /__mock/near-misses',
    'GET    /__mock/coverage',
    'must be Content-Type: application/json',
  ]) {
    expect(help.stdout()).toContain(line);
  }
});
