import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // A real browser and real processes on a loaded 2-core machine: generous limits, never timing assertions.
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
});
