import { defineConfig } from 'vitest/config';

// `npm test` runs the quick project (`test`), `npm run test:slow` the slow one (`test:slow`); .ci/run runs both. Slow are
// the files that run the tools themselves: the Prism CLI, and npm installing a pinned tool set.
const SLOW = ['test/pinned-tools.test.ts', 'test/prism-cli.test.ts'];

export default defineConfig({
  test: {
    projects: [
      { extends: true, test: { name: 'quick', include: ['test/**/*.test.ts'], exclude: SLOW } },
      { extends: true, test: { name: 'slow', include: SLOW } },
    ],
  },
});
