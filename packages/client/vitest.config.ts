import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Type tests: tsc checks that the typed surface rejects wrong bodies and unknown paths (tsconfig.typecheck.json:
    // these files alone, since `lint` type-checks the rest and the declaration files).
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.typecheck.json' },
    // The files mostly wait (on servers, child processes, timeouts), so more of them at once than cores: vitest's
    // default, one fewer than the cores, ran them one by one on a 2-core machine.
    maxWorkers: Math.max(3, availableParallelism() - 1),
    // One module graph per worker, not per file (a fifth of the suite's CPU time): a file must stop what it starts and
    // restore what it changes (process.env, globals).
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
