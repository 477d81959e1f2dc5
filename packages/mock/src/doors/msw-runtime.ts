// msw 3 declares Node.js >= 22.12; on an older Node.js it loads, then fails every request it intercepts as if the
// connection broke (`Promise.withResolvers` is missing there). npm installs it anyway (msw@latest, an engine warning).
import { createRequire } from 'node:module';

/** Throws an error saying what to install when the msw this package loads cannot run on this Node.js. */
export function checkMswRuntime(nodeVersion: string = process.versions.node, mswVersion: string | undefined = installedMswVersion()): void {
  if (mswVersion === undefined || Number.parseInt(mswVersion, 10) < 3) return;
  const [major = 0, minor = 0] = nodeVersion.split('.').map(Number);
  if (major > 22 || (major === 22 && minor >= 12)) return;
  throw new Error(
    `createHandlers() found msw ${mswVersion}, which needs Node.js 22.12 or newer; this is Node.js ${nodeVersion}, where every request msw intercepts would fail as a broken connection. Install msw 2 (npm install --save-dev msw@^2) or run Node.js 22.12 or newer.`,
  );
}

/** The version of the msw this package resolves (the one its handlers run under), if it can tell. */
function installedMswVersion(): string | undefined {
  try {
    const { version } = createRequire(import.meta.url)('msw/package.json') as { version?: unknown };
    return typeof version === 'string' ? version : undefined;
  } catch {
    return undefined;
  }
}
