// Checks the package as users get it: packs @thumbnail-api/spec, @thumbnail-api/types and @thumbnail-api/mock with pnpm, installs
// the tarballs with npm into a temporary project outside the workspace (the rest comes from the registry),
// then runs the command and the programmatic API there on this Node and on Node 22 and 24 (npm's `node`
// package). Needs pnpm, npm and the registry; not part of `test` for that reason. Exits non-zero on failure.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const workspace = fileURLToPath(new URL('../../../', import.meta.url));
const project = mkdtempSync(join(tmpdir(), 'thumbnail-api-mock-packed-'));
const tarballs = join(project, 'tarballs');
const env = { ...process.env, SCARF_ANALYTICS: 'false', npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };
let failures = 0;

function sh(command, args, options = {}) {
  console.log(`$ ${[command, ...args].join(' ')}`);
  return execFileSync(command, args, { cwd: project, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], ...options });
}

function check(label, ok, detail = '') {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${label}${detail ? `: ${detail}` : ''}`);
  if (!ok) failures++;
}

for (const name of ['@thumbnail-api/spec', '@thumbnail-api/types', '@thumbnail-api/mock']) {
  sh('pnpm', ['--filter', name, 'pack', '--pack-destination', tarballs], { cwd: workspace });
}
const packed = readdirSync(tarballs).map((file) => join(tarballs, file));
writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'packed-check', private: true, type: 'module' }));
sh('npm', ['install', '--no-package-lock', ...packed]);

// Prism is an optional peer: not installed with the mock; installed by the command its message names, as a user would.
const stoplight = readdirSync(join(project, 'node_modules')).includes('@stoplight');
check('the mock installs without Prism (an optional peer dependency)', !stoplight);
const prismPeers = Object.entries(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).peerDependencies)
  .filter(([name]) => name.startsWith('@stoplight/'))
  .map(([name, version]) => `${name}@${version}`);
sh('npm', ['install', '--no-package-lock', '--save-dev', ...packed, ...prismPeers]);

// Prism's sub-packages must be the pinned ones: newer ones need Node >= 24.18.
const tree = JSON.parse(sh('npm', ['ls', '--all', '--json', '@stoplight/prism-http-server', '@stoplight/prism-core', '@stoplight/prism-http']));
const versions = new Map();
(function walk(node) {
  for (const [name, dep] of Object.entries(node.dependencies ?? {})) {
    if (name.startsWith('@stoplight/prism-')) versions.set(`${name}@${dep.version}`, true);
    walk(dep);
  }
})(tree);
const found = [...versions.keys()].sort();
check(
  'Prism packages resolve to the pinned versions',
  found.length > 0 && found.every((v) => /prism-(cli@5\.14\.2|core@5\.8\.0|http@5\.12\.0|http-server@5\.12\.2)$/.test(v)),
  found.join(', '),
);

const specPath = sh('node', ['-p', "require.resolve('@thumbnail-api/spec/openapi.json')"]).trim();
check('@thumbnail-api/spec resolves from the installed mock', specPath.startsWith(join(project, 'node_modules')), specPath);

// What a user's test does: calls the mock and checks the documented bodies.
writeFileSync(
  join(project, 'integration.mjs'),
  `const url = process.env.THUMBNAIL_API_BASE_URL;
   const list = await fetch(url + '/api/thumbnails', { headers: { 'x-api-key': 'packed-ok' } });
   const revoked = await fetch(url + '/api/thumbnails', { headers: { authorization: 'Bearer packed-revoked' } });
   const body = await revoked.json();
   const ok = list.status === 200 && revoked.status === 401 && body.error === 'Unauthorized';
   console.log('integration', process.version, list.status, revoked.status, JSON.stringify(body));
   process.exit(ok ? 0 : 1);`,
);
writeFileSync(join(project, 'keys.json'), JSON.stringify({ 'packed-ok': 'ok', 'packed-revoked': 'unauthorized' }));
writeFileSync(
  join(project, 'api.mjs'),
  `import { startMock } from '@thumbnail-api/mock';
   const mock = await startMock({ port: 0, keys: { 'packed-ok': 'ok', 'packed-no-access': 'forbidden' } });
   const status = async (key) => (await fetch(mock.url + '/api/thumbnails', { headers: { 'x-api-key': key } })).status;
   const statuses = [await status('packed-ok'), await status('packed-no-access')];
   await mock.stop();
   console.log('api', process.version, statuses.join(' '));
   process.exit(statuses.join() === '200,403' ? 0 : 1);`,
);

/** What a process printed, on one line, without npm's warnings. */
function outputOf(result) {
  return (result.stdout + result.stderr)
    .trim()
    .split('\n')
    .filter((line) => !line.startsWith('npm warn'))
    .join(' | ');
}

const nodes = [
  ['this Node', []],
  ['Node 22', ['npx', '-y', '-p', 'node@22', '--']],
  ['Node 24', ['npx', '-y', '-p', 'node@24', '--']],
];
for (const [label, prefix] of nodes) {
  const run = (args) => {
    const [command, ...rest] = [...prefix, ...args];
    console.log(`$ ${[command, ...rest].join(' ')}`);
    return spawnSync(command, rest, { cwd: project, env, encoding: 'utf8', timeout: 300_000 });
  };
  // Through npx as in the guide on this Node; with another Node, its node runs the installed bin.
  const command = prefix.length === 0 ? ['npx', '@thumbnail-api/mock'] : ['node', 'node_modules/.bin/thumbnail-api-mock'];
  const cli = run([...command, '--port', '0', '--keys', 'keys.json', '--', 'node', 'integration.mjs']);
  check(`${label}: ${command.join(' ')} -- node integration.mjs`, cli.status === 0, outputOf(cli));
  const api = run(['node', 'api.mjs']);
  check(`${label}: startMock() from the installed package`, api.status === 0, outputOf(api));
}

// The project is kept only when something failed, to be looked at.
if (failures === 0) rmSync(project, { recursive: true, force: true });
console.log(failures === 0 ? '\nThe packed packages work outside the workspace.' : `\n${failures} check(s) failed (kept for a look: ${project}).`);
process.exitCode = failures === 0 ? 0 : 1;
