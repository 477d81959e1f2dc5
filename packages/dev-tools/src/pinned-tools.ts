// Tools too large or too rarely needed to be workspace dependencies (Lighthouse, autocannon, the Changesets CLI):
// each set is pinned by a committed package.json and package-lock.json, installed with npm into a git-ignored folder
// the first time a command needs it, and reused while those two files are unchanged. `pnpm install` never fetches them.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runProcess } from './run-process.js';

const MANIFEST_FILES = ['package.json', 'package-lock.json'] as const;
/** Written into the install folder after a complete install: the hash of the two manifest files installed. */
const STAMP_FILE = '.installed';
/** An exact version, or an npm alias of one (`npm:node@22.21.1`): ranges would let two machines differ. */
const EXACT_VERSION = /^(npm:(@[\w.-]+\/)?[\w.-]+@)?\d+\.\d+\.\d+(-[\w.]+)?(\+[\w.]+)?$/;

export interface PinnedToolSet {
  /** The folder holding the set's package.json (exact versions) and its package-lock.json, both committed. */
  readonly manifestDir: string;
  /** The git-ignored folder npm installs the set into; emptied before every install. */
  readonly installDir: string;
  /** Commands (names in node_modules/.bin) the set must provide; an install without one of them fails. */
  readonly bins?: readonly string[];
  /** Other files the set must provide, relative to `installDir` (e.g. a binary an install script fetches). */
  readonly files?: readonly string[];
  /** The environment npm runs with (default: this process's). */
  readonly env?: NodeJS.ProcessEnv;
  /** How long npm may take before it is stopped (default 10 minutes). */
  readonly timeoutMs?: number;
  /** Where the line announcing an install goes (default: console.log); reused installs say nothing. */
  readonly log?: (line: string) => void;
}

export interface InstalledToolSet {
  /** True when the folder already held this exact lockfile's install and nothing ran. */
  readonly reused: boolean;
  readonly installDir: string;
  /** `name@version` of every tool the set pins, as its package.json lists them. */
  readonly tools: readonly string[];
  /** The path of a command the set installed (node_modules/.bin/name). */
  bin(name: string): string;
}

/** The manifest is unusable, or npm could not install it; the message says which tools, where, and what to do. */
export class PinnedToolsError extends Error {
  override name = 'PinnedToolsError';
}

/** `name@version` of every dependency the manifest pins; throws a {@link PinnedToolsError} for a missing, broken or unpinned manifest. */
function pinnedTools(manifestDir: string): string[] {
  const file = join(manifestDir, 'package.json');
  if (!existsSync(file)) {
    throw new PinnedToolsError(
      `No package.json in ${manifestDir}: a pinned tool set is a folder with a package.json (exact versions) and its package-lock.json.`,
    );
  }
  let manifest: { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new PinnedToolsError(
      `${file} is not valid JSON (${error instanceof Error ? error.message : String(error)}): fix it, then run \`npm install --package-lock-only\` in ${manifestDir} and commit both files.`,
    );
  }
  const pins = Object.entries({ ...manifest.dependencies, ...manifest.devDependencies });
  const loose = pins.filter(([, version]) => !EXACT_VERSION.test(String(version)));
  if (loose.length > 0) {
    throw new PinnedToolsError(
      `${file} pins no exact version of ${loose.map(([name, version]) => `${name} (${JSON.stringify(version)})`).join(', ')}: write exact versions (1.2.3), then run \`npm install --package-lock-only\` in ${manifestDir} and commit both files.`,
    );
  }
  if (!existsSync(join(manifestDir, 'package-lock.json'))) {
    throw new PinnedToolsError(
      `No package-lock.json in ${manifestDir}: run \`npm install --package-lock-only\` there and commit it, so every machine installs the same versions.`,
    );
  }
  return pins.map(([name, version]) => `${name}@${version}`);
}

/** The hash of the set's package.json and package-lock.json: an install is reused while it is unchanged. */
function pinnedToolsStamp(manifestDir: string): string {
  const hash = createHash('sha256');
  for (const file of MANIFEST_FILES) hash.update(readFileSync(join(manifestDir, file)));
  return hash.digest('hex');
}

/** Installs the set unless its folder already holds this exact lockfile's install (and every command in `bins`, every file in `files`). */
export async function ensurePinnedTools(options: PinnedToolSet): Promise<InstalledToolSet> {
  // Without a trailing slash (a URL turned into a path has one), so that messages name the folders plainly.
  const set = { ...options, manifestDir: resolve(options.manifestDir), installDir: resolve(options.installDir) };
  const tools = pinnedTools(set.manifestDir);
  const bin = (name: string) => join(set.installDir, 'node_modules', '.bin', name);
  const installed = (reused: boolean): InstalledToolSet => ({ reused, installDir: set.installDir, tools, bin });
  const stampFile = join(set.installDir, STAMP_FILE);
  const wanted = pinnedToolsStamp(set.manifestDir);
  const missingBins = () => (set.bins ?? []).filter((name) => !existsSync(bin(name)));
  const missingFiles = () => (set.files ?? []).filter((file) => !existsSync(join(set.installDir, file)));
  const complete = () => missingBins().length === 0 && missingFiles().length === 0;
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === wanted && complete()) return installed(true);

  const what = tools.length > 0 ? tools.join(', ') : 'an empty tool set';
  rmSync(set.installDir, { recursive: true, force: true });
  mkdirSync(set.installDir, { recursive: true });
  for (const file of MANIFEST_FILES) writeFileSync(join(set.installDir, file), readFileSync(join(set.manifestDir, file)));
  (set.log ?? console.log)(`Installing ${what} into ${set.installDir} with npm (once, until ${join(set.manifestDir, 'package-lock.json')} changes)...`);
  const timeoutMs = set.timeoutMs ?? 10 * 60_000;
  // `npm install` with the lockfile rather than `npm ci`: a registry mirror that carries only this platform's
  // optional binaries leaves the others out of the lockfile, and `npm ci` then refuses to install at all.
  const args = ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'];
  const result = await runProcess('npm', args, { cwd: set.installDir, env: set.env, timeoutMs }).catch((error: Error) => {
    throw new PinnedToolsError(
      `Could not run npm to install ${what} into ${set.installDir} (${error.message}): install Node.js with npm, then run the command again.`,
    );
  });
  if (result.code !== 0) {
    const how = result.timedOut ? `was stopped after ${timeoutMs / 1000} s` : `exited with ${result.code ?? result.signal}`;
    const tail = result.output.trimEnd().split('\n').slice(-20).join('\n');
    throw new PinnedToolsError(
      `npm install of ${what} into ${set.installDir} ${how}. Check that npm reaches its registry (\`npm ping\`) and the disk has room, then run the command again (the folder is installed afresh). npm said:\n${tail}`,
    );
  }
  const absent = missingBins();
  if (absent.length > 0) {
    throw new PinnedToolsError(
      `npm installed ${what} into ${set.installDir}, but no ${absent.map((name) => `\`${name}\``).join(', ')} command: ${join(set.manifestDir, 'package.json')} must pin the package that provides it.`,
    );
  }
  const absentFiles = missingFiles();
  if (absentFiles.length > 0) {
    throw new PinnedToolsError(
      `npm installed ${what} into ${set.installDir}, but not ${absentFiles.join(', ')}: an install script that fetches it failed, or ${join(set.manifestDir, 'package.json')} pins no package that provides it. Run the command again.`,
    );
  }
  writeFileSync(stampFile, wanted);
  return installed(false);
}
