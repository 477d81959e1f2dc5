// Bundles Try it for the reference page with esbuild (platform browser): the page's code (try-it-app.mjs), the mock's
// engine (@thumbnail-api/mock/browser), the contract and the code-sample generators, in one ES module loaded only when
// a reader opens Try it. A `node:` module on that path fails the build (esbuild resolves none for the browser).
import { build } from 'esbuild';
import { TRY_IT_BUNDLE_FILE } from './try-it-page.mjs';

/**
 * Writes the bundle to `<dir>/try-it.js`.
 * @param {string} dir The site's folder (dist/).
 * @returns {Promise<{ file: string, bytes: number }>}
 */
export async function buildTryIt(dir) {
  const file = `${dir}/${TRY_IT_BUNDLE_FILE}`;
  const result = await build({
    entryPoints: [new URL('./try-it-app.mjs', import.meta.url).pathname],
    inject: [new URL('./buffer-global.mjs', import.meta.url).pathname],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'eof',
    outfile: file,
    logLevel: 'silent',
    metafile: true,
  });
  return { file, bytes: result.metafile.outputs[Object.keys(result.metafile.outputs)[0] ?? '']?.bytes ?? 0 };
}
