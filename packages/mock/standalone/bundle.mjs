// The mock's command as one CommonJS script (what a single executable runs: inside one, require() loads Node's
// built-in modules only), and Prism's modules as another that the container image ships beside it. Both from the
// package's build (dist/), so the bundle runs the same code as the npm CLI.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

/** The oldest Node.js a bundle runs on: the one the executables carry is newer. */
const TARGET = 'node22';

/**
 * Module code that reads files relative to `import.meta.url`, which a bundle has no more: each `find` becomes `replace`
 * (given the file's folder). A find no longer found fails the build, naming the file, so a moved line is noticed.
 */
const FILE_READS = [
  {
    file: /spec[\\/]dist[\\/]index\.js$/,
    edits: [
      // The contract is inlined; its path (which Prism reads) is the copy beside the executable, where the image has one.
      ["fileURLToPath(new URL('./openapi.json', import.meta.url))", () => besideExecutable('openapi.json')],
      ["fileURLToPath(new URL('./openapi.yaml', import.meta.url))", () => besideExecutable('openapi.yaml')],
      ["JSON.parse(readFileSync(openapiJsonPath, 'utf8'))", (dir) => readFileSync(join(dir, 'openapi.json'), 'utf8')],
    ],
  },
  {
    // --version reads the package's version.
    file: /mock[\\/]dist[\\/]cli[\\/]run-cli\.js$/,
    edits: [
      [
        "JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))",
        () => JSON.stringify({ version: JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')).version }),
      ],
    ],
  },
];

/** An expression for the path of `name` in the executable's folder. */
function besideExecutable(name) {
  return `require("node:path").join(require("node:path").dirname(process.execPath), ${JSON.stringify(name)})`;
}

/** The plugin applying {@link FILE_READS}. */
const inlineFileReads = {
  name: 'inline-file-reads',
  setup(esbuild) {
    esbuild.onLoad({ filter: /[\\/]dist[\\/].*\.js$/ }, (args) => {
      const entry = FILE_READS.find(({ file }) => file.test(args.path));
      if (entry === undefined) return undefined;
      let contents = readFileSync(args.path, 'utf8');
      for (const [find, replace] of entry.edits) {
        if (!contents.includes(find)) {
          throw new Error(`${args.path} no longer holds ${find}: update FILE_READS in ${fileURLToPath(import.meta.url)}.`);
        }
        contents = contents.replaceAll(find, replace(dirname(args.path)));
      }
      return { contents, loader: 'js' };
    });
  },
};

/** jsonc-parser's `main` is a UMD module whose require() calls esbuild cannot follow: its ES module build instead. */
const jsoncParserEsm = {
  name: 'jsonc-parser-esm',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^jsonc-parser$/ }, (args) => {
      const main = createRequire(join(args.resolveDir, 'index.js')).resolve('jsonc-parser');
      return { path: resolve(dirname(main), '..', 'esm', 'main.js') };
    });
  },
};

/** Fails on any warning: an `import.meta` left empty or a require() esbuild cannot follow would fail at run time. */
function strict(result, what) {
  if (result.warnings.length > 0) {
    const lines = result.warnings.map((warning) => `${warning.location?.file ?? ''}:${warning.location?.line ?? ''} ${warning.text}`);
    throw new Error(`Bundling ${what} gave warnings, each a failure at run time:\n${lines.join('\n')}`);
  }
  return result;
}

/**
 * Bundles `entry` (a file of this folder) into one CommonJS script at `outfile`, minified: the executable must stay
 * under 110 MB, and Node's binary alone is 108.5 MB (names shortened too: the mock's messages never show a stack).
 */
async function bundle(entry, outfile, plugins, what) {
  const options = { bundle: true, platform: 'node', format: 'cjs', target: TARGET, minify: true, legalComments: 'none', logLevel: 'silent' };
  const result = await build({ ...options, entryPoints: [fileURLToPath(new URL(entry, import.meta.url))], outfile, plugins });
  return strict(result, what);
}

/** Writes the command's bundle to `outfile`. */
export function bundleCli(outfile) {
  return bundle('./entry.mjs', outfile, [inlineFileReads], 'the command');
}

/** Writes Prism's modules (the ones src/prism/ loads) to `outfile`: the image loads it only when asked. */
export function bundlePrism(outfile) {
  return bundle('./prism-modules.cjs', outfile, [jsoncParserEsm], "Prism's modules");
}
