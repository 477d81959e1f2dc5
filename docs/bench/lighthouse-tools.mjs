// Lighthouse, pinned in bench/tools (package.json and its lockfile), installed with npm into docs/.tools the first
// time the bench runs and reused while the lockfile is unchanged. It is over 100 MB: not a workspace dependency, so the
// install that npm start and npm test make stays without it.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runProcess } from '@thumbnail-api/dev-tools/run-process';

const manifestDir = fileURLToPath(new URL('./tools/', import.meta.url));
/** Where the bench installs its tools (git-ignored). */
export const toolsDir = fileURLToPath(new URL('../.tools/', import.meta.url));
/** The Lighthouse command line, once installed. */
export const lighthouseBin = join(toolsDir, 'node_modules', '.bin', 'lighthouse');

/** The Lighthouse version bench/tools/package.json pins. */
export function lighthouseVersion() {
  return String(JSON.parse(readFileSync(join(manifestDir, 'package.json'), 'utf8')).dependencies.lighthouse);
}

function manifestHash() {
  const hash = createHash('sha256');
  for (const file of ['package.json', 'package-lock.json']) hash.update(readFileSync(join(manifestDir, file)));
  return hash.digest('hex');
}

/**
 * Installs Lighthouse unless docs/.tools already holds this lockfile's install.
 * @returns {Promise<{ reused: boolean }>}
 */
export async function ensureLighthouse() {
  const stamp = join(toolsDir, '.installed');
  const wanted = manifestHash();
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted && existsSync(lighthouseBin)) return { reused: true };
  rmSync(toolsDir, { recursive: true, force: true });
  mkdirSync(toolsDir, { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) writeFileSync(join(toolsDir, file), readFileSync(join(manifestDir, file)));
  console.log(`Installing lighthouse@${lighthouseVersion()} into ${toolsDir} (once; over 100 MB)...`);
  const result = await runProcess('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: toolsDir, timeoutMs: 10 * 60_000 });
  if (result.code !== 0 || !existsSync(lighthouseBin)) {
    throw new Error(
      `npm install of lighthouse in ${toolsDir} failed (exit ${result.code}${result.timedOut ? ', timed out' : ''}); ` +
        `check that npm reaches its registry, then run the bench again:\n${result.output.slice(-3000)}`,
    );
  }
  writeFileSync(stamp, wanted);
  return { reused: false };
}
