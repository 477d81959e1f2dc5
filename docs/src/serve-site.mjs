// Serves the built site (docs/dist) on 127.0.0.1. Exported as `@thumbnail-api/docs/serve`, so the repository's
// quick start serves the docs without reaching into this package's folders.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '../scripts/static-server.mjs';

/** The built site: `pnpm turbo run build --filter=@thumbnail-api/docs` writes it. */
export const siteDir = fileURLToPath(new URL('../dist', import.meta.url));

/**
 * Serves the built site on `host:port` (port 0 picks a free one); fails, saying how to build it, when it is not built.
 * @param {{ host?: string, port?: number }} [options]
 * @returns {Promise<{ url: string, close(): Promise<void> }>}
 */
export async function serveSite(options = {}) {
  if (!existsSync(`${siteDir}/index.html`)) {
    throw new Error(`${siteDir}/index.html does not exist: build the docs first (pnpm turbo run build --filter=@thumbnail-api/docs).`);
  }
  return serveStatic(siteDir, options);
}
