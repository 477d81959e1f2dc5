#!/usr/bin/env node
// Builds the package in the current directory as ES modules into dist/ (tsconfig.build.json) and as CommonJS
// into dist/cjs/ (tsconfig.cjs.json), so `import` and `require()` both load it. Usage, from a package's
// build script: node ../../scripts/build-dual-package.mjs
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { compileFunction } from 'node:vm';

const packageDir = process.cwd();
const tsc = createRequire(join(packageDir, 'package.json')).resolve('typescript/bin/tsc');
const cjsDir = join(packageDir, 'dist', 'cjs');

function compile(tsconfig) {
  const result = spawnSync(process.execPath, [tsc, '-p', tsconfig], { cwd: packageDir, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// A clean dist/: files left by an older layout would otherwise be packed and published.
rmSync(join(packageDir, 'dist'), { recursive: true, force: true });
compile('tsconfig.build.json');
compile('tsconfig.cjs.json');
// Node.js and TypeScript read dist/cjs/*.js and *.d.ts as CommonJS because of this file (the package is "type": "module").
writeFileSync(join(cjsDir, 'package.json'), `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`);

// `import.meta` is a syntax error in CommonJS. The CommonJS build gets the URL of the same module in the ES module
// build instead (dist/x.js for dist/cjs/x.js), so relative lookups (a bundled file, createRequire) find the same files.
const notCommonJs = [];
for (const file of readdirSync(cjsDir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.js'))) {
  const path = join(cjsDir, file);
  const text = readFileSync(path, 'utf8');
  const esmTwin = relative(dirname(path), join(packageDir, 'dist', file)).replaceAll('\\', '/');
  const rewritten = text.replaceAll(
    'import.meta.url',
    `require("node:url").pathToFileURL(require("node:path").join(__dirname, ${JSON.stringify(esmTwin)})).href`,
  );
  if (rewritten !== text) writeFileSync(path, rewritten);
  // tsc does not type-check this build (noCheck), so ES-module-only syntax it would refuse (top-level await, any other
  // import.meta) is caught here: parsed as Node.js parses a CommonJS module.
  try {
    compileFunction(rewritten, ['exports', 'require', 'module', '__filename', '__dirname'], { filename: path });
  } catch (error) {
    notCommonJs.push(`dist/cjs/${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
if (notCommonJs.length > 0) {
  console.error(`dist/cjs/ must be CommonJS, but these files are not (the sources use ES-module-only syntax):\n${notCommonJs.join('\n')}`);
  process.exit(1);
}
