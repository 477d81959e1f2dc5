// Bun (its own installer and runtime) and Deno (`npm:` specifiers, no package.json), from their npm packages,
// with caches of their own in the run's folder so that nothing from an earlier run is used. Each runs the smoke
// program against the suite's mock, and the runtime probe (smoke/runtime-probe.mjs) against a probe server:
// the runtime and its version named, one POST for a 421, the key asked for where that runtime keeps settings,
// Deno's permissions turned into typed errors naming the flag to grant.
import { join } from 'node:path';
import { verdictOfSmoke } from '../case-runner.mjs';
import { createClientProject, esmEntry, smokeConfig, smokeSource, writeFiles } from '../consumer-project.mjs';
import { cleanEnvironment, run } from '../processes.mjs';
import {
  keysSentByGets,
  NO_KEY_WITH_ENVIRONMENT,
  ProbeExpectations,
  printingProbeEntry,
  probeSource,
  runProbeAgainstServer,
} from '../runtime-probe-checks.mjs';
import { tools } from '../tools.mjs';

/** @param {import('../context.mjs').SuiteContext} context */
export function bunCases(context) {
  const env = cleanEnvironment({
    BUN_CONFIG_REGISTRY: context.registryUrl,
    BUN_INSTALL_CACHE_DIR: join(context.work, 'bun-cache'),
    BUN_RUNTIME_TRANSPILER_CACHE_PATH: '0',
    NO_COLOR: '1',
  });
  const project = context.once(async () => {
    const dir = await createClientProject(context, 'bun', { manifest: { type: 'module' }, install: false });
    const install = await run(tools.bin('bun'), ['install', '--no-progress'], { cwd: dir, env, timeoutMs: 180_000 });
    if (install.code !== 0)
      throw new Error(`bun install from the local registry failed (exit ${install.code}): ${(install.stderr || install.stdout).slice(-500)}`);
    return dir;
  });
  return [
    {
      name: 'bun',
      run: async () => {
        const dir = await project();
        writeFiles(dir, { 'smoke-core.mjs': smokeSource.esm, 'smoke.mjs': esmEntry(smokeConfig(context, 'bun')) });
        return verdictOfSmoke(await run(tools.bin('bun'), ['smoke.mjs'], { cwd: dir, env, timeoutMs: 60_000 }));
      },
    },
    {
      // Bun also sets process.versions.node: the client must still name Bun, and its version, as its runtime.
      name: 'bun-probe',
      needsSuiteMock: false,
      run: async () => {
        const dir = await project();
        const apiKey = 'sk-bun-sentinel-0d4c2';
        const version = (await run(tools.bin('bun'), ['--version'], { cwd: dir, env, timeoutMs: 30_000 })).stdout.trim();
        const probe = await runProbeAgainstServer((server) => {
          writeFiles(dir, { 'runtime-probe.mjs': probeSource, 'probe.mjs': printingProbeEntry({ apiKey, baseUrl: server.url }) });
          return run(tools.bin('bun'), ['probe.mjs'], { cwd: dir, env, timeoutMs: 60_000 });
        });
        const expect = new ProbeExpectations();
        expect.match('bun --version', version, /^\d+\.\d+\.\d+/);
        expect.equal('looks like Node.js', probe.report.looksLikeNode, true);
        expect.runtimeNamed(probe, context.clientVersion, 'bun', version);
        expect.equal('a client made without a key', probe.report.missingKey, NO_KEY_WITH_ENVIRONMENT);
        expect.onePostWithItsBody(probe);
        expect.quietEnd(probe, apiKey);
        return expect.verdict(`on bun ${version}`);
      },
    },
  ];
}

/** @param {import('../context.mjs').SuiteContext} context */
export function denoCases(context) {
  const dir = join(context.work, 'deno');
  const specifier = `npm:@thumbnail-api/client@^${context.version}`;
  const env = cleanEnvironment({
    NPM_CONFIG_REGISTRY: context.registryUrl,
    DENO_DIR: join(context.work, 'deno-cache'),
    DENO_NO_UPDATE_CHECK: '1',
    NO_COLOR: '1',
  });
  const envFlags = '--allow-env=THUMBNAIL_API_KEY,THUMBNAIL_API_BASE_URL';
  // Deno refuses versions published less than 24 hours ago by default; ours were published a minute ago.
  const common = ['--no-config', '--node-modules-dir=none', '--minimum-dependency-age=0'];
  /** @param {string[]} flags @param {string} entry @param {Record<string, string>} [extraEnv] */
  const deno = (flags, entry, extraEnv = {}) =>
    run(tools.bin('deno'), ['run', '--no-prompt', ...common, ...flags, entry], { cwd: dir, env: { ...env, ...extraEnv }, timeoutMs: 120_000 });
  // The probe cases check that Deno prints nothing: its download lines belong to a cache filled beforehand.
  const probeReady = context.once(async () => {
    writeFiles(dir, { 'runtime-probe.mjs': probeSource, 'probe-cache.mjs': printingProbeEntry({ apiKey: '', baseUrl: '' }, specifier) });
    const cache = await run(tools.bin('deno'), ['cache', ...common, 'probe-cache.mjs'], { cwd: dir, env, timeoutMs: 180_000 });
    if (cache.code !== 0) throw new Error(`deno cache failed (exit ${cache.code}): ${(cache.stderr || cache.stdout).slice(-500)}`);
    const version = /^deno (\S+)/.exec((await run(tools.bin('deno'), ['--version'], { cwd: dir, env, timeoutMs: 30_000 })).stdout)?.[1];
    return version ?? 'deno --version printed no version';
  });
  const apiKey = 'sk-deno-sentinel-5b1e9';
  /**
   * Runs the probe with the permissions `flags` gives for the probe server's host, and the environment `extraEnv` gives for its URL.
   * @param {(host: string) => string[]} flags
   * @param {(url: string) => Record<string, string>} [extraEnv]
   */
  const probeWith = async (flags, extraEnv = () => ({})) => {
    await probeReady();
    let host = '';
    const probe = await runProbeAgainstServer((server) => {
      host = new URL(server.url).host;
      writeFiles(dir, { 'probe.mjs': printingProbeEntry({ apiKey, baseUrl: server.url }, specifier) });
      return deno(flags(host), 'probe.mjs', extraEnv(server.url));
    });
    return { ...probe, host };
  };
  /** What a refused permission looks like in the probe's report: the typed error, naming the flag that grants it. */
  const refused = (/** @type {string} */ flag, /** @type {string} */ message) => ({
    ok: false,
    name: 'RuntimePermissionError',
    message,
    flag,
    typed: true,
    keyShown: false,
  });

  return [
    {
      name: 'deno',
      run: async () => {
        writeFiles(dir, { 'smoke-core.mjs': smokeSource.esm, 'smoke.mjs': esmEntry(smokeConfig(context, 'deno'), { specifier }) });
        // What the client needs: the network to the mock and the servers on 127.0.0.1, and its two variables.
        return verdictOfSmoke(await deno(['--allow-net=127.0.0.1', envFlags], 'smoke.mjs'));
      },
    },
    {
      name: 'deno-no-permissions',
      run: async () => {
        writeFiles(dir, { 'smoke-core.mjs': smokeSource.esm, 'denied.mjs': esmEntry(smokeConfig(context, 'deno', 'permissions-denied'), { specifier }) });
        return verdictOfSmoke(await deno([], 'denied.mjs'));
      },
    },
    {
      // What Deno refuses is a RuntimePermissionError naming the flag to grant, never a connection error that is
      // retried; a POST (a stream body, which Deno 2.9 once left hanging when refused) fails the same way and the program ends.
      name: 'deno-probe-no-permissions',
      needsSuiteMock: false,
      run: async () => {
        const probe = await probeWith(() => []);
        const { host, report } = probe;
        const expect = new ProbeExpectations();
        expect.equal('a call', report.call, {
          ...refused(
            `--allow-net=${host}`,
            `GET http://${host}/api/thumbnails was not sent: Deno denied network access to ${host}. Run deno with --allow-net=${host} (not retried: only the permission can fix it).`,
          ),
          attempts: 1,
          keyLogged: false,
        });
        expect.equal(
          'a client that must read the key',
          report.missingKey,
          refused(
            '--allow-env=THUMBNAIL_API_KEY',
            'Deno denied reading THUMBNAIL_API_KEY from the environment: run deno with --allow-env=THUMBNAIL_API_KEY, or pass the apiKey option instead.',
          ),
        );
        expect.equal(
          'a client that must read the base URL',
          [report.missingBaseUrl.name, report.missingBaseUrl.flag],
          ['RuntimePermissionError', '--allow-env=THUMBNAIL_API_BASE_URL'],
        );
        expect.equal(
          'a client that must read both',
          [report.fromSettings.name, report.fromSettings.flag, report.fromSettings.message],
          [
            'RuntimePermissionError',
            envFlags,
            'Deno denied reading THUMBNAIL_API_KEY and THUMBNAIL_API_BASE_URL from the environment: run deno with --allow-env=THUMBNAIL_API_KEY,THUMBNAIL_API_BASE_URL, or pass the apiKey and baseUrl options instead.',
          ],
        );
        expect.equal('the POST', [report.post.ok, report.post.name, report.post.flag], [false, 'RuntimePermissionError', `--allow-net=${host}`]);
        expect.equal('requests the server got', probe.server.requests.length, 0);
        expect.quietEnd(probe, apiKey);
        return expect.verdict('with no permission');
      },
    },
    {
      name: 'deno-probe-granted',
      needsSuiteMock: false,
      run: async () => {
        const envKey = 'sk-deno-env-sentinel-31c0';
        const version = await probeReady();
        const probe = await probeWith(
          (host) => [`--allow-net=${host}`, envFlags],
          (url) => ({ THUMBNAIL_API_KEY: envKey, THUMBNAIL_API_BASE_URL: url }),
        );
        const expect = new ProbeExpectations();
        expect.equal('looks like Node.js', probe.report.looksLikeNode, true);
        expect.runtimeNamed(probe, context.clientVersion, 'deno', version);
        expect.onePostWithItsBody(probe);
        // The key and base URL read from the environment.
        expect.equal('a client made from the environment', probe.report.fromSettings, { ok: true });
        expect.equal('keys sent by the GETs', keysSentByGets(probe), [apiKey, envKey]);
        expect.lacks('the output', probe.finished.stdout + probe.finished.stderr, [envKey]);
        return expect.verdict(`on deno ${version} with --allow-net=<host> ${envFlags}`);
      },
    },
    {
      name: 'deno-probe-env-without-key',
      needsSuiteMock: false,
      run: async () => {
        const probe = await probeWith((host) => [`--allow-net=${host}`, envFlags]);
        const expect = new ProbeExpectations();
        // With --allow-env but no THUMBNAIL_API_KEY, the missing key is asked for as an environment variable.
        expect.equal('a client made without a key', probe.report.missingKey, NO_KEY_WITH_ENVIRONMENT);
        return expect.verdict('with --allow-env and no THUMBNAIL_API_KEY');
      },
    },
  ];
}
