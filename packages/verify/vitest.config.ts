import { defineConfig } from 'vitest/config';

// `npm test` runs the quick project (`test`), `npm run test:slow` the slow one (`test:slow`); .ci/run runs both. Slow are
// the files that wait seconds on real clocks (the rate cap, the budget's runs, the nightly workflow's runs) or install
// the packed tarball with npm.
const SLOW = ['test/verify-budget.test.ts', 'test/verify-examples.test.ts', 'test/verify-politeness.test.ts', 'test/packed-verify.test.ts'];

export default defineConfig({
  test: {
    // Every run loads Prism's validators (1-3 s, slower on a loaded machine): room, not timing assertions.
    testTimeout: 120_000,
    hookTimeout: 300_000,
    projects: [
      { extends: true, test: { name: 'quick', include: ['test/**/*.test.ts'], exclude: SLOW } },
      { extends: true, test: { name: 'slow', include: SLOW } },
    ],
  },
});
