import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Packing, installing from npm and type-checking take minutes on a cold cache and a loaded 2-core machine.
    testTimeout: 120_000,
    hookTimeout: 600_000,
  },
});
