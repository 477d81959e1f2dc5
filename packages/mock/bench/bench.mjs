// Benchmark of the mock, printed and never asserted: start-up time, throughput and latency against a bare
// node:http server returning the same bytes, resident memory, and a load run that must see no bad response.
// Loopback only; every loop is bounded by a request count. Run after `pnpm build`: `pnpm run bench`.
import { spawn } from 'node:child_process';
import { readFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMock } from '../dist/index.js';

const cliPath = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const keys = { 'bench-ok': 'ok', 'bench-revoked': 'unauthorized', 'bench-no-access': 'forbidden' };
const keysFile = join(mkdtempSync(join(tmpdir(), 'mock-bench-')), 'keys.json');
writeFileSync(keysFile, JSON.stringify(keys));
const children = new Set();
process.on('exit', () => children.forEach((child) => child.kill('SIGKILL')));

/** Starts a node process and resolves with it and the URL it prints (`... http://host:port`). */
function startProcess(args, pattern) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  children.add(child);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = pattern.exec(output);
      if (match) resolve({ child, url: match[1] });
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code} before it was ready:\n${output}`)));
  });
}

async function stopProcess(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  children.delete(child);
}

/** One request over `agent`; resolves with status, body and latency, or with the error. */
function send(agent, url, { method = 'GET', path = '/api/thumbnails', headers = {}, body } = {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = request(new URL(path, url), { agent, method, headers, timeout: 10_000 }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString(), ms: performance.now() - started }));
      res.on('error', (error) => resolve({ error }));
    });
    req.on('timeout', () => req.destroy(new Error('timed out after 10 s')));
    req.on('error', (error) => resolve({ error }));
    req.end(body);
  });
}

/** `total` requests over `concurrency` keep-alive connections; `pick(i)` gives request i and what it must get back. */
async function load(url, concurrency, total, pick) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = [];
  let next = 0;
  let failed = 0;
  let malformed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const { request: init, expect } = pick(next++);
        const result = await send(agent, url, init);
        if (result.error) failed++;
        else if (result.status !== expect.status || result.body !== expect.body) malformed++;
        else latencies.push(result.ms);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { perSecond: total / seconds, p50: at(0.5), p99: at(0.99), failed, malformed, seconds };
}

/** Resident memory of a process, from /proc (Linux). */
function rssMiB(pid) {
  try {
    const kib = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return kib / 1024;
  } catch {
    return NaN;
  }
}

function childPids(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
const line = (label, value) => console.log(`${label.padEnd(44)} ${value}`);

console.log(`Thumbnail API mock bench: Node ${process.version}, ${cpus().length} CPU(s), load generator in this process\n`);

// 1. Start-up: from spawning the command to the first 200.
let started = performance.now();
const cli = await startProcess([cliPath, '--port', '0', '--keys', keysFile], /listening on (http:\/\/\S+)/);
const okList = { request: { headers: { 'x-api-key': 'bench-ok' } }, expect: { status: 200, body: '' } };
const probeAgent = new Agent({ keepAlive: false });
let first;
for (let attempt = 0; attempt < 200; attempt++) {
  first = await send(probeAgent, cli.url, okList.request);
  if (first.status === 200) break;
  await new Promise((resolve) => setTimeout(resolve, 25));
}
line('start → first 200, CLI (node dist/cli.js)', `${fmt(performance.now() - started)} ms`);
okList.expect.body = first.body;

started = performance.now();
const inProcess = await startMock({ port: 0, keys });
const firstInProcess = await send(probeAgent, inProcess.url, okList.request);
line('start → first 200, startMock()', `${fmt(performance.now() - started)} ms (status ${firstInProcess.status})`);
await inProcess.stop();

// 2. Throughput and latency, the mock against a bare node:http server answering the same bytes.
const bareScript = `
  const body = Buffer.from(process.argv[1]);
  const server = require('node:http').createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length }).end(body));
  });
  server.listen(0, '127.0.0.1', () => console.log('bare listening on http://127.0.0.1:' + server.address().port));
  process.on('SIGTERM', () => process.exit(0));`;
const bare = await startProcess(['-e', bareScript, okList.expect.body], /listening on (http:\/\/\S+)/);

console.log('\nGET /api/thumbnails (200), keep-alive connections      mock            bare node:http   ratio');
for (const [concurrency, total] of [
  [1, 1_000],
  [50, 5_000],
]) {
  await load(cli.url, concurrency, Math.min(total, 500), () => okList); // warm-up
  await load(bare.url, concurrency, Math.min(total, 500), () => okList);
  const mock = await load(cli.url, concurrency, total, () => okList);
  const base = await load(bare.url, concurrency, total, () => okList);
  const label = `${concurrency} connection(s), ${total} requests`;
  console.log(`  ${label.padEnd(40)} req/s  ${fmt(mock.perSecond).padStart(8)}        ${fmt(base.perSecond).padStart(8)}        ${fmt(base.perSecond / mock.perSecond, 1)}× slower`);
  console.log(`  ${''.padEnd(40)} p50    ${fmt(mock.p50, 2).padStart(8)} ms     ${fmt(base.p50, 2).padStart(8)} ms`);
  console.log(`  ${''.padEnd(40)} p99    ${fmt(mock.p99, 2).padStart(8)} ms     ${fmt(base.p99, 2).padStart(8)} ms`);
  if (mock.failed + mock.malformed + base.failed + base.malformed > 0) {
    console.log(`  (bad responses: mock ${mock.failed + mock.malformed}, bare ${base.failed + base.malformed})`);
  }
}
await stopProcess(bare.child);

// 3. Load run: four kinds of exchange, each answer compared byte for byte with what it must be.
const documented = async (headers) => (await send(probeAgent, cli.url, { headers })).body;
const exchanges = [
  okList,
  {
    request: { method: 'POST', headers: { 'x-api-key': 'bench-ok', 'content-type': 'application/json' }, body: '{"prompt":"A red fox at dawn"}' },
    expect: { status: 200, body: okList.expect.body },
  },
  { request: { headers: { 'x-api-key': 'bench-revoked' } }, expect: { status: 401, body: await documented({ 'x-api-key': 'bench-revoked' }) } },
  { request: { headers: { authorization: 'Bearer bench-no-access' } }, expect: { status: 403, body: await documented({ 'x-api-key': 'bench-no-access' }) } },
];
const total = 10_000;
const run = await load(cli.url, 50, total, (i) => exchanges[i % exchanges.length]);
console.log(`\nLoad run: ${total} requests at 50 concurrent (200 list, 200 create, 401, 403 in turn)`);
line('  time', `${fmt(run.seconds, 1)} s (${fmt(run.perSecond)} req/s, p50 ${fmt(run.p50, 1)} ms, p99 ${fmt(run.p99, 1)} ms)`);
line('  failed responses (network errors)', String(run.failed));
line('  malformed responses (wrong status or body)', String(run.malformed));

// 4. Resident memory after the load, of the CLI (one process; Prism loads into it only when a request needs it).
const tree = [cli.child.pid, ...childPids(cli.child.pid)].reduce((sum, pid) => sum + rssMiB(pid), 0);
console.log('\nResident memory after the load run');
line('  the CLI process and any children', `${fmt(tree, 1)} MiB`);

probeAgent.destroy();
await stopProcess(cli.child);
if (run.failed + run.malformed > 0) {
  console.error(`\n${run.failed + run.malformed} of ${total} responses in the load run were failed or malformed.`);
  process.exitCode = 1;
}
