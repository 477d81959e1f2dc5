// What THUMBNAIL_API_MOCK_COVERAGE_DIR costs a mock per request: its coverage file is rewritten (and renamed into place)
// after each counted request. Hosts startMock() in a process of its own, with and without the variable, in paired rounds
// (without, then with), sends sequential keep-alive GETs and POSTs to it, and prints the host's CPU time per request
// (user + system, from process.cpuUsage()), which other work on the machine moves less than wall time.
// Usage, after a build: node bench/coverage-file-cost.mjs [--record]   (COST_REQUESTS, COST_ROUNDS size it); --record
// also writes what it printed, dated, into this package's BENCHMARKS.md.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBenchRun } from '@thumbnail-api/dev-tools/bench-record';

if (process.argv[2] === 'host') {
  const { startMock } = await import('../dist/index.js');
  const mock = await startMock({ port: 0 });
  process.send?.({ url: mock.url });
  process.on('message', async (message) => {
    if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() });
    if (message === 'stop') await mock.stop().then(() => process.exit(0));
  });
} else {
  const record = process.argv.slice(2).includes('--record');
  const unknown = process.argv.slice(2).filter((arg) => arg !== '--record' && arg !== '--');
  if (unknown.length > 0) {
    console.error(`coverage-file-cost: unknown argument ${unknown[0]}; it takes --record (write what it prints into BENCHMARKS.md).`);
    process.exit(2);
  }
  const benchRun = startBenchRun(fileURLToPath(new URL('..', import.meta.url)), '@thumbnail-api/mock', 'node bench/coverage-file-cost.mjs --record');
  const requests = Number(process.env.COST_REQUESTS ?? 3000);
  const rounds = Number(process.env.COST_ROUNDS ?? 5);
  /** @type {Record<string, { without: number[], with: number[] }>} */
  const results = { GET: { without: [], with: [] }, POST: { without: [], with: [] } };
  for (let round = 0; round < rounds; round++) {
    for (const method of ['GET', 'POST']) {
      results[method].without.push(await cpuPerRequest(false, method, requests));
      results[method].with.push(await cpuPerRequest(true, method, requests));
    }
  }
  /** @param {number[]} values */
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
  const lines = [`${rounds} paired rounds of ${requests} sequential keep-alive requests per method, the host's CPU time per request:`, ''];
  for (const [method, { without, with: withVariable }] of Object.entries(results)) {
    const differences = withVariable.map((value, index) => value - (without[index] ?? Number.NaN));
    lines.push(
      `- ${method}: ${median(without).toFixed(1)} µs of CPU per request without the variable, ${median(withVariable).toFixed(1)} with it; ` +
        `paired difference ${median(differences).toFixed(1)} µs (rounds: ${differences.map((value) => value.toFixed(0)).join(', ')})`,
    );
  }
  for (const line of lines) console.log(line);
  if (record) benchRun.record('coverage-file', 'What THUMBNAIL_API_MOCK_COVERAGE_DIR costs per request', lines);
}

/**
 * The host's CPU time per request, in µs, over `count` sequential requests after a warm-up.
 * @param {boolean} withVariable @param {string} method @param {number} count
 */
async function cpuPerRequest(withVariable, method, count) {
  const dir = mkdtempSync(join(tmpdir(), 'mock-coverage-cost-'));
  const env = { ...process.env };
  if (withVariable) env.THUMBNAIL_API_MOCK_COVERAGE_DIR = dir;
  else delete env.THUMBNAIL_API_MOCK_COVERAGE_DIR;
  const host = fork(fileURLToPath(import.meta.url), ['host'], { env });
  try {
    const url = /** @type {string} */ (await reply(host, undefined, 'url'));
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    for (let i = 0; i < 300; i++) await send(url, agent, method);
    const before = /** @type {NodeJS.CpuUsage} */ (await reply(host, 'cpu', 'cpu'));
    for (let i = 0; i < count; i++) await send(url, agent, method);
    const after = /** @type {NodeJS.CpuUsage} */ (await reply(host, 'cpu', 'cpu'));
    agent.destroy();
    return (after.user + after.system - before.user - before.system) / count;
  } finally {
    host.send('stop');
    await new Promise((resolve) => host.once('exit', resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}

/** @param {import('node:child_process').ChildProcess} host @param {string | undefined} message @param {string} field */
function reply(host, message, field) {
  return new Promise((resolve) => {
    /** @param {any} answer */
    const listener = (answer) => {
      if (!(field in answer)) return;
      host.off('message', listener);
      resolve(answer[field]);
    };
    host.on('message', listener);
    if (message !== undefined) host.send(message);
  });
}

/** @param {string} url @param {Agent} agent @param {string} method */
function send(url, agent, method) {
  const body = method === 'POST' ? '{"prompt":"a red fox"}' : undefined;
  const headers = {
    'x-api-key': 'sk_cost_key',
    ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }),
  };
  return new Promise((resolve, reject) => {
    const outgoing = request(`${url}/api/thumbnails`, { method, agent, headers }, (response) => {
      response.resume();
      response.on('end', resolve);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
