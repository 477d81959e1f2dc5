#!/usr/bin/env node
// Builds the package in the current directory as ES modules into dist/ (tsconfig.build.json) and as CommonJS
// into dist/cjs/ (tsconfig.cjs.json), so `import` and `require()` both load it. Usage, from a package's
// build script: node ../../scripts/build-dual-package.mjs
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

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

// `import.meta` is a syntax error in CommonJS: the CommonJS build gets the same URL from __filename.
const withImportMeta = [];
for (const file of readdirSync(cjsDir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.js'))) {
  const path = join(cjsDir, file);
  const text = readFileSync(path, 'utf8');
  const rewritten = text.replaceAll('import.meta.url', 'require("node:url").pathToFileURL(__filename).href');
  if (rewritten !== text) writeFileSync(path, rewritten);
  if (/\bimport\.meta\b/.test(rewritten)) withImportMeta.push(file);
}
if (withImportMeta.length > 0) {
  console.error(`dist/cjs/ must be CommonJS, but these files still use import.meta: ${withImportMeta.join(', ')}`);
  process.exit(1);
}
