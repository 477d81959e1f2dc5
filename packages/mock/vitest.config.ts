import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // examples/ holds the guide's own vitest project; test/examples.test.ts runs it as users would.
    include: ['test/**/*.test.ts'],
    // Real Prism processes start in 1-3 s, slower on a loaded machine: room, not timing assertions.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
