// pnpm --filter @thumbnail-api/mock build:binary: the mock's command as a single executable (Node.js's single executable
// applications) for this machine's platform, in dist-bin/thumbnail-api-mock-<os>-<arch>. It carries the Node.js LTS
// pinned in standalone/tools (never the Node.js running this script: blob and binary must come from one version).
// Run after `build` (the bundle is made from dist/). Prints the file and its size.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePinnedTools } from '@thumbnail-api/dev-tools/pinned-tools';
import { bundleCli } from '../standalone/bundle.mjs';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(packageDir, 'dist-bin');
const workDir = join(outDir, '.build');

/** Node's SEA fuse, which postject flips in the copy it injects (Node's docs give this value). */
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

/** `linux-x64`, `darwin-arm64`, `win-x64`: the names the release publishes. */
export function platformName(platform = process.platform, arch = process.arch) {
  return `${platform === 'win32' ? 'win' : platform}-${arch}`;
}

/** The executable's path for this platform. */
export function binaryPath(platform = process.platform, arch = process.arch) {
  return join(outDir, `thumbnail-api-mock-${platformName(platform, arch)}${platform === 'win32' ? '.exe' : ''}`);
}

/** The pinned tool set: the Node.js the executable carries, and postject. */
const standaloneTools = {
  manifestDir: join(packageDir, 'standalone', 'tools'),
  installDir: join(packageDir, '.tools', 'standalone'),
  files: [join('node_modules', 'node', 'bin', process.platform === 'win32' ? 'node.exe' : 'node'), join('node_modules', 'postject', 'dist', 'cli.js')],
};

/** The Node.js the executable carries (installing it on first use), e.g. to run the npm CLI on the same version. */
export async function carriedNode({ log = console.log } = {}) {
  const tools = await ensurePinnedTools({ ...standaloneTools, log });
  return join(tools.installDir, standaloneTools.files[0]);
}

/** Builds the executable; returns its path. */
export async function buildBinary({ log = console.log } = {}) {
  const tools = await ensurePinnedTools({ ...standaloneTools, log });
  const node = join(tools.installDir, standaloneTools.files[0]);
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });

  const script = join(workDir, 'thumbnail-api-mock.cjs');
  await bundleCli(script);
  const blob = join(workDir, 'sea.blob');
  const config = { main: script, output: blob, disableExperimentalSEAWarning: true, useCodeCache: true };
  writeFileSync(join(workDir, 'sea-config.json'), JSON.stringify(config, null, 2));
  execFileSync(node, ['--experimental-sea-config', join(workDir, 'sea-config.json')], { stdio: 'pipe' });

  const target = binaryPath();
  rmSync(target, { force: true });
  copyFileSync(node, target);
  chmodSync(target, 0o755);
  if (process.platform === 'linux') {
    // Symbols are half of Node's binary and nothing at run time needs them (126.6 MB → 108.5 MB for Node 24.21).
    execFileSync('strip', ['--strip-all', target]);
  }
  if (process.platform === 'darwin') execFileSync('codesign', ['--remove-signature', target]);
  const postject = join(tools.installDir, 'node_modules', 'postject', 'dist', 'cli.js');
  const macho = process.platform === 'darwin' ? ['--macho-segment-name', 'NODE_SEA'] : [];
  execFileSync(process.execPath, [postject, target, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', SEA_FUSE, ...macho], { stdio: 'pipe' });
  // macOS runs only signed code on arm64: an ad-hoc signature, as Node's docs do it.
  if (process.platform === 'darwin') execFileSync('codesign', ['--sign', '-', target]);
  rmSync(workDir, { recursive: true, force: true });
  // It runs: it prints the package's version.
  const version = execFileSync(target, ['--version'], { encoding: 'utf8' }).trim();
  log(`${target}: ${(statSync(target).size / 1e6).toFixed(1)} MB, @thumbnail-api/mock ${version} on Node.js ${nodeVersion(node)}`);
  return target;
}

function nodeVersion(node) {
  return execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    await buildBinary();
  } catch (error) {
    console.error(`build:binary: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
