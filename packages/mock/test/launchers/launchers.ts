// The three ways the mock's command ships, started the way their users start them: the npm package's CLI
// (node bin/thumbnail-api-mock.js), the single executable (dist-bin/), and the container image (docker run, with a
// read-only root, no capabilities and a non-root user). Each gives the same handle, so one suite runs against all.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
// @ts-expect-error: a script in JavaScript, without declarations (importing it runs no build).
import { binaryPath, carriedNode } from '../../scripts/build-binary.mjs';
// @ts-expect-error: a script in JavaScript, without declarations (importing it runs no build).
import { IMAGE_TAG as builtTag } from '../../scripts/build-image.mjs';
import { type CliRun, killAllRuns, runProgram } from '../helpers/cli.js';

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL('../../', import.meta.url));
const npmBin = join(packageDir, 'bin', 'thumbnail-api-mock.js');
/** The image `build:image` makes; global-setup.ts builds it (and the binary) once per run, before these files. */
export const IMAGE_TAG: string = builtTag;
/** The Node.js the binary carries: global-setup.ts installed it, so this finds it in place. */
export const carriedNodePath: string = await carriedNode();

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
const node = carriedNodePath;

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

/** A container's health as Docker's HEALTHCHECK judged it, once no longer `starting` (bounded). */
export async function containerHealth(container: string): Promise<string> {
  for (let attempt = 0; attempt < 150; attempt++) {
    const { stdout } = await run('docker', ['inspect', '--format', '{{.State.Health.Status}}', container]);
    if (stdout.trim() !== 'starting') return stdout.trim();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return 'starting';
}

/** For afterEach: stops every run and removes every container the suite started. */
export async function stopAllLaunched(): Promise<void> {
  await killAllRuns();
  const names = containers.splice(0);
  if (names.length > 0) await run('docker', ['rm', '--force', ...names]).catch(() => undefined);
}
