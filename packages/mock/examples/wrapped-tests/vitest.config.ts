import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // vitest's test and expect as globals, as Jest has them: the CommonJS file cannot require('vitest').
    globals: true,
  },
});
