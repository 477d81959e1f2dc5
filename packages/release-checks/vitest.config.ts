import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Packing four packages and running attw on each takes a while on a loaded 2-core machine.
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
