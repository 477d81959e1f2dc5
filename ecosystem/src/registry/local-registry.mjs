// A throwaway npm registry: Verdaccio with its own config and storage in a temporary folder, on 127.0.0.1 and a
// free port. Our scope is served only from what is published to it (never proxied); everything else is proxied
// from the registry npm is set up to use here, so consumer projects install as they would from npmjs.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanEnvironment, run, startProcess } from '../processes.mjs';
import { tools } from '../tools.mjs';

const launcher = fileURLToPath(new URL('./verdaccio-server.mjs', import.meta.url));

/**
 * The registry npm uses on this machine, as Verdaccio's uplink.
 * @param {string} cwd
 */
async function upstreamRegistry(cwd) {
  const result = await run('npm', ['config', 'get', 'registry'], { cwd, timeoutMs: 60_000 });
  const url = result.stdout.trim();
  return /^https?:\/\//.test(url) ? url : 'https://registry.npmjs.org/';
}

/**
 * @param {string} dir an empty folder for the registry's config and storage
 * @returns {Promise<{ url: string, dir: string, npmrc: string, stop: () => Promise<void> }>}
 */
export async function startLocalRegistry(dir) {
  mkdirSync(join(dir, 'storage'), { recursive: true });
  const uplink = await upstreamRegistry(dir);
  const config = join(dir, 'config.yaml');
  writeFileSync(
    config,
    [
      `storage: ${JSON.stringify(join(dir, 'storage'))}`,
      'auth:',
      '  htpasswd:',
      `    file: ${JSON.stringify(join(dir, 'htpasswd'))}`,
      '    max_users: -1',
      'uplinks:',
      '  upstream:',
      `    url: ${JSON.stringify(uplink)}`,
      '    timeout: 60s',
      'packages:',
      "  '@thumbnail-api/*':",
      '    access: $all',
      '    publish: $all',
      "  '**':",
      '    access: $all',
      '    publish: $all',
      '    proxy: upstream',
      'log: { type: stdout, format: pretty, level: error }',
      '',
    ].join('\n'),
  );
  const server = await startProcess(tools.node[22], [launcher, tools.module('verdaccio'), config], {
    cwd: dir,
    env: cleanEnvironment(npmCertificateAuthorities()),
    ready: /\{"port":(\d+)\}/,
    timeoutMs: 60_000,
  });
  const port = server.match[1] ?? '';
  const url = `http://127.0.0.1:${port}/`;
  // npm wants a token for publish even where anonymous publish is allowed; this one means nothing anywhere else.
  const npmrc = join(dir, 'npmrc');
  writeFileSync(npmrc, `registry=${url}\n//127.0.0.1:${port}/:_authToken=ecosystem-local-registry\n`);
  return { url, dir, npmrc, stop: server.stop };
}

/**
 * A package's manifest (packument) as the registry serves it.
 * @param {string} registryUrl
 * @param {string} name
 */
export async function readPackument(registryUrl, name) {
  const response = await fetch(new URL(name.replace('/', '%2f'), registryUrl));
  if (!response.ok) throw new Error(`The registry answered ${response.status} for ${name}.`);
  return response.json();
}

/**
 * Verdaccio fetches from the npm registry with Node, which does not read npm's `cafile`: on a machine whose npm trusts
 * an extra certificate authority (as on our CI machines, which set it in the global npmrc), Verdaccio gets it too,
 * or every package it proxies is a 404.
 * @returns {NodeJS.ProcessEnv}
 */
function npmCertificateAuthorities() {
  if (process.env.NODE_EXTRA_CA_CERTS) return {};
  try {
    const cafile = execFileSync('npm', ['config', 'get', 'cafile'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return cafile && cafile !== 'null' && cafile !== 'undefined' ? { NODE_EXTRA_CA_CERTS: cafile } : {};
  } catch {
    return {};
  }
}
