// The three ways the mock's command ships, started the way their users start them: the npm package's CLI
// (node bin/thumbnail-api-mock.js), the single executable (dist-bin/), and the container image (docker run, with a
// read-only root, no capabilities and a non-root user). Each gives the same handle, so one suite runs against all.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type CliRun, killAllRuns, runProgram } from '../helpers/cli.js';

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL('../../', import.meta.url));
const npmBin = join(packageDir, 'bin', 'thumbnail-api-mock.js');
/** What `build:image` makes (the binary, the image) and the Node.js the binary carries, which it installs. */
export const IMAGE_TAG = 'thumbnail-api-mock:local';
const binaryPath = () => join(packageDir, 'dist-bin', `thumbnail-api-mock-${process.platform}-${process.arch}`);
export const carriedNodePath = join(packageDir, '.tools', 'standalone', 'node_modules', 'node', 'bin', 'node');

export type LauncherName = 'npm CLI' | 'binary' | 'image';

export interface LaunchOptions {
  /** THUMBNAIL_API_MOCK_* (or other) variables for the mock. */
  readonly env?: Readonly<Record<string, string>>;
  /** The folder the command starts in (the npm CLI and the binary; a wrapped command runs there too). */
  readonly cwd?: string;
  /** Folders the mock reads or writes (rules, keys, recordings, reports): the image gets each mounted at the same path. */
  readonly folders?: readonly string[];
}

/** A started command: its output, and its process (for the image, the `docker run` in front of the container). */
export interface Launched extends CliRun {
  readonly launcher: LauncherName;
}

export interface Launcher {
  readonly name: LauncherName;
  /** Starts `thumbnail-api-mock args...`; `ready()` resolves with the URL it printed, reachable from this machine. */
  start(args: readonly string[], options?: LaunchOptions): Launched;
}

const containers: string[] = [];
let containerCount = 0;

/** The Node.js the executable and the image carry: the npm CLI runs on it here, so that only the packaging differs. */
let node = process.execPath;

const npmCli: Launcher = {
  name: 'npm CLI',
  start: (args, options = {}) =>
    Object.assign(runProgram(node, [npmBin, ...args], { env: { ...process.env, ...options.env }, cwd: options.cwd }), { launcher: 'npm CLI' as const }),
};

const binary: Launcher = {
  name: 'binary',
  start: (args, options = {}) =>
    Object.assign(runProgram(binaryPath(), args, { env: { ...process.env, ...options.env }, cwd: options.cwd }), { launcher: 'binary' as const }),
};

const image: Launcher = {
  name: 'image',
  start(args, options = {}) {
    const name = `thumbnail-api-mock-test-${process.pid}-${++containerCount}`;
    containers.push(name);
    // The host's network, the mock on 127.0.0.1 only: these machines allow no traffic to the bridge's private range.
    const env = { THUMBNAIL_API_MOCK_HOST: '127.0.0.1', ...options.env };
    const docker = [
      'run',
      '--rm',
      '--name',
      name,
      '--read-only',
      '--cap-drop',
      'ALL',
      '--user',
      '10001:10001',
      '--network',
      'host',
      ...Object.entries(env).flatMap(([variable, value]) => ['--env', `${variable}=${value}`]),
      ...(options.folders ?? []).flatMap((folder) => ['--volume', `${folder}:${folder}`]),
      IMAGE_TAG,
      ...args,
    ];
    return Object.assign(runProgram('docker', docker, { env: process.env }), { launcher: 'image' as const });
  },
};

export const launchers: readonly Launcher[] = [npmCli, binary, image];

/** Builds what the suite runs (the image builds the binary when it is older than dist/); fails saying what is missing. */
export async function prepareLaunchers(): Promise<void> {
  try {
    await run('docker', ['version', '--format', '{{.Server.Version}}']);
  } catch (error) {
    throw new Error(`Docker's daemon does not answer (${(error as Error).message.split('\n')[0]}): start it (dockerd; .ci/run does), then run again.`);
  }
  // As a developer builds them; the image's build makes the binary first when dist/ is newer. One file at a time:
  // vitest runs this folder's files side by side, and each build rewrites the image's root file system.
  const lock = join(packageDir, 'dist-bin', '.build-lock');
  mkdirSync(dirname(lock), { recursive: true });
  for (let waited = 0; !tryLock(lock); waited += 250) {
    if (waited > 280_000) throw new Error(`${lock} stayed for over 4 minutes: another build is stuck, or remove it if none runs.`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  try {
    await run(process.execPath, [join(packageDir, 'scripts', 'build-image.mjs')], { cwd: packageDir });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
  for (const built of [binaryPath(), carriedNodePath]) if (!existsSync(built)) throw new Error(`build:image did not leave ${built}.`);
  node = carriedNodePath;
}

/** A container's health as Docker's HEALTHCHECK judged it, once no longer `starting` (bounded). */
export async function containerHealth(container: string): Promise<string> {
  for (let attempt = 0; attempt < 150; attempt++) {
    const { stdout } = await run('docker', ['inspect', '--format', '{{.State.Health.Status}}', container]);
    if (stdout.trim() !== 'starting') return stdout.trim();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return 'starting';
}

/** Takes the lock (an atomic mkdir); false when another file holds it. A lock older than any build (a run killed
 * while it held one) is taken over. */
function tryLock(lock: string): boolean {
  try {
    mkdirSync(lock);
    return true;
  } catch {
    const stale = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 10 * 60_000;
    if (stale) rmSync(lock, { recursive: true, force: true });
    return false;
  }
}

/** For afterEach: stops every run and removes every container the suite started. */
export async function stopAllLaunched(): Promise<void> {
  await killAllRuns();
  const names = containers.splice(0);
  if (names.length > 0) await run('docker', ['rm', '--force', ...names]).catch(() => undefined);
}
