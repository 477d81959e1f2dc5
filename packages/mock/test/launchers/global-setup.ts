// The `launchers` project's global setup: once per run, before any of its files, a check that Docker's daemon answers
// and the builds the suite runs (the image, and the binary it carries, as a developer builds them).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
// @ts-expect-error: a script in JavaScript, without declarations (importing it runs no build).
import { binaryPath, carriedNode } from '../../scripts/build-binary.mjs';

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL('../../', import.meta.url));

/** Builds what the suite runs (the image builds the binary when it is older than dist/); fails saying what is missing. */
export default async function setup(): Promise<void> {
  try {
    await run('docker', ['version', '--format', '{{.Server.Version}}']);
  } catch (error) {
    throw new Error(`Docker's daemon does not answer (${(error as Error).message.split('\n')[0]}): start it (dockerd; .ci/run does), then run again.`);
  }
  await run(process.execPath, [join(packageDir, 'scripts', 'build-image.mjs')], { cwd: packageDir });
  if (!existsSync(binaryPath())) throw new Error(`build:image did not leave ${binaryPath()}.`);
  // The Node.js the binary carries, which the npm CLI runs on in the suite (installed here when the binary was current).
  await carriedNode();
}
