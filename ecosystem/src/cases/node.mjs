import { verdictOfSmoke } from '../case-runner.mjs';
import { cjsEntry, createClientProject, esmEntry, smokeConfig, smokeSource } from '../consumer-project.mjs';
import { run } from '../processes.mjs';
import { tools } from '../tools.mjs';

/** @param {import('../context.mjs').SuiteContext} context */
export function nodeCases(context) {
  const config = smokeConfig(context, 'node');
  const project = context.once(() =>
    createClientProject(context, 'node', {
      files: { 'smoke-core.mjs': smokeSource.esm, 'smoke-core.cjs': smokeSource.cjs, 'smoke.mjs': esmEntry(config), 'smoke.cjs': cjsEntry(config) },
    }),
  );
  return /** @type {const} */ ([20, 22, 24]).flatMap((major) =>
    [
      { flavour: 'esm', entry: 'smoke.mjs' },
      { flavour: 'cjs', entry: 'smoke.cjs' },
    ].map(({ flavour, entry }) => ({
      name: `node${major}-${flavour}`,
      run: async () => {
        const dir = await project();
        return verdictOfSmoke(await run(tools.node[major], [entry], { cwd: dir, timeoutMs: 60_000 }));
      },
    })),
  );
}
