// Coverage that adds up, as programs (issue 45 item 1): the wrapper gives its command a folder of the run
// (THUMBNAIL_API_MOCK_COVERAGE_DIR) when asked for coverage, every startMock() and createHandlers() in the command's
// processes writes its coverage there, and the wrapper adds it to its own mock's; a required outcome no mock saw is
// named with the mocks that counted. `coverage <dir>` does the same for a run without the wrapper.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { COVERAGE_DIR_VARIABLE } from '@thumbnail-api/spec/profile';
import { afterEach, describe, expect, test } from 'vitest';
import { killAllRuns, runCli, runProgram } from './helpers/cli.js';
import { scratchDir } from './helpers/scratch-dir.js';

afterEach(killAllRuns);
const dir = scratchDir('mock-cli-coverage-runs-');
// The command's scripts import this package's build, and msw from its devDependencies.
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const dist = pathToFileURL(join(packageDir, 'dist/')).href;

/** A Node script as a command: `-- node --input-type=module -e <script>`, with the package's build and msw at hand. */
const nodeScript = (script: string) => [process.execPath, '--input-type=module', '-e', script];

/** Two mocks of the command's own (a startMock() that sees a 200 and a 403, MSW handlers that see a reset), and one POST to the wrapper's. */
const ownMocks = (posts = 1) => `
  import { startMock } from '${dist}index.js';
  import { createHandlers } from '${dist}msw.js';
  import { setupServer } from 'msw/node';
  const headers = { 'x-api-key': 'sk_cli_coverage_runs', 'content-type': 'application/json' };
  const mock = await startMock({ port: 0 });
  await mock.rule({ operationId: 'listThumbnails', times: 1, answer: { status: 403 } });
  for (const _ of [1, 2]) await fetch(mock.url + '/api/thumbnails', { headers });
  await mock.stop();
  const handlers = await createHandlers({ baseUrl: 'https://api.thumbnails.test' });
  const server = setupServer(...handlers.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  await handlers.rule({ operationId: 'listThumbnails', fault: 'reset' });
  await fetch('https://api.thumbnails.test/api/thumbnails', { headers }).catch(() => {});
  server.close();
  for (let i = 0; i < ${posts}; i++) await fetch(process.env.THUMBNAIL_API_BASE_URL + '/api/thumbnails', { method: 'POST', headers, body: '{"prompt":"a fox"}' });`;

const seenByAll = 'listThumbnails:200,listThumbnails:403,listThumbnails:fault=reset,createThumbnail:200';

describe('under the wrapper', () => {
  test('the coverage of the mocks the command starts adds up with the wrapper’s, in --coverage-report and for --require-coverage', async () => {
    const report = join(dir, 'added-up.json');
    const run = runCli(['--port', '0', '--coverage-report', report, '--require-coverage', seenByAll, '--', ...nodeScript(ownMocks())], {}, packageDir);
    expect(await run.exited).toEqual({ code: 0, signal: null });
    const written = JSON.parse(readFileSync(report, 'utf8'));
    expect(written.mocks.map(({ mock, requests }: { mock: string; requests: number }) => `${mock} ${requests}`)).toEqual(
      expect.arrayContaining(["the wrapper's 1", 'startMock() 2', 'createHandlers() 1']),
    );
    expect(written.mocks).toHaveLength(3);
    const list = written.operations.find((operation: { operationId: string }) => operation.operationId === 'listThumbnails');
    expect(list.outcomes).toEqual(
      expect.arrayContaining([
        { outcome: '200', documented: true, requests: 1 },
        { outcome: '403 with x-api-key', documented: true, requests: 1 },
        { outcome: 'fault=reset', documented: false, requests: 1 },
      ]),
    );
  });

  test('a required outcome no mock saw is named with the mocks of the run and their requests; exit code 1', async () => {
    const run = runCli(['--port', '0', '--require-coverage', `${seenByAll},createThumbnail:fault=hang`, '--', ...nodeScript(ownMocks())], {}, packageDir);
    expect(await run.exited).toEqual({ code: 1, signal: null });
    expect(run.stderr()).toContain('thumbnail-api-mock: createThumbnail → fault=hang was never seen\n');
    expect(run.stderr()).toContain(
      "thumbnail-api-mock: 1 required outcome(s) never seen, by none of the 3 mocks of this run: the wrapper's (1 request) and 2 started by the command (3 requests: 1 startMock(), 1 createHandlers()).",
    );
    expect(run.stderr()).not.toContain('served no request');
  });

  test('when the wrapper’s mock served no request, the message says where the command’s mocks are counted', async () => {
    const run = runCli(['--port', '0', '--require-coverage', 'client', '--', ...nodeScript(ownMocks(0))], {}, packageDir);
    expect(await run.exited).toEqual({ code: 1, signal: null });
    expect(run.stderr()).toContain("by none of the 3 mocks of this run: the wrapper's (0 requests) and 2 started by the command (3 requests");
    expect(run.stderr()).toContain(
      `thumbnail-api-mock: The wrapper's mock served no request: the command's tests send theirs to mocks of their own (startMock(), createHandlers()), which are counted only when they run in the wrapped command's processes (those inherit ${COVERAGE_DIR_VARIABLE})`,
    );
  });

  test('a process killed outright after its requests still counts: its file was rewritten after each one', async () => {
    const child = `${ownMocks(0)}\nprocess.kill(process.pid, 'SIGKILL');`;
    const parent = `
      import { spawnSync } from 'node:child_process';
      const { signal } = spawnSync(process.execPath, ['--input-type=module', '-e', ${JSON.stringify(child)}], { stdio: 'inherit' });
      console.log('the child ended by', signal);`;
    const run = runCli(['--port', '0', '--require-coverage', 'listThumbnails:200,listThumbnails:fault=reset', '--', ...nodeScript(parent)], {}, packageDir);
    expect(await run.exited).toEqual({ code: 0, signal: null });
    expect(run.stdout()).toContain('the child ended by SIGKILL');
  });

  test('the folder is the command’s only when coverage is asked for, and gone after the run', async () => {
    const show = nodeScript(`console.log('folder:', process.env.${COVERAGE_DIR_VARIABLE} ?? 'none')`);
    const plain = runCli(['--port', '0', '--', ...show], { [COVERAGE_DIR_VARIABLE]: '' });
    expect(await plain.exited).toEqual({ code: 0, signal: null });
    expect(plain.stdout()).toContain('folder: \n');

    const asked = runCli(['--port', '0', '--coverage-report', join(dir, 'unused.json'), '--', ...show]);
    expect(await asked.exited).toEqual({ code: 0, signal: null });
    const folder = /folder: (\S+)/.exec(asked.stdout())![1]!;
    expect(folder).toContain('thumbnail-api-mock-coverage-');
    expect(existsSync(folder)).toBe(false);
  });

  test('a folder the wrapper’s own environment names gets its own mock’s file, with no word of an unknown option', async () => {
    const folder = join(dir, 'outer-run');
    const run = runCli(
      ['--port', '0', '--', ...nodeScript(`await fetch(process.env.THUMBNAIL_API_BASE_URL + '/api/thumbnails', { headers: { 'x-api-key': 'k' } });`)],
      {
        [COVERAGE_DIR_VARIABLE]: folder,
      },
    );
    expect(await run.exited).toEqual({ code: 0, signal: null });
    expect(run.stderr()).not.toContain('is no option');
    const files = readdirSync(folder).map((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')));
    expect(files.map(({ door, requests }) => `${door} ${requests}`)).toEqual(['startMock() 1']);
  });

  test('an outcome the contract cannot show is refused at once, naming those it documents', async () => {
    const run = runCli(['--port', '0', '--require-coverage', 'listThumbnails:999', '--', ...nodeScript('')]);
    expect(await run.exited).toEqual({ code: 1, signal: null });
    expect(run.stderr()).toContain(
      'thumbnail-api-mock: --require-coverage names listThumbnails:999, which listThumbnails cannot show. The contract documents 200, 401 without a key, 401 with x-api-key, 401 with Authorization: Bearer, 403 with x-api-key, 403 with Authorization: Bearer',
    );
    expect(run.stdout()).not.toContain('listening');
  });
});

describe('thumbnail-api-mock coverage <dir>, for a run without the wrapper', () => {
  /** A test run that sets the variable itself (as a vitest globalSetup would), into `folder`. */
  const testRun = async (folder: string) => {
    const run = runProgram(process.execPath, nodeScript(ownMocks(0)).slice(1), { env: { ...process.env, [COVERAGE_DIR_VARIABLE]: folder }, cwd: packageDir });
    expect(await run.exited, run.stderr()).toEqual({ code: 0, signal: null });
  };

  test('adds up the files and judges --require-coverage: what no mock saw is named, with the mocks whose coverage is there', async () => {
    const folder = join(dir, 'run-without-wrapper');
    await testRun(folder);
    const run = runCli(['coverage', folder, '--require-coverage', 'client']);
    expect(await run.exited).toEqual({ code: 1, signal: null });
    expect(run.stderr()).toContain('thumbnail-api-mock coverage: 2 mock(s) (1 startMock(), 1 createHandlers()), 3 requests.');
    expect(run.stderr()).toContain('thumbnail-api-mock coverage: createThumbnail → 200 was never seen');
    expect(run.stderr()).not.toContain('listThumbnails → 403 with x-api-key was never seen');
    expect(run.stderr()).toContain(`never seen, by none of the 2 mock(s) whose coverage is in ${folder} (3 requests).`);
    expect(JSON.parse(run.stdout()).mocks).toHaveLength(2);
  });

  test('writes --coverage-report and exits 0 when the required outcomes were seen', async () => {
    const folder = join(dir, 'run-seen');
    await testRun(folder);
    const report = join(dir, 'run-seen.json');
    const run = runCli(['coverage', folder, '--coverage-report', report, '--require-coverage', 'listThumbnails:200,listThumbnails:fault=reset']);
    expect(await run.exited).toEqual({ code: 0, signal: null });
    expect(JSON.parse(readFileSync(report, 'utf8')).notSeen).toContain('createThumbnail → 200');
  });

  test.each([
    ['an empty folder', 1, `holds no coverage file. Set ${COVERAGE_DIR_VARIABLE}=`, ['empty'], () => mkdirSync(join(dir, 'empty'), { recursive: true })],
    [
      'a file of another version',
      1,
      'is not a coverage file of this version of @thumbnail-api/mock',
      ['other'],
      () => {
        mkdirSync(join(dir, 'other'), { recursive: true });
        writeFileSync(join(dir, 'other', 'thumbnail-api-mock-coverage-1.json'), '{"thumbnailApiMockCoverage": 2}');
      },
    ],
    ['an outcome the contract cannot show', 1, 'which listThumbnails cannot show', ['empty', '--require-coverage', 'listThumbnails:999'], () => {}],
    ['no folder', 2, 'coverage takes one folder of coverage files.', [], () => {}],
  ])('%s: exit code %i, saying why', async (_, code, message, args, setUp) => {
    setUp();
    const [folder, ...rest] = args;
    const run = runCli(['coverage', ...(folder === undefined ? [] : [join(dir, folder)]), ...rest]);
    expect(await run.exited).toEqual({ code, signal: null });
    expect(run.stderr()).toContain(message);
  });
});
