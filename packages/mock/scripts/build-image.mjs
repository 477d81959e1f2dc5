// pnpm --filter @thumbnail-api/mock build:image: the container image thumbnail-api-mock:local from image/Dockerfile.
// No base image can be pulled where this runs, so the root file system is assembled here (image/rootfs/<arch>/): the
// single executable (build:binary, rebuilt when older than dist/), Prism's modules bundled, the contract, the C
// libraries `ldd` lists for the executable, and a user. `--rootfs-only` stops there (the release workflow assembles
// each architecture on its own runner, then builds one multi-arch image from the same Dockerfile with buildx).
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openapiJsonPath } from '@thumbnail-api/spec';
import { bundlePrism } from '../standalone/bundle.mjs';
import { binaryPath, buildBinary } from './build-binary.mjs';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const imageDir = join(packageDir, 'image');
export const IMAGE_TAG = 'thumbnail-api-mock:local';
/** Where the program lives in the image (the Dockerfile's ENTRYPOINT and PATH say the same). */
const PROGRAM_DIR = 'opt/thumbnail-api-mock';
/** The image's user: no name a host would know, no home, no shell. */
const USER_ID = 10001;

/** Docker's name of this machine's architecture. */
export function dockerArch(arch = process.arch) {
  const names = { x64: 'amd64', arm64: 'arm64' };
  if (!(arch in names)) throw new Error(`No image for ${arch}: the image is built for amd64 and arm64.`);
  return names[arch];
}

/** The newest modification time of the files under `dir`, in milliseconds. */
function newest(dir) {
  let time = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) time = Math.max(time, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return time;
}

/** The executable, rebuilt when dist/ or standalone/ changed after it. */
async function currentBinary(log) {
  const binary = binaryPath();
  const sources = Math.max(newest(join(packageDir, 'dist')), newest(join(packageDir, 'standalone')));
  if (existsSync(binary) && statSync(binary).mtimeMs > sources) return binary;
  return buildBinary({ log });
}

/** The shared libraries the executable loads, as `ldd` lists them (the loader included), by their absolute path. */
function sharedLibraries(binary) {
  const output = execFileSync('ldd', [binary], { encoding: 'utf8' });
  return [...output.matchAll(/(?:=>\s*)?(\/\S+)\s+\(0x[0-9a-f]+\)/g)].map((match) => match[1]);
}

/** Fills image/rootfs/<arch>/ with everything the image holds; returns its path. */
export async function assembleRootfs({ log = console.log } = {}) {
  if (process.platform !== 'linux') throw new Error('The image is assembled on Linux: it carries the Linux executable and its libraries.');
  const binary = await currentBinary(log);
  const rootfs = join(imageDir, 'rootfs', dockerArch());
  rmSync(rootfs, { recursive: true, force: true });
  const program = join(rootfs, PROGRAM_DIR);
  mkdirSync(program, { recursive: true });
  copyFileSync(binary, join(program, 'thumbnail-api-mock'));
  await bundlePrism(join(program, 'prism.cjs'));
  // Prism reads the contract from a file: the executable's copy of the contract points beside itself.
  copyFileSync(openapiJsonPath, join(program, 'openapi.json'));
  for (const library of sharedLibraries(binary)) {
    const target = join(rootfs, library);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(realpathSync(library), target);
  }
  mkdirSync(join(rootfs, 'etc'), { recursive: true });
  writeFileSync(join(rootfs, 'etc', 'passwd'), `mock:x:${USER_ID}:${USER_ID}:thumbnail-api-mock:/nonexistent:/sbin/nologin\n`);
  writeFileSync(join(rootfs, 'etc', 'group'), `mock:x:${USER_ID}:\n`);
  return rootfs;
}

/** Builds thumbnail-api-mock:local from image/Dockerfile with this machine's Docker. */
export async function buildImage({ log = console.log } = {}) {
  await assembleRootfs({ log });
  // The classic builder: Debian's docker.io has no buildx, and the Dockerfile needs nothing BuildKit adds.
  const args = ['build', '--quiet', '--build-arg', `TARGETARCH=${dockerArch()}`, '--tag', IMAGE_TAG, imageDir];
  try {
    execFileSync('docker', args, { stdio: 'pipe', env: { ...process.env, DOCKER_BUILDKIT: '0' } });
  } catch (error) {
    const said = String(error.stderr ?? '').trim();
    throw new Error(`docker ${args.join(' ')} failed${said ? `: ${said}` : ''}. Is Docker's daemon running (dockerd)?`);
  }
  log(`${IMAGE_TAG} built from ${join(imageDir, 'Dockerfile')}`);
  return IMAGE_TAG;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    if (process.argv.includes('--rootfs-only')) console.log(`Assembled ${await assembleRootfs()}`);
    else await buildImage();
  } catch (error) {
    console.error(`build:image: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
