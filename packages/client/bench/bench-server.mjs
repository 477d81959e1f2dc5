// The local server every bench contender calls: node:http on 127.0.0.1, one small JSON list, in the bench's process.
import { createServer } from 'node:http';

const body = JSON.stringify({ thumbnails: [{ id: 't_1', prompt: 'A red fox at dawn' }] });
// Headers that fetch adds by itself: every contender sends the rest of what the client sent.
const ADDED = ['host', 'connection', 'accept-language', 'sec-fetch-mode', 'accept-encoding'];

/** Starts the server; `sentHeaders()` are the headers of the first request it got, less those fetch adds by itself. */
export async function startBenchServer() {
  /** @type {import('node:http').IncomingHttpHeaders | undefined} */
  let first;
  const server = createServer((req, res) => {
    first ??= req.headers;
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const baseUrl = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
  return {
    baseUrl,
    url: `${baseUrl}/api/thumbnails`,
    sentHeaders: () => /** @type {Record<string, string>} */ (Object.fromEntries(Object.entries(first ?? {}).filter(([name]) => !ADDED.includes(name)))),
    close: () => server.close(),
  };
}

/**
 * Checks the status and parses the JSON body, as the client does.
 * @param {Response} response
 */
export async function checked(response) {
  if (!response.ok) throw new Error(`status ${response.status}`);
  return response.json();
}
