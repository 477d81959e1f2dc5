// Prints, in one run: the per-call time of the client against a bare fetch with the same headers (median,
// p99 and their ratio) on a local node:http server, with contenders in between that measure what the overhead
// is made of; and the client's bundle size, minified and gzipped, including openapi-fetch, per module.
// Figures are printed, never asserted. Run after `build` (the script does). With `--record`, the printed block also
// replaces the one for this Node.js major version in BENCHMARKS.md; the bundle figures go into the README through
// `sync:bundle-size`, which `pnpm check` keeps honest. With BENCH_BASELINE=<a built checkout's
// packages/client>, it also pairs this build's list() with that one's, each in a process of its own (bench/paired.mjs).
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { startBenchRun } from '@thumbnail-api/dev-tools/bench-record';
import { benchSeed, quantile, seededRandom, shuffled } from '@thumbnail-api/dev-tools/bench-rounds';
import createClient from 'openapi-fetch';
import { ThumbnailClient } from '../dist/index.js';
import { checked, startBenchServer } from './bench-server.mjs';
import { measureBundleSize } from './bundle-size.mjs';
import { pairedRun } from './paired.mjs';

const CALLS = Number(process.env.BENCH_CALLS ?? 4000);
const run = startBenchRun(fileURLToPath(new URL('..', import.meta.url)), '@thumbnail-api/client', 'pnpm --filter @thumbnail-api/client bench --record');
// The targets: thumbnails.list() at most 1.20x bare fetch (and at or below openapi-fetch with a time limit); the bundle at
// most 9 kB gzipped, which the README's Performance section shows out of reach.
const TARGETS = { ratio: 1.2, gzKb: 9 };
const WARMUP = 500;
const TIMEOUT_MS = 60_000;

const server = await startBenchServer();
const { baseUrl, url } = server;

// Default options: the retry and timeout machinery is on, as users get it.
const client = new ThumbnailClient({ apiKey: 'bench-key', baseUrl });
// The headers the client sends (but those fetch adds by itself), so every contender sends the same request; and every
// contender checks the status and parses the JSON body, as the client does (`checked`).
await client.thumbnails.list();
const headers = server.sentHeaders();
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
// openapi-fetch with that time limit in its `fetch` option, as the client passes it.
const timedOpenapiFetch = createClient({ baseUrl, headers, fetch: (request) => timedFetch(request.url, { method: request.method, headers: request.headers }) });
// And the body read whole within the time limit and handed on as a new Response, as the client must for its time limit
// to cover the body and for maxResponseBytes: the floor under the client, which adds key checks, retries, typed errors
// and redaction on top.
const readFetch = async (input, init) => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    const response = await fetch(input, { ...init, signal: controller.signal, redirect: 'manual' });
    const reader = response.body.getReader();
    const chunks = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
    const { status, statusText, headers } = response;
    return new Response(chunks.length === 1 ? chunks[0] : new Blob(chunks), { status, statusText, headers });
  } finally {
    clearTimeout(timer);
  }
};
const readOpenapiFetch = createClient({ baseUrl, headers, fetch: (request) => readFetch(request.url, { method: request.method, headers: request.headers }) });
const contenders = {
  fetch: { label: 'bare fetch + json()', call: async () => checked(await fetch(url, { headers })) },
  timed: { label: '  + a time limit per attempt', call: async () => checked(await timedFetch(url, { headers })) },
  openapiFetch: { label: '  + openapi-fetch around it', call: () => openapiGet(timedOpenapiFetch) },
  newResponse: { label: '  + body read, new Response', call: () => openapiGet(readOpenapiFetch) },
  raw: { label: 'client.raw.GET()', call: () => client.raw.GET('/api/thumbnails') },
  client: { label: 'client.thumbnails.list()', call: () => client.thumbnails.list() },
};

async function openapiGet(openapiClient) {
  const { data, response } = await openapiClient.GET('/api/thumbnails');
  if (!response.ok) throw new Error(`status ${response.status}`);
  return data;
}

const names = Object.keys(contenders);
const samples = Object.fromEntries(names.map((name) => [name, []]));
// Each round calls every contender once, so that drift (GC, JIT, CPU frequency, other load) falls on all alike, in an
// order drawn afresh (@thumbnail-api/dev-tools/bench-rounds).
const seed = benchSeed();
const random = seededRandom(seed);
for (let i = 0; i < WARMUP + CALLS; i++) {
  for (const name of shuffled(names, random)) {
    const start = performance.now();
    await contenders[name].call();
    if (i >= WARMUP) samples[name].push(performance.now() - start);
  }
}
server.close();

const us = (ms) => `${(ms * 1000).toFixed(1).padStart(8)} µs`;
const stats = Object.fromEntries(names.map((name) => [name, { median: quantile(samples[name], 0.5), p99: quantile(samples[name], 0.99) }]));
const plus = (name) => `${((stats[name].median - stats.fetch.median) * 1000).toFixed(1).padStart(6)} µs`;
const verdict = (value, target) => (value <= target ? 'target met' : 'target not met');
const ratio = stats.client.median / stats.fetch.median;

const perCall = [
  `Per call, ${CALLS} calls each after ${WARMUP} warm-up, in rounds of one call each in a random order (BENCH_SEED=${seed}), against node:http on 127.0.0.1 (Node ${process.version}):`,
  `  ${''.padEnd(30)}   median        p99   median - bare fetch`,
  ...names.map((name) => `  ${contenders[name].label.padEnd(30)} ${us(stats[name].median)} ${us(stats[name].p99)}   ${plus(name)}`),
  `  ${'ratio client / fetch'.padEnd(30)} ${ratio.toFixed(3).padStart(11)} ${(stats.client.p99 / stats.fetch.p99).toFixed(3).padStart(11)}   target <= ${TARGETS.ratio.toFixed(2)}: ${verdict(ratio, TARGETS.ratio)}`,
  `  ${'ratio client / openapi-fetch'.padEnd(30)} ${(stats.client.median / stats.openapiFetch.median).toFixed(3).padStart(11)} ${''.padStart(11)}   (openapi-fetch with a time limit) target <= 1.00: ${verdict(stats.client.median / stats.openapiFetch.median, 1)}`,
];

const size = await measureBundleSize();
const kb = (bytes) => `${(bytes / 1024).toFixed(2).padStart(6)} kB`;
const bundle = [
  'Bundle (esbuild, minified, ESM, browser platform; gzip level 9):',
  `  ${'@thumbnail-api/client (all)'.padEnd(34)} ${kb(size.whole.min)} min  ${kb(size.whole.gz)} gz   target <= ${TARGETS.gzKb} kB gz: ${verdict(size.whole.gz / 1024, TARGETS.gzKb)}`,
  `  ${'  of which openapi-fetch alone'.padEnd(34)} ${kb(size.openapiFetch.min)} min  ${kb(size.openapiFetch.gz)} gz`,
  `  ${'  and this package (the rest)'.padEnd(34)} ${kb(size.whole.min - size.openapiFetch.min)} min  ${kb(size.whole.gz - size.openapiFetch.gz)} gz (about)`,
  `  ${'all, with every message emptied'.padEnd(34)} ${kb(size.noMessages.min)} min  ${kb(size.noMessages.gz)} gz   (the floor under any rewording)`,
  ...size.modules.map(({ module, min }) => `    ${module.padEnd(30)} ${kb(min)} min`),
];
console.log(`\n${perCall.join('\n')}\n\n${bundle.join('\n')}`);

// BENCH_BASELINE=<a built checkout's packages/client>: this build's list() paired with that one's (bench/paired.mjs).
const paired = process.env.BENCH_BASELINE
  ? await pairedRun({
      baseline: process.env.BENCH_BASELINE,
      seed,
      rounds: Number(process.env.BENCH_ROUNDS ?? 30),
      calls: Number(process.env.BENCH_BLOCK ?? 300),
      warmup: WARMUP,
    })
  : undefined;
if (paired) console.log(`\n${paired.join('\n')}`);

if (process.argv.includes('--record')) {
  const major = process.versions.node.split('.')[0];
  run.record(`node${major}`, `Per call, Node.js ${major}`, ['```text', ...perCall, '```']);
  if (paired) run.record(`paired-node${major}`, `list() paired with BENCH_BASELINE, Node.js ${major}`, ['```text', ...paired, '```']);
}
