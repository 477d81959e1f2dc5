// How the benches draw each round's order and summarise samples: a seeded random order (BENCH_SEED=<seed> repeats a
// run) and quantiles. A fixed order, even alternated or rotated, gives each place its own neighbours: in the client's
// bench the last contender ran twice in a row at every turn and measured a few hundredths of bare fetch higher there;
// in the mock's, the mocks placed second and third after Prism came out about 0.08 lower than the one placed first.

/** A seeded random source (mulberry32: small, and the same sequence on every runtime). */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** The seed of this run: BENCH_SEED, or a fresh one. */
export const benchSeed = (): number => Number(process.env.BENCH_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** `list` in an order drawn from `random` (Fisher-Yates). */
export function shuffled<T>(list: readonly T[], random: () => number): T[] {
  const order = [...list];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** The `q` quantile of `values` (the sample at that rank, no interpolation). */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}
