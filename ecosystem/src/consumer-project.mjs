// Throwaway consumer projects in the suite's temporary folder, outside the workspace: a package.json that asks for
// our packages by name and semver range, an .npmrc pointing at the local registry, the smoke program, and npm install.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lastLines } from './case-runner.mjs';
import { cleanEnvironment, run } from './processes.mjs';

const smokeCore = readFileSync(fileURLToPath(new URL('../smoke/smoke-core.mjs', import.meta.url)), 'utf8');
const smokeTypes = readFileSync(fileURLToPath(new URL('../smoke/smoke-core.d.ts', import.meta.url)), 'utf8');

/** The shared smoke program in each module format. */
export const smokeSource = {
  esm: smokeCore,
  cjs: `${smokeCore.replace('export async function runSmoke', 'async function runSmoke')}\nmodule.exports = { runSmoke };\n`,
  types: smokeTypes,
};

/** @typedef {import('../smoke/smoke-core.js').SmokeConfig} SmokeConfig */

/**
 * The settings every smoke run gets, for one runtime.
 * @param {Pick<SmokeConfig, 'mockUrl' | 'echoUrl' | 'refusedUrl' | 'keys' | 'clientVersion'>} context
 * @param {string} runtime
 * @param {SmokeConfig['mode']} [mode]
 * @returns {SmokeConfig}
 */
export function smokeConfig(context, runtime, mode = 'full') {
  const { mockUrl, echoUrl, refusedUrl, keys, clientVersion } = context;
  return { mockUrl, echoUrl, refusedUrl, keys, clientVersion, runtime, mode };
}

/**
 * Creates a project and installs its dependencies from the local registry.
 * @param {string} dir
 * @param {{ registryUrl: string, manifest: object, files?: Record<string, string>, install?: boolean }} options
 */
export async function createProject(dir, { registryUrl, manifest, files = {}, install = true }) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'ecosystem-consumer', version: '1.0.0', private: true, ...manifest }, null, 2)}\n`);
  writeFileSync(join(dir, '.npmrc'), `registry=${registryUrl}\n`);
  writeFiles(dir, files);
  if (!install) return;
  const result = await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: dir,
    env: cleanEnvironment({ NPM_CONFIG_REGISTRY: registryUrl }),
    timeoutMs: 300_000,
  });
  if (result.code !== 0) throw new Error(`npm install from the local registry failed (exit ${result.code}): ${lastLines(result.stderr || result.stdout)}`);
}

/**
 * Creates a project in the run's folder that asks for the client by name and range (`^<version>`), with what else
 * `options` says, and installs it from the local registry unless `install` is false. Resolves to its folder.
 * @param {Pick<import('./context.mjs').SuiteContext, 'work' | 'registryUrl' | 'version'>} context
 * @param {string} folder the project's folder in the run's folder
 * @param {{ manifest?: Record<string, unknown>, files?: Record<string, string>, install?: boolean }} [options]
 * @returns {Promise<string>}
 */
export async function createClientProject(context, folder, { manifest = {}, files, install } = {}) {
  const dir = join(context.work, folder);
  const dependencies = { '@thumbnail-api/client': `^${context.version}` };
  await createProject(dir, { registryUrl: context.registryUrl, manifest: { ...manifest, dependencies }, files, install });
  return dir;
}

/**
 * Writes files (relative paths) under dir.
 * @param {string} dir
 * @param {Record<string, string>} files
 */
export function writeFiles(dir, files) {
  for (const [name, contents] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), contents);
  }
}

/**
 * An ESM entry that loads the client by `specifier`, runs the smoke program and prints its report.
 * @param {SmokeConfig} config
 */
export function esmEntry(config, { specifier = '@thumbnail-api/client', core = './smoke-core.mjs' } = {}) {
  return [
    `import * as sdk from '${specifier}';`,
    `import { runSmoke } from '${core}';`,
    `const report = await runSmoke(sdk, ${JSON.stringify(config)});`,
    "console.log('SMOKE_RESULT ' + JSON.stringify(report));",
    '',
  ].join('\n');
}

/**
 * The same through require().
 * @param {SmokeConfig} config
 */
export function cjsEntry(config, { core = './smoke-core.cjs' } = {}) {
  return [
    "const sdk = require('@thumbnail-api/client');",
    `const { runSmoke } = require('${core}');`,
    `runSmoke(sdk, ${JSON.stringify(config)}).then((report) => console.log('SMOKE_RESULT ' + JSON.stringify(report)));`,
    '',
  ].join('\n');
}
