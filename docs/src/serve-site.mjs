// Serves the built site (docs/dist) on 127.0.0.1 like the plain hosts it is published on (GitHub Pages, S3): files
// as they are, a folder answers with its index.html, anything else is a 404 — no SPA fallback that would hide a
// broken link. Exported as `@thumbnail-api/docs/serve`, so `npm start` serves the docs without reaching into this
// package's folders; the tests use it too. `rewriteUnknownPathsTo` turns it into a host that rewrites unknown paths
// to one page (Netlify, Cloudflare Pages without a 404.html), so the tests can check how the site copes there.
// `compress` gzips text files for clients that accept it, as GitHub Pages does (the bench measures bytes that way).
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGzip } from 'node:zlib';

/** The built site: `pnpm turbo run build --filter=@thumbnail-api/docs` writes it. */
export const siteDir = fileURLToPath(new URL('../dist', import.meta.url));

/** @type {Record<string, string>} */
const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.yaml': 'application/yaml',
  '.md': 'text/markdown; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
};

/** The types a host like GitHub Pages gzips; images such as PNG are compressed already. */
const COMPRESSIBLE = /^(text\/|application\/(json|yaml)|image\/svg)/;

/**
 * @typedef {object} StaticServerOptions
 * @property {string} [host] Default `127.0.0.1`.
 * @property {number} [port] Default 0: a free port.
 * @property {string} [rewriteUnknownPathsTo] A file under `root` (e.g. `index.html`) served, with 200, for every
 *   path that names no file: how a host with an SPA fallback answers. Unset (the default): such paths are 404.
 * @property {boolean} [compress] Gzip text files (HTML, CSS, JavaScript, JSON, YAML, Markdown, SVG, text) when the request
 *   accepts gzip, as GitHub Pages does. Default false: files as they are.
 */

/**
 * Serves the built site; fails, saying how to build it, when it is not built.
 * @param {StaticServerOptions} [options]
 * @returns {Promise<{ url: string, close(): Promise<void> }>}
 */
export async function serveSite(options = {}) {
  if (!existsSync(`${siteDir}/index.html`)) {
    throw new Error(`${siteDir}/index.html does not exist: build the docs first (pnpm turbo run build --filter=@thumbnail-api/docs).`);
  }
  return serveStatic(siteDir, options);
}

/**
 * Serves `root` and resolves with its URL and a `close()`.
 * @param {string} root
 * @param {StaticServerOptions} [options]
 * @returns {Promise<{ url: string, close(): Promise<void> }>}
 */
export function serveStatic(root, { host = '127.0.0.1', port = 0, rewriteUnknownPathsTo, compress = false } = {}) {
  const base = resolve(root);
  const server = createServer((request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method not allowed');
      return;
    }
    const { pathname, search } = new URL(request.url ?? '/', 'http://x');
    let path;
    try {
      path = decodeURIComponent(pathname);
    } catch {
      response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Bad request');
      return;
    }
    const file = normalize(join(base, path));
    if (file !== base && !file.startsWith(base + sep)) {
      response.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end('Forbidden');
      return;
    }
    const found = findFile(file, path.endsWith('/'));
    if (found === 'add-slash') {
      // Static hosts redirect a folder's address to the same address with a trailing slash.
      response.writeHead(301, { location: `${pathname}/${search}` }).end();
      return;
    }
    const served = found ?? (rewriteUnknownPathsTo ? findFile(join(base, rewriteUnknownPathsTo), false) : undefined);
    if (typeof served !== 'string') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const type = types[extname(served)] ?? 'application/octet-stream';
    const gzip = compress && COMPRESSIBLE.test(type) && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    response.writeHead(200, { 'content-type': type, ...(compress ? { vary: 'Accept-Encoding' } : {}), ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
    if (request.method === 'HEAD') response.end();
    else if (gzip) createReadStream(served).pipe(createGzip()).pipe(response);
    else createReadStream(served).pipe(response);
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolvePromise({
        url: `http://${host}:${typeof address === 'object' && address ? address.port : port}`,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

/**
 * The file a path names: itself, or a folder's index.html; `add-slash` for a folder addressed without its slash.
 * @param {string} file
 * @param {boolean} trailingSlash
 * @returns {string | 'add-slash' | undefined}
 */
function findFile(file, trailingSlash) {
  try {
    const stats = statSync(file);
    if (stats.isDirectory()) {
      if (!trailingSlash) return 'add-slash';
      statSync(join(file, 'index.html'));
      return join(file, 'index.html');
    }
    return trailingSlash ? undefined : file;
  } catch {
    return undefined;
  }
}
