// Prints, in one run: the per-call time of the client against a bare fetch with the same headers (median,
// p99 and their ratio) on a local node:http server, with contenders in between that measure what the overhead
// is made of; and the client's bundle size, minified and gzipped, including openapi-fetch, per module.
// Figures are printed, never asserted. Run after `build` (the script does).
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import createClient from 'openapi-fetch';
import { ThumbnailClient } from '../dist/index.js';
import { measureBundleSize } from './bundle-size.mjs';

const CALLS = Number(process.env.BENCH_CALLS ?? 4000);
const WARMUP = 500;
const TIMEOUT_MS = 60_000;
const body = JSON.stringify({ thumbnails: [{ id: 't_1', prompt: 'A red fox at dawn' }] });

let sent;
const server = createServer((req, res) => {
  sent ??= req.headers;
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${server.address().port}`;
const url = `${baseUrl}/api/thumbnails`;

// Default options: the retry and timeout machinery is on, as users get it.
const client = new ThumbnailClient({ apiKey: 'bench-key', baseUrl });
// The headers the client sends (but those fetch adds by itself), so every contender sends the same request.
await client.thumbnails.list();
const added = ['host', 'connection', 'accept-language', 'sec-fetch-mode', 'accept-encoding'];
const headers = Object.fromEntries(Object.entries(sent).filter(([name]) => !added.includes(name)));

// Every contender checks the status and parses the JSON body, as the client does.
const checked = async (response) => {
  if (!response.ok) throw new Error(`status ${response.status}`);
  return response.json();
};
// What the client does per attempt: a fresh AbortController with a timer, cleared when done, and no redirects
// followed. (The client clears it once the body is in; here once the headers are: the same work.)
const timedFetch = async (input, init) => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    return await fetch(input, { ...init, signal: controller.signal, redirect: 'manual' });
  } finally {
    clearTimeout(timer);
  }
};
// openapi-fetch with that time limit in its `fetch` option, as the client passes it: the floor under the client,
// which adds key checks, retries, reading the body within the attempt, typed errors and redaction on top.
const timedOpenapiFetch = createClient({ baseUrl, headers, fetch: (request) => timedFetch(request.url, { method: request.method, headers: request.headers }) });
const contenders = {
  fetch: { label: 'bare fetch + json()', call: async () => checked(await fetch(url, { headers })) },
  timed: { label: '  + a time limit per attempt', call: async () => checked(await timedFetch(url, { headers })) },
  openapiFetch: {
    label: '  + openapi-fetch around it',
    call: async () => {
      const { data, response } = await timedOpenapiFetch.GET('/api/thumbnails');
      if (!response.ok) throw new Error(`status ${response.status}`);
      return data;
    },
  },
  raw: { label: 'client.raw.GET()', call: () => client.raw.GET('/api/thumbnails') },
  client: { label: 'client.thumbnails.list()', call: () => client.thumbnails.list() },
};

const names = Object.keys(contenders);
const samples = Object.fromEntries(names.map((name) => [name, []]));
for (let i = 0; i < WARMUP + CALLS; i++) {
  // Interleaved, in alternating order, so that drift (GC, JIT, CPU frequency, other load) falls on all alike.
  const order = i % 2 === 0 ? names : [...names].reverse();
  for (const name of order) {
    const start = performance.now();
    await contenders[name].call();
    if (i >= WARMUP) samples[name].push(performance.now() - start);
  }
}
server.close();

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const us = (ms) => `${(ms * 1000).toFixed(1).padStart(8)} µs`;
const stats = Object.fromEntries(names.map((name) => [name, { median: quantile(samples[name], 0.5), p99: quantile(samples[name], 0.99) }]));
const plus = (name) => `${((stats[name].median - stats.fetch.median) * 1000).toFixed(1).padStart(6)} µs`;

console.log(`\nPer call, ${CALLS} calls each after ${WARMUP} warm-up, interleaved, against node:http on 127.0.0.1 (Node ${process.version}):`);
console.log(`  ${''.padEnd(30)}   median        p99   median - bare fetch`);
for (const name of names) console.log(`  ${contenders[name].label.padEnd(30)} ${us(stats[name].median)} ${us(stats[name].p99)}   ${plus(name)}`);
console.log(
  `  ${'ratio client / fetch'.padEnd(30)} ${(stats.client.median / stats.fetch.median).toFixed(3).padStart(11)} ${(stats.client.p99 / stats.fetch.p99).toFixed(3).padStart(11)}   (aim: <= 1.10, then 1.05)`,
);
console.log(
  '  The time limit and openapi-fetch (its Request, built on every call) are the floor under the client: see the\n' +
    '  README\'s "Performance" note for the rest. On a real network a call takes milliseconds, not microseconds.',
);

const size = await measureBundleSize();
const kb = (bytes) => `${(bytes / 1024).toFixed(2).padStart(6)} kB`;
console.log('\nBundle (esbuild, minified, ESM, browser platform; gzip level 9):');
console.log(`  ${'@thumbnail-api/client (all)'.padEnd(34)} ${kb(size.whole.min)} min  ${kb(size.whole.gz)} gz   (aim: <= 7 kB gz, then 5)`);
console.log(`  ${'  of which openapi-fetch alone'.padEnd(34)} ${kb(size.openapiFetch.min)} min  ${kb(size.openapiFetch.gz)} gz`);
console.log(
  `  ${'  and this package (the rest)'.padEnd(34)} ${kb(size.whole.min - size.openapiFetch.min)} min  ${kb(size.whole.gz - size.openapiFetch.gz)} gz (about)`,
);
for (const { module, min } of size.modules) console.log(`    ${module.padEnd(30)} ${kb(min)} min`);
