// The benches' round orders: every contender once per round, the same order again from the same seed (BENCH_SEED
// repeats a run), and different orders across rounds, so that no contender keeps the same neighbour.
import { expect, test } from 'vitest';
import { quantile, seededRandom, shuffled } from '../src/bench-rounds.js';

const contenders = ['bare', 'prism', 'cli', 'startMock', 'compiled'];

test('each round holds every contender once, and a seed gives the same rounds again', () => {
  const draw = (seed: number) => {
    const random = seededRandom(seed);
    return Array.from({ length: 20 }, () => shuffled(contenders, random));
  };
  const rounds = draw(42);
  for (const round of rounds) expect([...round].sort()).toEqual([...contenders].sort());
  expect(draw(42)).toEqual(rounds);
  expect(draw(43)).not.toEqual(rounds);
});

test('who runs right after whom changes from round to round', () => {
  const random = seededRandom(7);
  const followers = new Set<string>();
  for (let round = 0; round < 20; round++) {
    const order = shuffled(contenders, random);
    followers.add(order[order.indexOf('prism') + 1] ?? 'nobody');
  }
  // A rotation would give Prism one follower (or none, when it comes last) in every round.
  expect(followers.size).toBeGreaterThan(2);
});

test('quantile takes the sample at the rank', () => {
  expect(quantile([5, 1, 4, 2, 3], 0.5)).toBe(3);
  expect(quantile([5, 1, 4, 2, 3], 0.99)).toBe(5);
});
