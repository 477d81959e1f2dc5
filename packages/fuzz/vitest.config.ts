import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One property is one test running hundreds of real HTTP exchanges (and real Prism processes) on a
    // loaded 2-core machine: room to finish, never a timing assertion. The suites bound themselves (no case
    // starts after the 150 s budget, and a case past its suite's case limit, at most 250 s, fails): this is
    // only the backstop.
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
