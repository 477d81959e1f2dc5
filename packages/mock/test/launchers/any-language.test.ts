// The guide "Testing from any language", run: its Python suite, Java program and curl lines against each launcher,
// its compose file with docker-compose, the composite action's script as a GitHub runner runs it, the Testcontainers
// example against the local image; its workflow YAML checked by @action-validator/cli; and the guide shows each file.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from '@thumbnail-api/dev-tools/loopback-port';
import { ensurePinnedTools } from '@thumbnail-api/dev-tools/pinned-tools';
import { runProcess } from '@thumbnail-api/dev-tools/run-process';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { scratchDir } from '../helpers/scratch-dir.js';
import { carriedNodePath, containerHealth, IMAGE_TAG, launchers, stopAllLaunched } from './launchers.js';
import { exchange } from './observe.js';

const packageDir = fileURLToPath(new URL('../../', import.meta.url));
const repoDir = join(packageDir, '..', '..');
const examples = join(packageDir, 'examples', 'any-language');
const actionDir = join(repoDir, '.github', 'actions', 'thumbnail-api-mock');
const guide = readFileSync(join(repoDir, 'docs', 'guides', 'testing-from-any-language.md'), 'utf8');
const docker = async (...args: string[]) => (await promisify(execFile)('docker', args)).stdout.trim();
const dir = scratchDir('mock-any-language-');

/** The guide's examples as a team runs them against a mock at `url`, each with a key of its own. */
const programs = {
  'Python unittest suite': (url: string, key: string) =>
    runProcess('python3', ['-m', 'unittest', '-v', 'test_thumbnails'], {
      cwd: join(examples, 'python'),
      env: { ...process.env, THUMBNAIL_API_BASE_URL: url, THUMBNAIL_API_KEY: key },
      timeoutMs: 60_000,
    }),
  'Java program': (url: string, key: string) =>
    runProcess('java', ['ThumbnailMockExample.java'], {
      cwd: join(examples, 'java'),
      env: { ...process.env, THUMBNAIL_API_BASE_URL: url, THUMBNAIL_API_KEY: key },
      timeoutMs: 60_000,
    }),
  'curl lines': (url: string, key: string) =>
    runProcess('sh', ['control.sh'], {
      cwd: join(examples, 'curl'),
      env: { ...process.env, THUMBNAIL_API_BASE_URL: url, THUMBNAIL_API_KEY: key },
      timeoutMs: 60_000,
    }),
};

describe.each(launchers.map((launcher) => [launcher.name, launcher] as const))('against the %s', (_, launcher) => {
  let url = '';
  beforeAll(async () => {
    url = await launcher.start(['--port', '0']).ready();
  });
  afterAll(stopAllLaunched);

  test.each(Object.keys(programs) as (keyof typeof programs)[])('the %s passes', async (program) => {
    const result = await programs[program](url, `sk_test_${program.replace(/\W/g, '_')}`);
    expect({ code: result.code, output: result.output }).toMatchObject({ code: 0 });
    expect(result.output).toMatch(program === 'Python unittest suite' ? /Ran 5 tests in .*\n\nOK/ : /^ok: /m);
  });
});

test.each(['npm CLI', 'binary'] as const)(
  "the %s wraps the Python suite: it runs with THUMBNAIL_API_BASE_URL set, and its exit code is the wrapper's",
  async (name) => {
    const launcher = launchers.find((one) => one.name === name)!;
    const passing = launcher.start(['--port', '0', '--', 'python3', '-m', 'unittest', 'test_thumbnails'], { cwd: join(examples, 'python') });
    expect(await passing.exited, passing.stderr()).toEqual({ code: 0, signal: null });
    expect(passing.stderr()).toMatch(/Ran 5 tests in .*\n\nOK/);
    const failing = launcher.start(['--port', '0', '--', 'python3', '-c', 'import sys; sys.exit(3)']);
    expect(await failing.exited, failing.stderr()).toEqual({ code: 3, signal: null });
    await stopAllLaunched();
  },
);

describe('CI recipes', () => {
  afterEach(stopAllLaunched);

  test('the compose file: the mock as a service with a key registry mounted, healthy, answering its service name', async () => {
    const port = await freePort();
    const project = `thumbnail-api-mock-test-${process.pid}`;
    const env = { ...process.env, THUMBNAIL_API_MOCK_IMAGE: IMAGE_TAG, THUMBNAIL_API_MOCK_HOST_PORT: String(port) };
    const [command = 'docker-compose', ...prefix] = await composeCommand();
    const compose = (...args: string[]) =>
      runProcess(command, [...prefix, '--project-name', project, '--file', join(examples, 'ci', 'compose.yaml'), ...args], { env, timeoutMs: 120_000 });
    try {
      const up = await compose('up', '--detach');
      expect(up.code, up.output).toBe(0);
      const container = (await compose('ps', '--quiet', 'thumbnail-api')).stdout.trim();
      expect(await containerHealth(container)).toBe('healthy');
      const url = `http://127.0.0.1:${port}`;
      const suite = await programs['Python unittest suite'](url, 'sk_test_compose_ok_1');
      expect(suite.code, suite.output).toBe(0);
      // The key registry came from the mounted file; the service's name passes the Host check.
      expect((await exchange(url, { headers: { 'x-api-key': 'sk_test_compose_revoked' } })).status).toBe(401);
      expect((await exchange(url, { headers: { 'x-api-key': 'sk_test_compose_ok_1', host: 'thumbnail-api:4010' } })).status).toBe(200);
    } finally {
      await compose('down', '--volumes', '--timeout', '5');
    }
  });

  test("the composite action's script: the image started from a workspace, THUMBNAIL_API_BASE_URL exported, the keys mounted", async () => {
    const workspace = join(dir, 'workspace');
    mkdirSync(join(workspace, 'test'), { recursive: true, mode: 0o755 });
    cpSync(join(examples, 'ci', 'mock-keys.json'), join(workspace, 'test', 'mock-keys.json'));
    writeFileSync(join(dir, 'github-env'), '');
    writeFileSync(join(dir, 'github-output'), '');
    const port = await freePort();
    const inputs = {
      INPUT_IMAGE: IMAGE_TAG,
      INPUT_PORT: String(port),
      INPUT_KEYS: 'test/mock-keys.json',
      INPUT_ARGS: '--log-requests',
      INPUT_ALLOWED_HOSTS: 'mock',
    };
    const runner = { GITHUB_WORKSPACE: workspace, GITHUB_ENV: join(dir, 'github-env'), GITHUB_OUTPUT: join(dir, 'github-output') };
    try {
      const started = await runProcess('bash', [join(actionDir, 'start-mock.sh')], { env: { ...process.env, ...inputs, ...runner }, timeoutMs: 120_000 });
      expect(started.code, started.output).toBe(0);
      const url = `http://127.0.0.1:${port}`;
      expect(readFileSync(join(dir, 'github-env'), 'utf8')).toBe(`THUMBNAIL_API_BASE_URL=${url}\n`);
      expect(readFileSync(join(dir, 'github-output'), 'utf8')).toBe(`base-url=${url}\ncontainer=thumbnail-api-mock-${port}\n`);
      const suite = await programs['Python unittest suite'](url, 'sk_test_compose_ok_1');
      expect(suite.code, suite.output).toBe(0);
      expect((await exchange(url, { headers: { 'x-api-key': 'sk_test_compose_no_access' } })).status).toBe(403);
      expect(await docker('logs', `thumbnail-api-mock-${port}`)).toMatch(/ GET \/api\/thumbnails 403 /);
    } finally {
      await docker('rm', '--force', `thumbnail-api-mock-${port}`).catch(() => undefined);
    }
  });

  test('the Testcontainers example (node --test) passes against the local image', async () => {
    const tools = await ensurePinnedTools({
      manifestDir: join(examples, 'testcontainers'),
      installDir: join(packageDir, '.tools', 'testcontainers'),
      log: () => {},
    });
    cpSync(join(examples, 'testcontainers', 'thumbnails.test.mjs'), join(tools.installDir, 'thumbnails.test.mjs'));
    // Here: no registry for Testcontainers' own helper images (its reaper, its host probe), and the image built locally.
    const env = { ...process.env, THUMBNAIL_API_MOCK_IMAGE: IMAGE_TAG, TESTCONTAINERS_RYUK_DISABLED: 'true', TESTCONTAINERS_HOST_OVERRIDE: '127.0.0.1' };
    const result = await runProcess(carriedNodePath, ['--test', 'thumbnails.test.mjs'], { cwd: tools.installDir, env, timeoutMs: 120_000 });
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/pass 1\n\S* fail 0/);
  });

  const workflows = [
    ...readdirSync(join(examples, 'ci'))
      .filter((name) => name.startsWith('workflow-'))
      .map((name) => join(examples, 'ci', name)),
    ...readdirSync(join(repoDir, '.github', 'workflows')).map((name) => join(repoDir, '.github', 'workflows', name)),
    join(actionDir, 'action.yml'),
  ];
  test.each(workflows.map((file) => [file.slice(repoDir.length + 1), file]))('%s passes @action-validator/cli', async (_, file) => {
    const result = await runProcess(join(packageDir, 'node_modules', '.bin', 'action-validator'), [file], { timeoutMs: 60_000 });
    expect({ code: result.code, output: result.output }).toEqual({ code: 0, output: '' });
  });

  test('the validator is no rubber stamp: a workflow with a misspelt key is refused', async () => {
    const broken = join(dir, 'workflow-broken.yml');
    writeFileSync(broken, readFileSync(join(examples, 'ci', 'workflow-starting-the-mock.yml'), 'utf8').replace('runs-on:', 'runs_on:'));
    const result = await runProcess(join(packageDir, 'node_modules', '.bin', 'action-validator'), [broken], { timeoutMs: 60_000 });
    expect([result.code, result.output]).toEqual([1, expect.stringContaining("Additional property 'runs_on' is not allowed")]);
  });

  test('every recipe lets the name it reaches the mock by through the Host check', () => {
    const gitlab = parse(readFileSync(join(examples, 'ci', 'gitlab-ci.yml'), 'utf8')).tests;
    expect(gitlab.services[0].variables.THUMBNAIL_API_MOCK_ALLOWED_HOSTS).toBe(gitlab.services[0].alias);
    expect(gitlab.variables.THUMBNAIL_API_BASE_URL).toBe(`http://${gitlab.services[0].alias}:4010`);
    const job = parse(readFileSync(join(examples, 'ci', 'workflow-with-a-service-container.yml'), 'utf8')).jobs['in-a-container'];
    const [name, service] = Object.entries(job.services)[0] as [string, { env: Record<string, string> }];
    expect([service.env.THUMBNAIL_API_MOCK_ALLOWED_HOSTS, job.env.THUMBNAIL_API_BASE_URL]).toEqual([name, `http://${name}:4010`]);
    const compose = parse(readFileSync(join(examples, 'ci', 'compose.yaml'), 'utf8')).services;
    expect(compose['thumbnail-api'].environment.THUMBNAIL_API_MOCK_ALLOWED_HOSTS).toBe('thumbnail-api');
  });
});

test.each(
  ['python/thumbnail_mock.py', 'python/test_thumbnails.py', 'java/ThumbnailMockExample.java', 'curl/control.sh', 'testcontainers/thumbnails.test.mjs'].concat(
    readdirSync(join(examples, 'ci'))
      .filter((name) => !name.endsWith('.json'))
      .map((name) => `ci/${name}`),
  ),
)('the guide shows %s as it is run here', (file) => {
  expect(guide).toContain(readFileSync(join(examples, file), 'utf8').trimEnd());
});

test("every control route the Python helper, the Java program and the curl lines call is in the control surface's OpenAPI document", () => {
  const document = JSON.parse(readFileSync(join(packageDir, 'dist', 'control-openapi.json'), 'utf8'));
  const documented = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
  );
  const read = (file: string) => readFileSync(join(examples, file), 'utf8');
  const python = [...read('python/thumbnail_mock.py').matchAll(/_control\("(\w+)", "([\w-]+)"/g)].map(([, method, route]) => `${method} /__mock/${route}`);
  const java = [...read('java/ThumbnailMockExample.java').matchAll(/send\("(\w+)", "(\/__mock\/[\w-]+)/g)].map(([, method, path]) => `${method} ${path}`);
  const curl = read('curl/control.sh')
    .split('\n')
    .filter((line) => line.startsWith('curl') && line.includes('/__mock/'))
    .map((line) => `${/-X (\w+)/.exec(line)?.[1] ?? 'GET'} ${/\/__mock\/[\w-]+/.exec(line)?.[0]}`);
  const called = [...python, ...java, ...curl];
  expect(called).toEqual([
    'POST /__mock/rules',
    'GET /__mock/requests',
    'GET /__mock/near-misses',
    'GET /__mock/coverage',
    'DELETE /__mock/pending',
    'POST /__mock/reset',
    ...['POST /__mock/rules', 'GET /__mock/requests', 'POST /__mock/reset'],
    ...['POST /__mock/rules', 'GET /__mock/requests', 'POST /__mock/reset'],
  ]);
  expect(called.filter((route) => !documented.includes(route))).toEqual([]);
});

/** Docker's compose plugin where it is installed (GitHub's runners), else Debian's docker-compose (these machines). */
async function composeCommand(): Promise<string[]> {
  const plugin = await runProcess('docker', ['compose', 'version'], { timeoutMs: 30_000 }).catch(() => undefined);
  return plugin?.code === 0 ? ['docker', 'compose'] : ['docker-compose'];
}
