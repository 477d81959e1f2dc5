import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The first npm start installs and builds the whole repository: minutes on a loaded 2-core machine.
    testTimeout: 900_000,
    hookTimeout: 300_000,
  },
});
