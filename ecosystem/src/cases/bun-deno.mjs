// Bun (its own installer and runtime) and Deno (`npm:` specifiers, no package.json), from their npm packages,
// with caches of their own in the run's folder so that nothing from an earlier run is used.
import { join } from 'node:path';
import { verdictOfSmoke } from '../case-runner.mjs';
import { createClientProject, esmEntry, smokeConfig, smokeSource, writeFiles } from '../consumer-project.mjs';
import { cleanEnvironment, run } from '../processes.mjs';
import { tools } from '../tools.mjs';

/** @param {import('../context.mjs').SuiteContext} context */
export function bunCases(context) {
  return [
    {
      name: 'bun',
      run: async () => {
        const dir = await createClientProject(context, 'bun', {
          manifest: { type: 'module' },
          files: { 'smoke-core.mjs': smokeSource.esm, 'smoke.mjs': esmEntry(smokeConfig(context, 'bun')) },
          install: false,
        });
        const env = cleanEnvironment({
          BUN_CONFIG_REGISTRY: context.registryUrl,
          BUN_INSTALL_CACHE_DIR: join(context.work, 'bun-cache'),
          BUN_RUNTIME_TRANSPILER_CACHE_PATH: '0',
        });
        const install = await run(tools.bin('bun'), ['install', '--no-progress'], { cwd: dir, env, timeoutMs: 180_000 });
        if (install.code !== 0)
          throw new Error(`bun install from the local registry failed (exit ${install.code}): ${(install.stderr || install.stdout).slice(-500)}`);
        return verdictOfSmoke(await run(tools.bin('bun'), ['smoke.mjs'], { cwd: dir, env, timeoutMs: 60_000 }));
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
  // Deno refuses versions published less than 24 hours ago by default; ours were published a minute ago.
  /** @param {string[]} flags @param {string} entry */
  const deno = (flags, entry) =>
    run(tools.bin('deno'), ['run', '--no-prompt', '--no-config', '--node-modules-dir=none', '--minimum-dependency-age=0', ...flags, entry], {
      cwd: dir,
      env,
      timeoutMs: 120_000,
    });
  return [
    {
      name: 'deno',
      run: async () => {
        writeFiles(dir, { 'smoke-core.mjs': smokeSource.esm, 'smoke.mjs': esmEntry(smokeConfig(context, 'deno'), { specifier }) });
        // What the client needs: the network to the mock and the servers on 127.0.0.1, and its two variables.
        return verdictOfSmoke(await deno(['--allow-net=127.0.0.1', '--allow-env=THUMBNAIL_API_KEY,THUMBNAIL_API_BASE_URL'], 'smoke.mjs'));
      },
    },
    {
      name: 'deno-no-permissions',
      run: async () => {
        writeFiles(dir, { 'smoke-core.mjs': smokeSource.esm, 'denied.mjs': esmEntry(smokeConfig(context, 'deno', 'permissions-denied'), { specifier }) });
        return verdictOfSmoke(await deno([], 'denied.mjs'));
      },
    },
  ];
}
