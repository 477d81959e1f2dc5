// TypeScript as users set it up: the module settings they have (the one table the TypeScript cases read), and
// tsc run on a project with its first error as the reason a case fails.
import { join } from 'node:path';
import { lastLines } from './case-runner.mjs';
import { run } from './processes.mjs';
import { tools } from './tools.mjs';

/**
 * @typedef {{ name: string, type: 'module' | 'commonjs', module: string, moduleResolution: string }} TypeScriptSetting
 * `type`: the package.json "type" of the package the consumer is in.
 */

/** @type {readonly TypeScriptSetting[]} Every `module`/`moduleResolution` pair users set, from an ES module package and a CommonJS one. */
export const TYPESCRIPT_SETTINGS = [
  { name: 'node16-esm', type: 'module', module: 'node16', moduleResolution: 'node16' },
  { name: 'nodenext-esm', type: 'module', module: 'nodenext', moduleResolution: 'nodenext' },
  { name: 'bundler-esm', type: 'module', module: 'esnext', moduleResolution: 'bundler' },
  { name: 'node16-cjs', type: 'commonjs', module: 'node16', moduleResolution: 'node16' },
  { name: 'nodenext-cjs', type: 'commonjs', module: 'nodenext', moduleResolution: 'nodenext' },
  // node10 reads no `exports` map (TypeScript's old default for CommonJS): only `main` and `types` lead to the builds.
  { name: 'node10-cjs', type: 'commonjs', module: 'commonjs', moduleResolution: 'node10' },
];

/**
 * Runs `tsc -p <tsconfig>` in `dir`; throws with tsc's first error (and how many more) unless it exits with 0.
 * @param {string} dir
 * @param {string} tsconfig
 * @param {number} [timeoutMs]
 */
export async function runTsc(dir, tsconfig, timeoutMs = 180_000) {
  const result = await run(process.execPath, [join(tools.module('typescript'), 'bin', 'tsc'), '-p', tsconfig, '--pretty', 'false'], { cwd: dir, timeoutMs });
  if (result.code === 0) return;
  const output = result.stdout + result.stderr;
  const errors = output.split('\n').filter((line) => line.includes('error TS'));
  const first = errors.length > 0 ? `${errors[0]}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ''}` : lastLines(output, 3);
  throw new Error(`tsc -p ${tsconfig}: ${first}`);
}
