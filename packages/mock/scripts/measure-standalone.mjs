// pnpm --filter @thumbnail-api/mock measure:standalone: issue 43's targets, measured on this machine in one run and
// printed: the image's size compressed (docker save | gzip), the single executable's
// size, each launcher's start to its first 200 in rounds of a freshly drawn order, the medians and the ratios to the
// npm CLI measured within each round. Builds the image (and so the binary) first. Prints; asserts nothing.
// `--record` also writes the figures, dated, into this package's BENCHMARKS.md (@thumbnail-api/dev-tools/bench-record).
import { execFileSync, spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGzip } from 'node:zlib';
import { startBenchRun } from '@thumbnail-api/dev-tools/bench-record';
import { freePort } from '@thumbnail-api/dev-tools/loopback-port';
import { binaryPath } from './build-binary.mjs';
import { buildImage, IMAGE_TAG } from './build-image.mjs';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const ROUNDS = Number(process.env.MEASURE_ROUNDS ?? 7);
const TARGETS = { imageMB: 60, binaryMB: 110, startRatio: 1.3, dockerRunMs: 2000 };

/** Milliseconds from `start()` until GET /api/thumbnails on `port` answers 200; then `stop()`. */
async function firstAnswer(port, start, stop) {
  const began = performance.now();
  const child = start();
  for (;;) {
    const status = await fetch(`http://127.0.0.1:${port}/api/thumbnails`, { headers: { 'x-api-key': 'measure' } }).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) break;
    if (performance.now() - began > 30_000) throw new Error(`Nothing answered on ${port} within 30 s.`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  const ms = performance.now() - began;
  lastAnswerAt = Date.now();
  await stop(child);
  return ms;
}

/** When the last first answer came, on the clock Docker's records use. */
let lastAnswerAt = 0;
/** The image's mock from its process's start, as Docker records it, to its first 200: per round, beside `imageStart`. */
const insideImage = [];

const killed = (child) => {
  child.kill('SIGTERM');
  return new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve()));
};
const docker = (...args) => execFileSync('docker', args, { stdio: 'pipe' });

/** The contenders: how each starts the mock on a given port and how it is stopped. */
const contenders = {
  npm: {
    label: `npm CLI (node ${process.version} bin/thumbnail-api-mock.js)`,
    run: (port) =>
      firstAnswer(port, () => spawn(process.execPath, [join(packageDir, 'bin', 'thumbnail-api-mock.js'), '--port', String(port)], { stdio: 'ignore' }), killed),
  },
  binary: {
    label: 'single executable (dist-bin/)',
    run: (port) => firstAnswer(port, () => spawn(binaryPath(), ['--port', String(port)], { stdio: 'ignore' }), killed),
  },
  imageStart: {
    label: 'image: docker start of a created container (host network) → first 200',
    run: async (port) => {
      const name = `thumbnail-api-mock-measure-${process.pid}-${port}`;
      docker(
        'create',
        '--name',
        name,
        '--read-only',
        '--cap-drop',
        'ALL',
        '--network',
        'host',
        '--env',
        'THUMBNAIL_API_MOCK_HOST=127.0.0.1',
        '--env',
        `THUMBNAIL_API_MOCK_PORT=${port}`,
        IMAGE_TAG,
      );
      try {
        const ms = await firstAnswer(
          port,
          () => spawn('docker', ['start', name], { stdio: 'ignore' }),
          () => undefined,
        );
        // The mock inside: from when the container's process started (Docker's record) to the first answer.
        const started = Date.parse(String(docker('inspect', '--format', '{{.State.StartedAt}}', name)).trim());
        insideImage.push(lastAnswerAt - started);
        return ms;
      } finally {
        execFileSync('docker', ['rm', '--force', name], { stdio: 'ignore' });
      }
    },
  },
  dockerRun: {
    label: 'image: docker run -p 127.0.0.1:PORT:4010 → first 200',
    run: async (port) => {
      const name = `thumbnail-api-mock-measure-run-${process.pid}-${port}`;
      try {
        return await firstAnswer(
          port,
          () =>
            spawn('docker', ['run', '--rm', '--name', name, '--read-only', '--cap-drop', 'ALL', '--publish', `127.0.0.1:${port}:4010`, IMAGE_TAG], {
              stdio: 'ignore',
            }),
          () => docker('rm', '--force', name),
        );
      } finally {
        execFileSync('docker', ['rm', '--force', name], { stdio: 'ignore' });
      }
    },
  },
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const shuffled = (items) =>
  items
    .map((item) => [Math.random(), item])
    .sort(([a], [b]) => a - b)
    .map(([, item]) => item);

/** Bytes of `docker save IMAGE | gzip`. */
function compressedImageSize() {
  return new Promise((resolve, reject) => {
    const save = spawn('docker', ['save', IMAGE_TAG], { stdio: ['ignore', 'pipe', 'inherit'] });
    let bytes = 0;
    const gzip = createGzip();
    gzip.on('data', (chunk) => {
      bytes += chunk.length;
    });
    gzip.on('end', () => resolve(bytes));
    save.stdout.pipe(gzip);
    save.once('error', reject);
  });
}

const run = startBenchRun(packageDir, '@thumbnail-api/mock', 'pnpm --filter @thumbnail-api/mock measure:standalone --record');
/** What is printed, kept for BENCHMARKS.md. */
const lines = [];
const say = (line) => {
  console.log(line);
  lines.push(...line.split('\n'));
};

await buildImage({ log: () => {} });
console.log(
  `Measured on ${new Date().toISOString().slice(0, 10)}, ${cpus().length} CPUs, load average ${loadavg()[0].toFixed(1)} at the start, ${ROUNDS} rounds.`,
);
const imageMB = (await compressedImageSize()) / 1e6;
const binaryMB = statSync(binaryPath()).size / 1e6;

const times = Object.fromEntries(Object.keys(contenders).map((name) => [name, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const name of shuffled(Object.keys(contenders))) times[name].push(await contenders[name].run(await freePort()));
}
times.imageInside = insideImage;
contenders.imageInside = { label: "image: the mock inside, from its process's start (Docker's StartedAt) → first 200" };
const ratios = (name) => times[name].map((ms, round) => ms / times.npm[round]);
const range = (values) => `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}`;

say(`\n| | start → first 200 (median) | ÷ the npm CLI's (median of the rounds' ratios, range) |\n|---|---|---|`);
for (const [name, { label }] of Object.entries(contenders)) {
  const ratio = name === 'npm' ? '1.00×' : `${median(ratios(name)).toFixed(2)}× (${range(ratios(name))})`;
  say(`| ${label} | ${Math.round(median(times[name]))} ms | ${ratio} |`);
}
const met = (ok) => (ok ? 'met' : 'NOT met');
say(`\nLoad average at the end ${loadavg()[0].toFixed(1)}. Issue 43's targets:`);
say(`- image, docker save | gzip: ${imageMB.toFixed(1)} MB (at most ${TARGETS.imageMB} MB): ${met(imageMB <= TARGETS.imageMB)}`);
say(`- single executable: ${binaryMB.toFixed(1)} MB (at most ${TARGETS.binaryMB} MB): ${met(binaryMB <= TARGETS.binaryMB)}`);
for (const name of ['binary', 'imageInside', 'imageStart']) {
  const ratio = median(ratios(name));
  say(`- ${contenders[name].label}: ${ratio.toFixed(2)}× the npm CLI's start (at most ${TARGETS.startRatio}×): ${met(ratio <= TARGETS.startRatio)}`);
}
const dockerRun = median(times.dockerRun);
say(`- docker run to the first answer: ${Math.round(dockerRun)} ms (within ${TARGETS.dockerRunMs} ms): ${met(dockerRun <= TARGETS.dockerRunMs)}`);
if (process.argv.includes('--record')) run.record('standalone', "Image and single executable (issue 43's targets)", lines);
