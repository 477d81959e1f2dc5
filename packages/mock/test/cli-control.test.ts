// The control surface from the command line, as a test suite in any language drives it: --rules, --journal-size,
// --no-control, and curl-like requests to /__mock.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openapiJsonPath } from '@thumbnail-api/spec';
import { afterEach, expect, test } from 'vitest';
import { killAllRuns, runCli } from './helpers/cli.js';
import { survivorsOf } from './helpers/processes.js';
import { scratchDir } from './helpers/scratch-dir.js';

afterEach(async () => {
  await killAllRuns();
});

const dir = scratchDir('mock-cli-control-');
const key = { 'x-api-key': 'cli-control-key' };

test('--rules preloads rules; the journal and the rules answer over HTTP; the help documents it', async () => {
  const rules = join(dir, 'rules.json');
  writeFileSync(rules, JSON.stringify([{ operationId: 'listThumbnails', times: 1, answer: { status: 429, headers: { 'retry-after': '2' } } }]));
  const run = runCli(['--port', '0', '--rules', rules, '--journal-size', '2']);
  const url = await run.ready();
  const limited = await fetch(`${url}/api/thumbnails`, { headers: key });
  expect([limited.status, limited.headers.get('retry-after'), limited.headers.get('x-thumbnail-api-mock-simulated')]).toEqual([
    429,
    '2',
    'status=429 (not documented by the service)',
  ]);
  expect((await fetch(`${url}/api/thumbnails`, { headers: key })).status).toBe(200);
  await fetch(`${url}/api/thumbnails`, { headers: key });
  const journal = await (await fetch(`${url}/__mock/requests`)).json();
  expect(journal).toMatchObject({ requests: [{ status: 200 }, { status: 200 }], dropped: 1 });

  const help = runCli(['--help']);
  await help.exited;
  expect(help.stdout()).toContain('--rules <file.json>');
  expect(help.stdout()).toContain('--no-control');
  expect(help.stdout()).toContain('curl -X POST localhost:4010/__mock/rules');
});

test('--no-control: /__mock is an unknown path like any other', async () => {
  const run = runCli(['--port', '0', '--no-control']);
  const url = await run.ready();
  const response = await fetch(`${url}/__mock/requests`);
  expect(response.status).toBe(404);
  expect(response.headers.get('x-thumbnail-api-mock-error')).toBe('unknown-path');
});

test('a rules file with a rule the contract forbids stops the start with the rule named, and nothing left running', async () => {
  const rules = join(dir, 'bad-rules.json');
  writeFileSync(
    rules,
    JSON.stringify([
      { operationId: 'listThumbnails', answer: { status: 200 } },
      { operationId: 'listThumbnails', answer: { status: 503, body: 'down' } },
    ]),
  );
  const run = runCli(['--port', '0', '--rules', rules]);
  expect(await run.exited).toEqual({ code: 1, signal: null });
  expect(run.stderr()).toMatch(
    /^thumbnail-api-mock: Rule 2: "answer.body" breaks the schema of the 503 response .*at \/ must be object \(schema rule "type"\)/,
  );
  expect(await survivorsOf(run.marker)).toEqual([]);
});

test('a contract with a path under /__mock is refused with the control surface on, and served with --no-control', async () => {
  const document = JSON.parse(readFileSync(openapiJsonPath, 'utf8'));
  document.paths['/__mock/status'] = document.paths['/api/thumbnails'];
  const spec = join(dir, 'clash.json');
  writeFileSync(spec, JSON.stringify(document));
  const refused = runCli(['--port', '0', '--spec', spec]);
  expect(await refused.exited).toEqual({ code: 1, signal: null });
  expect(refused.stderr()).toContain("documents /__mock/status, under the mock's control prefix /__mock. Turn the control surface off (--no-control");
  const served = runCli(['--port', '0', '--spec', spec, '--no-control']);
  await served.ready();
});

test.each([
  [['--journal-size', 'many'], '--journal-size must be a whole number of requests (0 turns the journal off), got "many".'],
  [['--proxy', 'http://127.0.0.1:1', '--rules', 'r.json'], '--rules does not apply with --proxy'],
  [['--proxy', 'http://127.0.0.1:1', '--no-control'], '--no-control does not apply with --proxy'],
])('bad arguments %j exit with code 2 and say why', async (args, message) => {
  const run = runCli(args);
  expect(await run.exited).toEqual({ code: 2, signal: null });
  expect(run.stderr()).toContain(message);
});
