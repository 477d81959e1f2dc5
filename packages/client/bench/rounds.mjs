// How the benches draw each round's order and summarise samples: a seeded random order (BENCH_SEED=<seed> repeats a
// run) and quantiles. A fixed order, even alternated, gives each place its own neighbours: the last contender ran twice
// in a row at every turn, and the same client measured a few hundredths of bare fetch higher there than elsewhere.

/**
 * A seeded random source (mulberry32: small, and the same sequence on every runtime).
 * @param {number} seed
 */
export function seededRandom(seed) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** The seed of this run: BENCH_SEED, or a fresh one. */
export const benchSeed = () => Number(process.env.BENCH_SEED ?? Math.floor(Math.random() * 2 ** 31));

/**
 * `list` in an order drawn from `random`.
 * @template T @param {readonly T[]} list @param {() => number} random @returns {T[]}
 */
export function shuffled(list, random) {
  const order = [...list];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

/** @param {readonly number[]} values @param {number} q */
export function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}
