import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// `npm test` runs the quick project (`test`), `npm run test:slow` the slow one (`test:slow`); .ci/run runs both. Slow are
// the files that drive Chromium, and the one that runs the time-limit tests again for each defect it plants in a copy
// of the build (a vitest run per defect).
const SLOW = ['test/browser*.test.ts', 'test/time-limit-mutations.test.ts'];

// One module graph per worker, not per file (a fifth of the suite's CPU time): a file must stop what it starts and
// restore what it changes (process.env, globals, fake timers). Type tests: tsc checks that the typed surface rejects
// wrong bodies and unknown paths (tsconfig.typecheck.json: these files alone, since `lint` type-checks the rest).
const typecheck = { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.typecheck.json' };
const quick = { name: 'quick', include: ['test/**/*.test.ts'], exclude: SLOW, isolate: false, typecheck };

export default defineConfig({
  test: {
    // The files mostly wait (on servers, child processes, timeouts), so more of them at once than cores: vitest's
    // default, one fewer than the cores, ran them one by one on a 2-core machine.
    maxWorkers: Math.max(3, availableParallelism() - 1),
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: quick },
      { extends: true, test: { name: 'slow', include: SLOW } },
    ],
  },
});
