// The small HTTP servers the smoke program talks to besides the mock: one that tells what the client sent (its
// User-Agent, which header carried the key), and one that serves a browser bundle's files. Both on 127.0.0.1:0.
import { readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

/**
 * @param {import('node:http').Server} server
 * @returns {Promise<import('@thumbnail-api/dev-tools/loopback-port').LoopbackServer>}
 */
async function listen(server) {
  // Imported here, not at the top: dev-tools is built by the suite's build step, after this module is loaded.
  const { listenOnLoopback } = await import('@thumbnail-api/dev-tools/loopback-port');
  return listenOnLoopback(server);
}

// Browsers call it cross-origin, with an x-api-key header: it answers the preflight too.
const corsHeaders = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'GET, POST' };

/**
 * Answers every request with `{ userAgent, runtimeHeader, keyHeader }`: the User-Agent and x-thumbnail-client-runtime
 * headers the client sent, and where `key` came (never the key itself).
 * @param {string} key
 */
export function startEchoServer(key) {
  return listen(
    createServer((request, response) => {
      if (request.method === 'OPTIONS') {
        response.writeHead(204, corsHeaders).end();
        return;
      }
      request.resume();
      const keyHeader = request.headers['x-api-key'] === key ? 'x-api-key' : request.headers.authorization === `Bearer ${key}` ? 'authorization' : 'none';
      const body = JSON.stringify({
        userAgent: request.headers['user-agent'] ?? null,
        runtimeHeader: request.headers['x-thumbnail-client-runtime'] ?? null,
        keyHeader,
      });
      response.writeHead(200, { ...corsHeaders, 'content-type': 'application/json' }).end(body);
    }),
  );
}

/** A URL on 127.0.0.1 where nothing listens: a port that was free a moment ago. */
export async function refusedUrl() {
  const server = await listen(createServer());
  await server.close();
  return server.url;
}

/** @type {Record<string, string>} */
const types = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };

/**
 * Serves the files of `root` (a built bundle); `/` is index.html.
 * @param {string} root
 */
export function startStaticServer(root) {
  return listen(
    createServer((request, response) => {
      const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
      const file = join(root, path === '/' ? 'index.html' : path);
      try {
        if (!file.startsWith(root) || !statSync(file).isFile()) throw new Error('not a file');
        response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
      } catch {
        response.writeHead(404).end();
      }
    }),
  );
}

/** A port on 127.0.0.1 that was free a moment ago, for tools that cannot listen on port 0 and report it. */
export async function freePort() {
  const { freePort: free } = await import('@thumbnail-api/dev-tools/loopback-port');
  return free();
}
