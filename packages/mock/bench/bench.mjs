// The mock's benchmark (issue 15), printed and never asserted: in one run, bare node:http answering the same bytes
// (the floor), the Prism CLI alone, our CLI and our startMock(); start → first
// 200, req/s and p50/p99 latency at 1 and 50 keep-alive connections for GET and POST, in rounds (the contenders in a
// new random order each time, to spread the machine's noise), each server's CPU time per request (from /proc), the process
// tree's memory after the load, and a 10,000-request run at 50 connections that counts errors and answers differing
// from Prism's (then the memory again: our mock's journal is on, as by default, and full by then).
// Run after `pnpm build`: `pnpm --filter @thumbnail-api/mock bench [--record]`; `--record` also writes what it printed,
// dated, into this package's BENCHMARKS.md (@thumbnail-api/dev-tools/bench-record), a section per Node.js major (and
// per BENCH_RULES). BENCH_ROUNDS (5), BENCH_SECONDS (3) and BENCH_ONLY (e.g. bare,cli) size a run; BENCH_SEED
// repeats a run's order. BENCH_RULES=miss gives each mock with /__mock a rule per operation that no request of the
// load matches, so that every request is a near miss (what a rule costs when it does not answer).
import { execFileSync, fork } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startBenchRun } from '@thumbnail-api/dev-tools/bench-record';
import { benchSeed, seededRandom, shuffled } from '@thumbnail-api/dev-tools/bench-rounds';
import { autocannonVersion, ensureAutocannon } from './autocannon.mjs';
import { contenders, treeCpuSeconds, treeRssMiB } from './contenders.mjs';
import { compareExchanges } from './exchanges.mjs';
import { printReport } from './report.mjs';

const record = recordOption();
const benchRun = startBenchRun(fileURLToPath(new URL('..', import.meta.url)), '@thumbnail-api/mock', 'pnpm --filter @thumbnail-api/mock bench --record');
/** What is printed of the figures, kept for BENCHMARKS.md. */
const printed = [];
const say = (text) => {
  console.log(text);
  printed.push(...text.split('\n'));
};
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
// The contenders in a new order for each round and scenario, drawn from this run's seed: a rotation kept who runs right
// after whom, and the mocks placed second and third after Prism came out about 0.08 below the one placed first.
const seed = benchSeed();
const random = seededRandom(seed);
// The baseline runs only when asked for (BENCH_BASELINE, and BENCH_ONLY naming it or left out).
const everyone = Object.keys(contenders).filter((name) => name !== 'baseline' || process.env.BENCH_BASELINE);
const names = (process.env.BENCH_ONLY ?? everyone.join(',')).split(',').map((name) => name.trim());
for (const name of names)
  if (!contenders[name]) throw new Error(`BENCH_ONLY: no contender ${JSON.stringify(name)}; choose from ${Object.keys(contenders).join(', ')}.`);

await ensureAutocannon();
// The load generator runs in a process of its own.
const worker = fork(fileURLToPath(new URL('./load-worker.mjs', import.meta.url)), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
let nextJob = 0;
const pending = new Map();
worker.on('message', ({ id, result, error }) => {
  const job = pending.get(id);
  pending.delete(id);
  if (error) job.reject(new Error(error));
  else job.resolve(result);
});
const run = (job, args) =>
  new Promise((resolve, reject) => {
    const id = nextJob++;
    pending.set(id, { resolve, reject });
    worker.send({ id, job, args });
  });

const commit = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown commit';
  }
})();
console.log(`Thumbnail API mock bench, ${new Date().toISOString().slice(0, 10)}, ${commit}: load average at the start ${loadText()}`);
say(
  `Node ${process.version}, ${cpus().length} CPU(s) (${cpus()[0]?.model.trim()}), loopback; load from a separate process (autocannon ${autocannonVersion()}); ` +
    `${rounds} rounds, the contenders in a new random order each time (BENCH_SEED=${seed} repeats it), ${seconds} s per measurement${process.env.BENCH_RULES === 'miss' ? '; BENCH_RULES=miss' : ''}.`,
);
console.log('');

// 1. Start-up, in rounds; the last round's servers stay up for the load.
const results = Object.fromEntries(names.map((name) => [name, { label: contenders[name].label, starts: [], load: {} }]));
const running = {};
for (let round = 0; round < rounds; round++) {
  for (const name of shuffled(names, random)) {
    if (results[name].skipped) continue;
    try {
      const server = await contenders[name].start();
      results[name].starts.push(server.startMs);
      results[name].note = server.note;
      if (round === rounds - 1) running[name] = server;
      else await server.stop();
    } catch (error) {
      results[name].skipped = error.message.split('\n')[0];
      console.log(`${name}: skipped, ${results[name].skipped}`);
    }
  }
}
const active = names.filter((name) => running[name]);
if (process.env.BENCH_RULES === 'miss') {
  for (const name of active.filter((name) => name !== 'bare' && name !== 'prism')) await addMissedRules(running[name].url);
  console.log('Rules: one per operation that no request matches (BENCH_RULES=miss): every request is a near miss.');
}

// 2. Throughput and latency: each scenario in rounds, the contenders in a new order each time.
const post = {
  method: 'POST',
  headers: { 'x-api-key': 'bench-key', 'content-type': 'application/json' },
  body: JSON.stringify({ prompt: 'A red fox at dawn' }),
};
const get = { method: 'GET', headers: { 'x-api-key': 'bench-key' } };
const scenarios = [
  { id: 'get1', label: 'GET, 1 connection', connections: 1, init: get },
  { id: 'get50', label: 'GET, 50 connections', connections: 50, init: get },
  { id: 'post1', label: 'POST, 1 connection', connections: 1, init: post },
  { id: 'post50', label: 'POST, 50 connections', connections: 50, init: post },
];
const target = (name) => `${running[name].url}/api/thumbnails`;
for (const name of active) {
  // Warm-up (JIT, connection pools), not counted.
  await run('throughput', { url: target(name), connections: 50, durationSeconds: 1, ...get });
  await run('throughput', { url: target(name), connections: 50, durationSeconds: 1, ...post });
}
for (let round = 0; round < rounds; round++) {
  for (const scenario of scenarios) {
    for (const name of shuffled(active, random)) {
      const cpuBefore = treeCpuSeconds(running[name].pid);
      const figures = await run('throughput', { url: target(name), connections: scenario.connections, durationSeconds: seconds, ...scenario.init });
      // The server's CPU time per answer: what req/s comes down to, and less moved by other work on the machine.
      figures.cpuMicros = ((treeCpuSeconds(running[name].pid) - cpuBefore) * 1e6) / figures.total;
      results[name].load[scenario.id] ??= [];
      results[name].load[scenario.id].push(figures);
    }
  }
  process.stdout.write(`round ${round + 1} of ${rounds} done\n`);
}

// 3. Memory of each process tree after the load.
for (const name of active) results[name].rssMiB = treeRssMiB(running[name].pid);

// 4. 10,000 requests at 50 connections, mixed, each answer compared with Prism's answer to the same request.
let exchanges = [];
if (running.prism) {
  exchanges = await compareExchanges((request) => run('send', { url: running.prism.url, request }));
  for (const name of active.filter((name) => name !== 'bare')) {
    results[name].compare = await run('compare', { url: running[name].url, connections: 50, total: 10_000, exchanges });
    // After the 10k run the mock's journal (on, 1000 entries by default) is full: its memory is bounded or not.
    results[name].rssAfter10kMiB = treeRssMiB(running[name].pid);
  }
}

await Promise.all(active.map((name) => running[name].stop()));
worker.disconnect();
process.exitCode = printReport({ results, names, scenarios, exchanges, print: say });
// Other work on the machine moves every figure: the load average says how quiet the run was.
console.log(`\nLoad average at the end ${loadText()} (${cpus().length} CPUs).`);
if (record) {
  const major = process.versions.node.split('.')[0];
  const rules = process.env.BENCH_RULES === 'miss' ? ', every request a near miss (BENCH_RULES=miss)' : '';
  benchRun.record(`node${major}${rules ? '-rules-miss' : ''}`, `Every contender, Node.js ${major}${rules}`, printed);
}

/** `--record`, refused where the run would not stand for the mock as users get it (a `--` pnpm forwards is skipped). */
function recordOption() {
  const args = process.argv.slice(2);
  try {
    const { values } = parseArgs({ args: args[0] === '--' ? args.slice(1) : args, options: { record: { type: 'boolean', default: false } } });
    if (values.record && (process.env.BENCH_ONLY || process.env.BENCH_BASELINE)) {
      throw new Error('--record writes the figures of every contender against this build alone: run it without BENCH_ONLY and BENCH_BASELINE.');
    }
    return values.record;
  } catch (error) {
    console.error(
      `mock bench: ${/** @type {Error} */ (error).message}\nIt takes --record (write what it prints into BENCHMARKS.md); BENCH_* variables size the run.`,
    );
    process.exit(2);
  }
}

function loadText() {
  return loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
}

/** A rule per operation that the load's requests miss: one for another key, one for another prompt. */
async function addMissedRules(url) {
  const rules = [
    { operationId: 'listThumbnails', key: 'another-bench-key', answer: { status: 200 } },
    { operationId: 'createThumbnail', body: { prompt: 'a prompt the load never sends' }, answer: { status: 201 } },
  ];
  for (const rule of rules) {
    const response = await fetch(`${url}/__mock/rules`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(rule) });
    if (response.status !== 201) throw new Error(`BENCH_RULES=miss: ${url} refused a rule with ${response.status}: ${await response.text()}`);
  }
}
