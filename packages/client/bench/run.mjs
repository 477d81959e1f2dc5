// Prints, in one run: the per-call time of the client against a bare fetch with the same headers (median,
// p99 and their ratio) on a local node:http server, and the client's bundle size, minified and gzipped,
// including openapi-fetch. Figures are printed, never asserted. Run after `build` (the script does).
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { ThumbnailClient } from '../dist/index.js';

const CALLS = Number(process.env.BENCH_CALLS ?? 4000);
const WARMUP = 500;
const body = JSON.stringify({ thumbnails: [{ id: 't_1', prompt: 'A red fox at dawn' }] });

const server = createServer((_, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${server.address().port}`;

// Default options: the retry and timeout machinery is on, as users get it.
const client = new ThumbnailClient({ apiKey: 'bench-key', baseUrl });
const headers = { accept: 'application/json', 'user-agent': `thumbnail-api-client/0.0.0 node/${process.version}`, 'x-api-key': 'bench-key' };
const url = `${baseUrl}/api/thumbnails`;
const contenders = {
  client: () => client.thumbnails.list(),
  raw: () => client.raw.GET('/api/thumbnails'),
  fetch: async () => {
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`status ${response.status}`);
    return response.json();
  },
};

const samples = { client: [], raw: [], fetch: [] };
for (let i = 0; i < WARMUP + CALLS; i++) {
  // Alternate the order so that drift (GC, JIT, CPU frequency) falls on both sides alike.
  const order = i % 2 === 0 ? ['client', 'raw', 'fetch'] : ['fetch', 'raw', 'client'];
  for (const name of order) {
    const start = performance.now();
    await contenders[name]();
    if (i >= WARMUP) samples[name].push(performance.now() - start);
  }
}
server.close();

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const us = (ms) => `${(ms * 1000).toFixed(1).padStart(8)} µs`;
const stats = Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, { median: quantile(values, 0.5), p99: quantile(values, 0.99) }]));

console.log(`\nPer call, ${CALLS} calls each after ${WARMUP} warm-up, against node:http on 127.0.0.1 (Node ${process.version}):`);
console.log(`  ${''.padEnd(28)}   median        p99`);
console.log(`  ${'client.thumbnails.list()'.padEnd(28)} ${us(stats.client.median)} ${us(stats.client.p99)}`);
console.log(`  ${'client.raw.GET()'.padEnd(28)} ${us(stats.raw.median)} ${us(stats.raw.p99)}`);
console.log(`  ${'bare fetch + json()'.padEnd(28)} ${us(stats.fetch.median)} ${us(stats.fetch.p99)}`);
console.log(
  `  ${'ratio client / fetch'.padEnd(28)} ${(stats.client.median / stats.fetch.median).toFixed(3).padStart(11)} ${(stats.client.p99 / stats.fetch.p99).toFixed(3).padStart(11)}   (aim: <= 1.05)`,
);

const sizeOf = async (contents, resolveDir) => {
  const result = await build({ stdin: { contents, resolveDir, loader: 'js' }, bundle: true, minify: true, format: 'esm', platform: 'browser', write: false });
  const code = result.outputFiles[0].contents;
  return { min: code.length, gz: gzipSync(code, { level: 9 }).length };
};
const here = fileURLToPath(new URL('.', import.meta.url));
const whole = await sizeOf("export * from '../dist/index.js';", here);
const openapiFetch = await sizeOf("export { default } from 'openapi-fetch';", here);
const kb = (bytes) => `${(bytes / 1024).toFixed(2).padStart(6)} kB`;
console.log('\nBundle (esbuild, minified, ESM, browser platform; gzip level 9):');
console.log(`  ${'@thumbnail-api/client (all)'.padEnd(34)} ${kb(whole.min)} min  ${kb(whole.gz)} gz   (aim: <= 5 kB gz)`);
console.log(`  ${'  of which openapi-fetch alone'.padEnd(34)} ${kb(openapiFetch.min)} min  ${kb(openapiFetch.gz)} gz`);
