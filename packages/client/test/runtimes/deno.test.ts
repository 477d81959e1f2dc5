// Deno runs the client with the permissions it is given: what it refuses becomes a RuntimePermissionError naming
// the flag to grant, never a connection error that is retried; what it grants works, and names Deno.
import { beforeAll, describe, expect, test } from 'vitest';
import { VERSION } from '../../src/index.js';
import { type LocalServer, useLocalServers } from '../support/local-server.js';
import {
  answerForRuntimes,
  type Finished,
  POST_BODY,
  POST_OUTCOME,
  type ProbeReport,
  printingMain,
  reportOf,
  run,
  runtimeBinary,
  useConsumerFolders,
} from './support/runtime-harness.js';

const serve = useLocalServers();
const consumerFolder = useConsumerFolders();
const apiKey = 'sk-deno-sentinel-5b1e9';
const deno = runtimeBinary('deno');

interface DenoRun {
  server: LocalServer;
  host: string;
  finished: Finished;
  report: ProbeReport;
}

async function runDeno(permissions: (host: string) => string[], env: (server: LocalServer) => Record<string, string> = () => ({})): Promise<DenoRun> {
  const server = await serve(answerForRuntimes);
  const host = new URL(server.url).host;
  const folder = consumerFolder(printingMain({ apiKey, baseUrl: server.url }));
  // --no-prompt: a terminal would otherwise ask; CI has none, and the answer must not depend on it.
  const finished = await run(deno, ['run', '--no-prompt', ...permissions(host), 'main.mjs'], { cwd: folder, env: env(server) });
  return { server, host, finished, report: reportOf(finished) };
}

describe('without --allow-net and --allow-env', () => {
  let denied: DenoRun;
  beforeAll(async () => {
    denied = await runDeno(() => []);
  });

  test('a call fails once with a RuntimePermissionError naming --allow-net=<host>, not retried, nothing sent', () => {
    expect(denied.report.call).toEqual({
      ok: false,
      name: 'RuntimePermissionError',
      typed: true,
      keyShown: false,
      flag: `--allow-net=${denied.host}`,
      message: `GET http://${denied.host}/api/thumbnails was not sent: Deno denied network access to ${denied.host}. Run deno with --allow-net=${denied.host} (not retried: only the permission can fix it).`,
      attempts: 1,
      keyLogged: false,
    });
    expect(denied.server.requests).toHaveLength(0);
  });

  test('a client that must read the environment fails with a RuntimePermissionError naming --allow-env and the options', () => {
    expect(denied.report.missingKey).toEqual({
      ok: false,
      name: 'RuntimePermissionError',
      typed: true,
      keyShown: false,
      flag: '--allow-env=THUMBNAIL_API_KEY',
      message: 'Deno denied reading THUMBNAIL_API_KEY from the environment: run deno with --allow-env=THUMBNAIL_API_KEY, or pass the apiKey option instead.',
    });
    expect(denied.report.missingBaseUrl).toMatchObject({ name: 'RuntimePermissionError', flag: '--allow-env=THUMBNAIL_API_BASE_URL' });
    expect(denied.report.fromSettings).toMatchObject({
      name: 'RuntimePermissionError',
      flag: '--allow-env=THUMBNAIL_API_KEY,THUMBNAIL_API_BASE_URL',
      message:
        'Deno denied reading THUMBNAIL_API_KEY and THUMBNAIL_API_BASE_URL from the environment: run deno with --allow-env=THUMBNAIL_API_KEY,THUMBNAIL_API_BASE_URL, or pass the apiKey and baseUrl options instead.',
    });
  });

  // Deno 2.9 refusing a fetch whose body is a stream (a POST's one-shot body) left the process running for good.
  test('a POST fails the same way, nothing sent, and the program still ends', () => {
    expect(denied.report.post).toMatchObject({ ok: false, name: 'RuntimePermissionError', flag: `--allow-net=${denied.host}` });
    expect(denied.server.requests).toHaveLength(0);
    expect(denied.finished.code).toBe(0);
  });

  test('prints nothing but the report, and never the key', () => {
    expect(denied.finished.code).toBe(0);
    expect(denied.finished.stderr).toBe('');
    expect(denied.finished.stdout).not.toContain(apiKey);
  });
});

describe('with --allow-net for the host and --allow-env for the two variables', () => {
  const envKey = 'sk-deno-env-sentinel-31c0';
  let granted: DenoRun;
  let version: string;
  beforeAll(async () => {
    version = /^deno (\S+)/.exec((await run(deno, ['--version'], { cwd: process.cwd() })).stdout)?.[1] ?? 'deno --version printed no version';
    granted = await runDeno(
      (host) => [`--allow-net=${host}`, '--allow-env=THUMBNAIL_API_KEY,THUMBNAIL_API_BASE_URL'],
      (server) => ({ THUMBNAIL_API_KEY: envKey, THUMBNAIL_API_BASE_URL: server.url }),
    );
  });

  test('names deno and its version in User-Agent and the runtime headers', () => {
    expect(granted.report.looksLikeNode).toBe(true);
    expect(granted.report.call).toEqual({ ok: true, attempts: 1, keyLogged: false });
    expect(granted.server.requests[0]?.headers).toMatchObject({
      'user-agent': `thumbnail-api-client/${VERSION} deno/${version}`,
      'x-thumbnail-client-runtime': 'deno',
      'x-thumbnail-client-runtime-version': version,
    });
  });

  test('sends a POST answered 421 once, with its body', () => {
    expect(granted.report.post).toEqual(POST_OUTCOME);
    expect(granted.server.requests.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([POST_BODY]);
  });

  test('reads the key and base URL from the environment', () => {
    expect(granted.report.fromSettings).toEqual({ ok: true });
    expect(granted.server.requests.filter((request) => request.method === 'GET').map((request) => request.headers['x-api-key'])).toEqual([apiKey, envKey]);
    expect(granted.finished.stdout + granted.finished.stderr).not.toContain(envKey);
  });
});

test('with --allow-env but no THUMBNAIL_API_KEY, the missing key is asked for as an environment variable', async () => {
  const { report } = await runDeno((host) => [`--allow-net=${host}`, '--allow-env=THUMBNAIL_API_KEY,THUMBNAIL_API_BASE_URL']);
  expect(report.missingKey).toEqual({
    ok: false,
    name: 'ConfigurationError',
    typed: true,
    keyShown: false,
    message:
      'No API key: pass the apiKey option, or set the THUMBNAIL_API_KEY environment variable (server-side only). Keys are made in the service dashboard.',
  });
});
