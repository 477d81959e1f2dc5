// esbuild, Vite, Rollup and webpack bundles of one consumer, for the browser (run in headless Chromium, with the
// client's browser opt-in) and for Node.js (run with node), each against the mock.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { smokeInBrowser } from '../bundlers/browser.mjs';
import { lastLines, verdictOfSmoke } from '../case-runner.mjs';
import { createClientProject, smokeConfig, smokeSource } from '../consumer-project.mjs';
import { run } from '../processes.mjs';
import { tools } from '../tools.mjs';

const builder = fileURLToPath(new URL('../bundlers/build-bundle.mjs', import.meta.url));

/** @param {import('../context.mjs').SuiteContext} context */
export function bundlerCases(context) {
  /** @param {import('../consumer-project.mjs').SmokeConfig} config @param {(call: string) => string} deliver */
  const entry = (config, deliver) =>
    [
      "import * as sdk from '@thumbnail-api/client';",
      "import { runSmoke } from './smoke-core.mjs';",
      deliver(`runSmoke(sdk, ${JSON.stringify(config)})`),
      '',
    ].join('\n');
  const install = context.once(() =>
    createClientProject(context, 'bundlers', {
      files: {
        'smoke-core.mjs': smokeSource.esm,
        'entry-node.mjs': entry(smokeConfig(context, 'node'), (call) => `${call}.then((report) => console.log('SMOKE_RESULT ' + JSON.stringify(report)));`),
        'entry-browser.mjs': entry(smokeConfig(context, 'browser'), (call) => `globalThis.__smokeReport = ${call};`),
      },
    }),
  );
  return ['esbuild', 'vite', 'rollup', 'webpack'].flatMap((bundler) =>
    ['browser', 'node'].map((target) => ({
      name: `${bundler}-${target}`,
      run: async () => {
        const dir = await install();
        const outDir = join(dir, `dist-${bundler}-${target}`);
        const build = await run(process.execPath, [builder, tools.modules, bundler, target, dir, outDir], { cwd: dir, timeoutMs: 120_000 });
        const built = /BUILT (\S+)/.exec(build.stdout)?.[1];
        if (build.code !== 0 || !built) throw new Error(`${bundler} build failed (exit ${build.code}): ${lastLines(build.stderr || build.stdout)}`);
        if (target === 'browser') return smokeInBrowser(outDir);
        return verdictOfSmoke(await run(process.execPath, [join(outDir, built)], { cwd: dir, timeoutMs: 60_000 }));
      },
    })),
  );
}
