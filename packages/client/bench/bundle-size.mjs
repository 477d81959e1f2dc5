// The client's bundle size as users' bundlers see it: esbuild, minified, ESM, browser platform, including
// openapi-fetch; gzip level 9. Read by bench/run.mjs (printed) and scripts/readme-bundle-size.mjs (the README).
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import ts from 'typescript';

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * A module's text with every piece of text that holds a space (its messages and hints) emptied.
 * @param {string} path @param {string} text
 */
function emptyMessages(path, text) {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  /** @type {Array<[number, number]>} */
  const cuts = [];
  /** @param {ts.Node} node */
  const visit = (node) => {
    const prose =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node);
    if (prose && node.text.includes(' ')) cuts.push([node.getStart() + 1, node.getEnd() - (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) ? 2 : 1)]);
    ts.forEachChild(node, visit);
  };
  visit(source);
  let emptied = source.text;
  for (const [start, end] of cuts.reverse()) emptied = emptied.slice(0, start) + emptied.slice(end);
  return emptied;
}

/** The client's own files (dist/) with their messages emptied. */
const withoutMessages = {
  name: 'without-messages',
  /** @param {import('esbuild').PluginBuild} plugin */
  setup(plugin) {
    plugin.onLoad({ filter: /[\\/]dist[\\/][^\\/]+\.js$/ }, async ({ path }) => ({
      contents: emptyMessages(path, await readFile(path, 'utf8')),
      loader: 'js',
    }));
  },
};

/** @param {string} contents @param {import('esbuild').Plugin[]} plugins */
async function sizeOf(contents, plugins = []) {
  const result = await build({
    plugins,
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

/**
 * Sizes in bytes of the whole client (dist/, so run after the build), of openapi-fetch alone, of the whole client with
 * its message text emptied, and the client's own modules.
 */
export async function measureBundleSize() {
  const whole = await sizeOf("export * from '../dist/index.js';");
  const openapiFetch = await sizeOf("export { default } from 'openapi-fetch';");
  // What the code weighs without the words of its messages: the floor under any rewording.
  const noMessages = await sizeOf("export * from '../dist/index.js';", [withoutMessages]);
  const modules = Object.entries(whole.inputs)
    .filter(([path, input]) => input.bytesInOutput > 0 && /(^|\/)dist\//.test(path) && !path.includes('node_modules'))
    .sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)
    .map(([path, input]) => ({ module: path.replace(/^.*?dist\//, ''), min: input.bytesInOutput }));
  return {
    whole: { min: whole.min, gz: whole.gz },
    openapiFetch: { min: openapiFetch.min, gz: openapiFetch.gz },
    noMessages: { min: noMessages.min, gz: noMessages.gz },
    modules,
  };
}
