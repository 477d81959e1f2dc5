// Node.js 20 (20.19+), 22 and 24, from the npm `node` package, each loading the client with import and with require.
import { join } from 'node:path';
import { verdictOfSmoke } from '../case-runner.mjs';
import { cjsEntry, createProject, esmEntry, smokeConfig, smokeSource } from '../consumer-project.mjs';
import { run } from '../processes.mjs';
import { tools } from '../tools.mjs';

/** @param {import('../context.mjs').SuiteContext} context */
export function nodeCases(context) {
  const dir = join(context.work, 'node');
  const config = smokeConfig(context, 'node');
  const project = context.once(() =>
    createProject(dir, {
      registryUrl: context.registryUrl,
      manifest: { dependencies: { '@thumbnail-api/client': `^${context.version}` } },
      files: { 'smoke-core.mjs': smokeSource.esm, 'smoke-core.cjs': smokeSource.cjs, 'smoke.mjs': esmEntry(config), 'smoke.cjs': cjsEntry(config) },
    }),
  );
  return /** @type {const} */ ([20, 22, 24]).flatMap((major) =>
    [
      { flavour: 'esm', entry: 'smoke.mjs' },
      { flavour: 'cjs', entry: 'smoke.cjs' },
    ].map(({ flavour, entry }) => ({
      name: `node${major}-${flavour}`,
      timeoutMs: 240_000,
      run: async () => {
        await project();
        return verdictOfSmoke(await run(tools.node[major], [entry], { cwd: dir, timeoutMs: 60_000 }));
      },
    })),
  );
}
