// This build's thumbnails.list() paired with another build's (BENCH_BASELINE=<a built checkout's packages/client>): two
// builds of one module go in two processes (side by side in one, the copy the other contenders share runs faster), each
// with its own local server (bench/paired-worker.mjs). The rounds run the two one after the other, in an order drawn
// afresh each round, so that drift on this shared machine falls on both alike; each round gives a ratio, and the
// summary is their median and range. A third process runs this build again: what two processes of one build differ by
// is the floor under any difference between builds.
import { execFileSync, fork } from 'node:child_process';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { quantile, seededRandom, shuffled } from '@thumbnail-api/dev-tools/bench-rounds';

/** @typedef {{ fetch: number, list: number }} Block the median ms of each contender in one block */

/**
 * Runs the paired rounds; resolves with the lines to print.
 * @param {{ baseline: string, seed: number, rounds: number, calls: number, warmup: number }} settings
 */
export async function pairedRun({ baseline, seed, rounds, calls, warmup }) {
  const folder = resolve(baseline);
  const ours = new URL('../dist/index.js', import.meta.url).href;
  const builds = { ours, again: ours, baseline: pathToFileURL(join(folder, 'dist', 'index.js')).href };
  const workers = Object.fromEntries(
    await Promise.all(
      Object.entries(builds).map(async ([name, url], index) => {
        const worker = fork(new URL('./paired-worker.mjs', import.meta.url), [url, String(seed + index)]);
        await new Promise((ready, failed) => {
          worker.once('message', ready);
          worker.once('exit', (code) => failed(new Error(`the ${name} build's bench process exited (${code}) before it was ready: is ${url} built?`)));
        });
        return [name, worker];
      }),
    ),
  );
  /** @returns {Promise<Block>} */
  const block = (/** @type {string} */ name, /** @type {number} */ count) =>
    new Promise((done) => {
      workers[name].once('message', done);
      workers[name].send({ calls: count });
    });
  const random = seededRandom(seed);
  for (const name of shuffled(Object.keys(builds), random)) await block(name, warmup);
  /** @type {Array<Record<string, Block>>} */
  const results = [];
  for (let round = 0; round < rounds; round++) {
    /** @type {Record<string, Block>} */
    const result = {};
    for (const name of shuffled(Object.keys(builds), random)) result[name] = await block(name, calls);
    results.push(result);
  }
  for (const worker of Object.values(workers)) worker.disconnect();

  const commit = git(folder, ['rev-parse', '--short', 'HEAD']);
  const subject = shorten(git(folder, ['log', '-1', '--format=%s']), 72);
  const summary = (/** @type {(result: Record<string, Block>) => number} */ of, /** @type {number} */ digits) => {
    const values = results.map(of);
    const [low, middle, high] = [Math.min(...values), quantile(values, 0.5), Math.max(...values)];
    return `${middle.toFixed(digits).padStart(9)}   ${low.toFixed(digits)} – ${high.toFixed(digits)}`;
  };
  const us = 1000;
  // Each build's list() over its own process's bare fetch in the same block: what a process's own speed (its core, its
  // neighbours) adds mostly falls out, which the raw ratio keeps.
  const overFetch = (/** @type {Block} */ one, /** @type {Block} */ other) => one.list / one.fetch / (other.list / other.fetch);
  const ratio = quantile(
    results.map((r) => overFetch(r.ours, r.baseline)),
    0.5,
  );
  return [
    `Paired with BENCH_BASELINE, commit ${commit} ("${subject}"): each build in a process of its own with its own local`,
    `server, and this build in a third (the floor: two processes of one build); ${rounds} rounds of one block per process`,
    `(${calls} pairs of bare fetch and thumbnails.list() in random order), their order drawn afresh each round`,
    `(BENCH_SEED=${seed}), after ${warmup} warm-up pairs each (Node ${process.version}):`,
    `  ${''.padEnd(44)}   median   range over the rounds`,
    `  ${'list(), this build (µs)'.padEnd(44)} ${summary((r) => r.ours.list * us, 1)}`,
    `  ${'list(), baseline (µs)'.padEnd(44)} ${summary((r) => r.baseline.list * us, 1)}`,
    `  ${'list(): this build ÷ baseline'.padEnd(44)} ${summary((r) => r.ours.list / r.baseline.list, 3)}`,
    `  ${'list(): this build ÷ this build again'.padEnd(44)} ${summary((r) => r.ours.list / r.again.list, 3)}`,
    `  ${'list() ÷ bare fetch: this build ÷ baseline'.padEnd(44)} ${summary((r) => overFetch(r.ours, r.baseline), 3)}`,
    `  ${'list() ÷ bare fetch: this build ÷ again'.padEnd(44)} ${summary((r) => overFetch(r.ours, r.again), 3)}`,
    `  The baseline's list() took ${Math.abs((1 - 1 / ratio) * 100).toFixed(1)}% ${ratio >= 1 ? 'less' : 'more'} time than this build's, each over its own bare fetch (median of the rounds).`,
  ];
}

/** @param {string} folder @param {string[]} args */
function git(folder, args) {
  return execFileSync('git', ['-C', folder, ...args], { encoding: 'utf8' }).trim();
}

/** @param {string} text @param {number} length */
function shorten(text, length) {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}
