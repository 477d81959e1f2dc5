// Builds one bundle of a consumer project with one bundler, as a user of that bundler would set it up, for the
// browser or for Node.js. Run as a child of the suite (so a hung build is time-bounded):
//   node build-bundle.mjs <tools node_modules> <esbuild|vite|rollup|webpack> <browser|node> <project dir> <out dir>
// The entries are the project's entry-browser.mjs and entry-node.mjs; it prints the built file's name.
import { readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [modules = '', bundler = '', target = '', project = '', outDir = ''] = process.argv.slice(2);
/** @param {string} name */
const load = async (name) => import(pathToFileURL(createRequire(join(modules, 'noop.js')).resolve(name)).href);
const entry = join(project, target === 'browser' ? 'entry-browser.mjs' : 'entry-node.mjs');

/** @type {Record<string, () => Promise<{ file: string, module: boolean }>>} */
const builders = {
  async esbuild() {
    const { build } = await load('esbuild');
    await build({ entryPoints: [entry], bundle: true, platform: target, format: 'esm', outfile: join(outDir, 'bundle.mjs'), logLevel: 'error' });
    return { file: 'bundle.mjs', module: true };
  },
  async vite() {
    const { build } = await load('vite');
    if (target === 'browser') {
      // A Vite app: index.html loads the entry; Vite writes the page and its assets.
      writeFileSync(join(project, 'index.html'), '<!doctype html><title>smoke</title><script type="module" src="/entry-browser.mjs"></script>\n');
      await build({ root: project, configFile: false, logLevel: 'error', build: { outDir, emptyOutDir: true } });
      return { file: 'index.html', module: true };
    }
    // An SSR build with every dependency bundled (by default Vite leaves node_modules to Node.js).
    await build({ root: project, configFile: false, logLevel: 'error', ssr: { noExternal: true }, build: { ssr: entry, outDir, emptyOutDir: true } });
    return { file: readdirSync(outDir).find((name) => /\.m?js$/.test(name)) ?? '', module: true };
  },
  async rollup() {
    const { rollup } = await load('rollup');
    const { nodeResolve } = await load('@rollup/plugin-node-resolve');
    const resolve = target === 'browser' ? nodeResolve({ browser: true }) : nodeResolve({ exportConditions: ['node'], preferBuiltins: true });
    const bundle = await rollup({ input: entry, plugins: [resolve], logLevel: 'silent' });
    await bundle.write({ file: join(outDir, 'bundle.mjs'), format: 'es' });
    await bundle.close();
    return { file: 'bundle.mjs', module: true };
  },
  async webpack() {
    const { default: webpack } = await load('webpack');
    const file = target === 'browser' ? 'bundle.js' : 'bundle.cjs';
    const config = {
      mode: 'production',
      target: target === 'browser' ? 'web' : 'node',
      entry,
      output: { path: outDir, filename: file },
      context: project,
      stats: 'errors-only',
    };
    await new Promise((resolve, reject) =>
      webpack(config, (/** @type {Error | null} */ error, /** @type {any} */ stats) => {
        if (error) reject(error);
        else if (stats?.hasErrors()) reject(new Error(stats.toString('errors-only')));
        else resolve(undefined);
      }),
    );
    return { file, module: false };
  },
};

const builder = builders[bundler];
if (!builder) throw new Error(`Unknown bundler ${bundler}: use esbuild, vite, rollup or webpack.`);
const built = await builder();
if (target === 'browser' && built.file !== 'index.html') {
  const tag = built.module ? `<script type="module" src="./${built.file}"></script>` : `<script src="./${built.file}"></script>`;
  writeFileSync(join(outDir, 'index.html'), `<!doctype html><title>smoke</title>${tag}\n`);
}
console.log(`BUILT ${target === 'browser' ? 'index.html' : built.file}`);
