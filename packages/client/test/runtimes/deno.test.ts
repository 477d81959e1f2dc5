// Deno runs the client with the permissions it is given: what it refuses becomes a RuntimePermissionError naming
// the flag to grant, never a connection error that is retried; what it grants works, and names Deno.
import { beforeAll, describe, expect, test } from 'vitest';
import type { LocalServer } from '../support/local-server.js';
import { expectOnePostWithItsBody, expectQuietEnd, expectRuntimeNamed, keysSentByGets, NO_KEY_WITH_ENVIRONMENT } from './support/probe-expectations.js';
import { type ProbeRun, printingMain, run, runtimeBinary, useProbeRuns } from './support/runtime-harness.js';

const runProbe = useProbeRuns();
const apiKey = 'sk-deno-sentinel-5b1e9';
const deno = runtimeBinary('deno');
const envFlags = '--allow-env=THUMBNAIL_API_KEY,THUMBNAIL_API_BASE_URL';

type DenoRun = ProbeRun & { host: string };

async function runDeno(permissions: (host: string) => string[], env: (server: LocalServer) => Record<string, string> = () => ({})): Promise<DenoRun> {
  const hostOf = (server: LocalServer) => new URL(server.url).host;
  const probe = await runProbe({
    apiKey,
    main: printingMain,
    // --no-prompt: a terminal would otherwise ask; CI has none, and the answer must not depend on it.
    launch: (folder, server) => run(deno, ['run', '--no-prompt', ...permissions(hostOf(server)), 'main.mjs'], { cwd: folder, env: env(server) }),
  });
  return { ...probe, host: hostOf(probe.server) };
}

/** What a refused permission looks like in the probe's report: the typed error, naming the flag that grants it. */
const refused = (flag: string, message: string) => ({ ok: false, name: 'RuntimePermissionError', typed: true, keyShown: false, flag, message });

describe('without --allow-net and --allow-env', () => {
  let denied: DenoRun;
  beforeAll(async () => {
    denied = await runDeno(() => []);
  });

  test('a call fails once with a RuntimePermissionError naming --allow-net=<host>, not retried, nothing sent', () => {
    const { host } = denied;
    expect(denied.report.call).toEqual({
      ...refused(
        `--allow-net=${host}`,
        `GET http://${host}/api/thumbnails was not sent: Deno denied network access to ${host}. Run deno with --allow-net=${host} (not retried: only the permission can fix it).`,
      ),
      attempts: 1,
      keyLogged: false,
    });
    expect(denied.server.requests).toHaveLength(0);
  });

  test('a client that must read the environment fails with a RuntimePermissionError naming --allow-env and the options', () => {
    expect(denied.report.missingKey).toEqual(
      refused(
        '--allow-env=THUMBNAIL_API_KEY',
        'Deno denied reading THUMBNAIL_API_KEY from the environment: run deno with --allow-env=THUMBNAIL_API_KEY, or pass the apiKey option instead.',
      ),
    );
    expect(denied.report.missingBaseUrl).toMatchObject({ name: 'RuntimePermissionError', flag: '--allow-env=THUMBNAIL_API_BASE_URL' });
    expect(denied.report.fromSettings).toMatchObject({
      name: 'RuntimePermissionError',
      flag: envFlags,
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
    expectQuietEnd(denied, apiKey);
  });
});

describe('with --allow-net for the host and --allow-env for the two variables', () => {
  const envKey = 'sk-deno-env-sentinel-31c0';
  let granted: DenoRun;
  let version: string;
  beforeAll(async () => {
    version = /^deno (\S+)/.exec((await run(deno, ['--version'], { cwd: process.cwd() })).stdout)?.[1] ?? 'deno --version printed no version';
    granted = await runDeno(
      (host) => [`--allow-net=${host}`, envFlags],
      (server) => ({ THUMBNAIL_API_KEY: envKey, THUMBNAIL_API_BASE_URL: server.url }),
    );
  });

  test('names deno and its version in User-Agent and the runtime headers', () => {
    expect(granted.report.looksLikeNode).toBe(true);
    expectRuntimeNamed(granted, 'deno', version);
  });

  test('sends a POST answered 421 once, with its body', () => {
    expectOnePostWithItsBody(granted);
  });

  test('reads the key and base URL from the environment', () => {
    expect(granted.report.fromSettings).toEqual({ ok: true });
    expect(keysSentByGets(granted)).toEqual([apiKey, envKey]);
    expect(granted.finished.stdout + granted.finished.stderr).not.toContain(envKey);
  });
});

test('with --allow-env but no THUMBNAIL_API_KEY, the missing key is asked for as an environment variable', async () => {
  const { report } = await runDeno((host) => [`--allow-net=${host}`, envFlags]);
  expect(report.missingKey).toEqual(NO_KEY_WITH_ENVIRONMENT);
});
