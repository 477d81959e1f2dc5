// The load generator, in its own process so that it never shares a process (or its event loop) with a server being
// measured. The bench sends it jobs over IPC: autocannon runs (keep-alive connections, each response's latency kept
// to the microsecond, since autocannon's own histogram counts whole milliseconds), and comparison runs that check
// every answer. Every loop is bounded (a duration or a request count); loopback only.
import { Agent, request } from 'node:http';
import { loadAutocannon } from './autocannon.mjs';

const autocannon = loadAutocannon();

/** Throughput and exact latency percentiles of one autocannon run. */
async function throughput({ url, connections, durationSeconds, method, headers, body }) {
  const latencies = [];
  const instance = autocannon({ url, connections, duration: durationSeconds, method, headers, body, pipelining: 1 });
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  return {
    requestsPerSecond: result.requests.total / (result.duration || durationSeconds),
    p50: at(0.5),
    p99: at(0.99),
    total: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** One request over `agent`; resolves with status, content type and body, or with the error's message. */
function send(agent, url, { method, path, headers, body }) {
  return new Promise((resolve) => {
    const req = request(new URL(path, url), { agent, method, headers, timeout: 10_000 }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, contentType: res.headers['content-type'], body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (error) => resolve({ error: error.message }));
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 10 s')));
    req.on('error', (error) => resolve({ error: error.message }));
    req.end(body);
  });
}

/** `total` requests over `connections` keep-alive connections, cycling through `exchanges`, each answer checked. */
async function compare({ url, connections, total, exchanges }) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  let next = 0;
  let errors = 0;
  let differing = 0;
  const samples = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < total) {
        const exchange = exchanges[next++ % exchanges.length];
        const answer = await send(agent, url, exchange.request);
        if (answer.error) {
          errors++;
          if (samples.length < 3) samples.push(`${exchange.name}: ${answer.error}`);
        } else if (answer.status !== exchange.expect.status || answer.contentType !== exchange.expect.contentType || answer.body !== exchange.expect.body) {
          differing++;
          if (samples.length < 3)
            samples.push(
              `${exchange.name}: ${answer.status} ${answer.contentType} ${answer.body.slice(0, 80)} (Prism: ${exchange.expect.status} ${exchange.expect.contentType} ${exchange.expect.body.slice(0, 80)})`,
            );
        }
      }
    }),
  );
  agent.destroy();
  return { total, errors, differing, samples, seconds: (performance.now() - started) / 1000 };
}

const jobs = { throughput, compare, send: ({ url, request: init }) => send(new Agent({ keepAlive: false }), url, init) };

process.on('message', async ({ id, job, args }) => {
  try {
    process.send({ id, result: await jobs[job](args) });
  } catch (error) {
    process.send({ id, error: error instanceof Error ? error.stack : String(error) });
  }
});
// Ends with the bench, however the bench ends.
process.on('disconnect', () => process.exit(0));
