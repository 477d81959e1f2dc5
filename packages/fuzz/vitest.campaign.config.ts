// `pnpm fuzz`: the fuzz suites only (the regressions are fixed cases), with a long campaign of FAST_CHECK_RUNS
// cases per suite, 100 000 unless set.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*-fuzz.test.ts', 'test/msw-differential.test.ts'],
    env: { FAST_CHECK_RUNS: process.env.FAST_CHECK_RUNS ?? '100000' },
    // A campaign runs for as long as its cases take.
    testTimeout: 24 * 60 * 60 * 1000,
    hookTimeout: 120_000,
  },
});
