import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One property is one test running hundreds of real HTTP exchanges (and real Prism processes) on a
    // loaded 2-core machine: room to finish, never a timing assertion.
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
