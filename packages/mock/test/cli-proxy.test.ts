// The contract proxy on the command line: violations printed as they happen, a summary at exit, and the exit code.
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { killAllRuns, runCli } from './helpers/cli.js';
import { type FakeUpstream, startFakeUpstream } from './helpers/fake-upstream.js';
import { survivorsOf } from './helpers/processes.js';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(async () => {
  await upstream?.close();
});
afterEach(killAllRuns);

/** A command for after `--`: requests the scenarios through the proxy found in THUMBNAIL_API_BASE_URL. */
function client(...scenarios: string[]): string[] {
  const script = `
    for (const scenario of ${JSON.stringify(scenarios)}) {
      const response = await fetch(process.env.THUMBNAIL_API_BASE_URL + '/api/thumbnails', {
        headers: { 'x-api-key': 'test-key', 'x-fake-scenario': scenario },
      });
      console.log(scenario, response.status, await response.text());
    }`;
  return [process.execPath, '--input-type=module', '-e', script];
}

test('--fail-on-violation: exit code 1 when the upstream broke the contract, with each violation and a summary', async () => {
  const run = runCli(['--port', '0', '--proxy', upstream.url, '--fail-on-violation', '--', ...client('list-ok', 'list-array', 'list-array')]);
  expect(await run.exited).toEqual({ code: 1, signal: null });
  expect(run.stdout()).toContain('list-ok 200 { "items" : [ ] }');
  expect(run.stdout()).toContain('list-array 200 [1, 2, 3]');
  expect(run.stderr()).toBe(
    [
      '✖ GET /api/thumbnails → 200 (listThumbnails)',
      '    violation at response.body: Response body must be object',
      '✖ GET /api/thumbnails → 200 (listThumbnails)',
      '    violation at response.body: Response body must be object',
      `Contract check of ${upstream.url}: 3 request(s), 2 broke the contract, 0 to operations the contract does not describe, 0 not checked.`,
      '  2× ✖ GET /api/thumbnails → 200: violation at response.body: Response body must be object',
      '',
    ].join('\n'),
  );
  expect(await survivorsOf(run.marker)).toEqual([]);
});

test('--fail-on-violation: exit code 0 when all traffic kept to the contract', async () => {
  const run = runCli(['--port', '0', '--proxy', upstream.url, '--fail-on-violation', '--', ...client('list-ok', 'unauthorized-ok')]);
  expect(await run.exited).toEqual({ code: 0, signal: null });
  expect(run.stderr()).toContain(`Contract check of ${upstream.url}: 2 request(s), 0 broke the contract`);
});

test('without --fail-on-violation, violations are reported but do not fail the run', async () => {
  const run = runCli(['--port', '0', '--proxy', upstream.url, '--', ...client('list-array')]);
  expect(await run.exited).toEqual({ code: 0, signal: null });
  expect(run.stderr()).toContain('1 broke the contract');
});

test('run as a server, it prints its URL and upstream, and the summary when stopped with SIGTERM', async () => {
  const run = runCli(['--port', '0', '--proxy', upstream.url, '--fail-on-violation']);
  const url = await run.ready();
  expect(run.stdout()).toBe(`Thumbnail API contract proxy listening on ${url}, forwarding to ${upstream.url}\n`);
  await (await fetch(`${url}/api/thumbnails`, { headers: { 'x-api-key': 'k', 'x-fake-scenario': 'unauthorized-other-shape' } })).text();
  run.child.kill('SIGTERM');
  expect(await run.exited).toEqual({ code: 1, signal: null });
  expect(run.stderr()).toContain(`Contract check of ${upstream.url}: 1 request(s), 1 broke the contract`);
  expect(await survivorsOf(run.marker)).toEqual([]);
});
