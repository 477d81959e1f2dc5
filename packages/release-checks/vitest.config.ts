import { defineConfig } from 'vitest/config';

// `npm test` runs the quick project (`test`), `npm run test:slow` the slow one (`test:slow`); .ci/run runs both. Slow are
// the files that pack the public packages and run publint and attw on them, or run `redocly diff` (the contract gate)
// on fixtures.
const SLOW = ['test/breaking-change-gate.test.ts', 'test/contract-gate-cli.test.ts', 'test/packed-tarballs.test.ts'];

export default defineConfig({
  test: {
    // Packing four packages and running attw on each takes a while on a loaded 2-core machine.
    testTimeout: 120_000,
    hookTimeout: 300_000,
    projects: [
      { extends: true, test: { name: 'quick', include: ['test/**/*.test.ts'], exclude: SLOW } },
      { extends: true, test: { name: 'slow', include: SLOW } },
    ],
  },
});
