import { defineConfig } from 'vitest/config';

// `npm test` runs the quick project (`test`), `npm run test:slow` the slow one (`test:slow`); .ci/run runs both. Slow are
// the files that run every sample or guide block as its own process (curl, Python, Node, vitest), or drive Chromium,
// and the mutation tests, which run them against planted defects.
const SLOW = ['test/**/*.browser.test.ts', 'test/runnable-code.test.ts', 'test/try-it-copies.test.ts', 'test/*.mutations.test.ts'];

export default defineConfig({
  test: {
    // A real browser and real processes on a loaded 2-core machine: generous limits, never timing assertions.
    testTimeout: 60_000,
    hookTimeout: 90_000,
    projects: [
      { extends: true, test: { name: 'quick', include: ['test/**/*.test.ts'], exclude: SLOW } },
      { extends: true, test: { name: 'slow', include: SLOW } },
    ],
  },
});
