// The client's bundle size as users' bundlers see it: esbuild, minified, ESM, browser platform, including
// openapi-fetch; gzip level 9. Read by bench/run.mjs (printed) and scripts/readme-bundle-size.mjs (the README).
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const here = fileURLToPath(new URL('.', import.meta.url));

/** @param {string} contents */
async function sizeOf(contents) {
  const result = await build({
    stdin: { contents, resolveDir: here, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
  });
  const code = result.outputFiles[0].contents;
  const inputs = Object.values(result.metafile.outputs)[0].inputs;
  return { min: code.length, gz: gzipSync(code, { level: 9 }).length, inputs };
}

/** Sizes in bytes of the whole client (dist/, so run after the build) and of openapi-fetch alone, and the client's own modules. */
export async function measureBundleSize() {
  const whole = await sizeOf("export * from '../dist/index.js';");
  const openapiFetch = await sizeOf("export { default } from 'openapi-fetch';");
  const modules = Object.entries(whole.inputs)
    .filter(([path, input]) => input.bytesInOutput > 0 && /(^|\/)dist\//.test(path) && !path.includes('node_modules'))
    .sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)
    .map(([path, input]) => ({ module: path.replace(/^.*?dist\//, ''), min: input.bytesInOutput }));
  return { whole: { min: whole.min, gz: whole.gz }, openapiFetch: { min: openapiFetch.min, gz: openapiFetch.gz }, modules };
}
