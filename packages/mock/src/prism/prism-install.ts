// Prism is an optional peer dependency: the test double never needs it, so `npm install @thumbnail-api/mock` does not
// bring its 180 packages. What needs it (a generated body, the contract proxy) loads it on first use; when it is not
// installed, the error names the one command that installs it, at the versions this package is tested with.
import { carriedPrism, NOT_CARRIED } from './prism-carried.js';

/** Prism's packages at the versions the mock is tested with (package.json's peerDependencies; a test keeps them equal). */
export const PRISM_PACKAGES = {
  '@stoplight/prism-cli': '5.14.2',
  // Pinned beside the CLI: its own ranges would pull the 5.16 line, which needs Node.js 24.18 or newer.
  '@stoplight/prism-core': '5.8.0',
  '@stoplight/prism-http': '5.12.0',
  '@stoplight/prism-http-server': '5.12.2',
} as const;

/** The command that installs them. */
export const prismInstallCommand = `npm install --save-dev ${Object.entries(PRISM_PACKAGES)
  .map(([name, version]) => `${name}@${version}`)
  .join(' ')}`;

/** The one-line error of a Prism that cannot be loaded: not installed, or installed but broken. */
export function prismLoadError(purpose: string, cause: unknown): Error {
  const error = cause as NodeJS.ErrnoException;
  const message = String(error?.message ?? cause).split('\n')[0]!;
  const build = carriedPrism();
  if (build !== undefined) return new Error(`${purpose} needs Prism, which ${build.absent}${error?.code === NOT_CARRIED ? '' : ` (${message})`}`);
  const absent = (error?.code === 'ERR_MODULE_NOT_FOUND' || error?.code === 'MODULE_NOT_FOUND') && /@stoplight\/prism-/.test(message);
  if (absent) {
    return new Error(
      `${purpose} needs Prism, an optional peer dependency of @thumbnail-api/mock that is not installed; install it with: ${prismInstallCommand}`,
    );
  }
  return new Error(`${purpose} needs Prism, which could not be loaded (${message}); reinstall it with: ${prismInstallCommand}`);
}
