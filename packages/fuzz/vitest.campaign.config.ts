// `pnpm fuzz`: the same suites with a long campaign (FAST_CHECK_RUNS, 100 000 cases by default).
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

export default mergeConfig(
  base,
  defineConfig({
    test: {
      // The regression tests are fixed cases: the campaign only runs the properties.
      include: ['test/**/*-fuzz.test.ts'],
      env: { FAST_CHECK_RUNS: process.env.FAST_CHECK_RUNS ?? '100000' },
      // A campaign runs for as long as its cases take.
      testTimeout: 24 * 60 * 60 * 1000,
    },
  }),
);
