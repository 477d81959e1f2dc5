import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// `npm test` runs the quick project (`test`), `npm run test:slow` the slow one (`test:slow`) and then, once every
// package's slow suite has ended, the launchers (`test:launchers`); .ci/run runs both. Slow are the files that start
// programs one after another (the CLI and its wrapper, a user's vitest or Jest project, npm with a packed tarball),
// wait seconds on real clocks, or drive Chromium.
const SLOW = [
  'test/*.browser.test.ts',
  'test/cli.test.ts',
  'test/cli-control.test.ts',
  'test/cli-coverage.test.ts',
  'test/cli-coverage-runs.test.ts',
  'test/cli-proxy.test.ts',
  'test/dual-package.test.ts',
  'test/ends-with-parent.test.ts',
  'test/examples.test.ts',
  'test/msw-examples.test.ts',
  // Runs test files, each as its own vitest, against copies of the built mock with a defect planted.
  'test/mutations.test.ts',
  'test/packed-project.test.ts',
  'test/record-guide.test.ts',
  'test/record-proxy.test.ts',
  'test/vendored-tarballs.test.ts',
  'test/wrapper-key.test.ts',
];
// The npm CLI, the single executable and the container image from one suite (Docker, programs, builds). Never beside
// a browser test: a Docker network that compose creates is a new address on this machine, and Chromium, seeing the
// network change, drops its open connections (a POST on 127.0.0.1 failed with "Failed to fetch").
const LAUNCHERS = ['test/launchers/*.test.ts'];

export default defineConfig({
  test: {
    // The files mostly wait (on servers, child processes, timeouts), so more of them at once than cores: vitest's
    // default, one fewer than the cores, ran them one by one on a 2-core machine.
    maxWorkers: Math.max(3, availableParallelism() - 1),
    // Real Prism processes start in 1-3 s, slower on a loaded machine: room, not timing assertions.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'quick',
          // examples/ holds the guide's own vitest project; test/examples.test.ts runs it as users would.
          include: ['test/**/*.test.ts'],
          exclude: [...SLOW, ...LAUNCHERS],
          // One module graph per worker, not per file: importing the mock (and Prism, where a file loads it) again for
          // each file was half of this suite's CPU time. So a file must leave nothing behind: it stops what it starts
          // and restores what it changes (process.env, globals, msw's interception).
          isolate: false,
          // Type tests: tsc checks that the test double's types refuse what the contract does not have
          // (tsconfig.typecheck.json: these files alone, since `lint` type-checks the rest).
          typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.typecheck.json' },
        },
      },
      { extends: true, test: { name: 'slow', include: SLOW } },
      // global-setup.ts checks Docker and builds the image (and the binary) once per run, before any of the files.
      { extends: true, test: { name: 'launchers', include: LAUNCHERS, globalSetup: ['test/launchers/global-setup.ts'] } },
    ],
  },
});
