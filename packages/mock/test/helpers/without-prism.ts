// The built mock installed as npm installs it by default, without its optional peer Prism: a project folder whose
// node_modules holds a copy of this package (bin, dist, package.json) and links to the dependencies it declares, and
// no @stoplight package anywhere above it. No network: the dependencies are the workspace's own.
import { cpSync, mkdirSync, realpathSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scratchDir } from './scratch-dir.js';

const packageDir = fileURLToPath(new URL('../../', import.meta.url));

export interface WithoutPrism {
  /** The project folder. */
  readonly dir: string;
  /** The installed package's bin, to run with node. */
  readonly cliPath: string;
  /** The installed package's ESM entry, to import. */
  readonly entry: string;
}

/** Lays the project out once per test file (removed after its last test); the package must be built. */
export function installWithoutPrism(): WithoutPrism {
  const dir = scratchDir('thumbnail-api-mock-without-prism-');
  const modules = join(dir, 'node_modules');
  const installed = join(modules, '@thumbnail-api', 'mock');
  mkdirSync(installed, { recursive: true });
  for (const part of ['bin', 'dist', 'package.json']) cpSync(join(packageDir, part), join(installed, part), { recursive: true });
  const manifest = createRequire(join(packageDir, 'package.json'))('./package.json') as { dependencies: Record<string, string> };
  const resolveFrom = createRequire(join(packageDir, 'package.json'));
  for (const name of Object.keys(manifest.dependencies)) {
    const target = realpathSync(dirname(resolveFrom.resolve(`${name}/package.json`)));
    mkdirSync(dirname(join(modules, name)), { recursive: true });
    symlinkSync(target, join(modules, name), 'dir');
  }
  return { dir, cliPath: join(installed, 'dist', 'cli.js'), entry: join(installed, 'dist', 'index.js') };
}
