import { defineConfig } from 'vitest/config';

// `npm test` runs the quick project (`test`), `npm run test:slow` the slow one (`test:slow`). Slow are the files that
// start programs: the built command over stdio, the MCP Inspector's CLI, npm with the packed tarballs.
const SLOW = ['test/stdio.test.ts', 'test/inspector-cli.test.ts', 'test/packed-project.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'quick', include: ['test/**/*.test.ts'], exclude: SLOW } },
      // Installing tools with npm and starting programs take minutes on a loaded machine: room, not timing assertions.
      { extends: true, test: { name: 'slow', include: SLOW, testTimeout: 240_000, hookTimeout: 600_000 } },
    ],
  },
});
