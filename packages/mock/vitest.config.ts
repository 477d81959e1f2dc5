import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // examples/ holds the guide's own vitest project; test/examples.test.ts runs it as users would.
    include: ['test/**/*.test.ts'],
    // Type tests: tsc checks that the test double's types refuse what the contract does not have (tsconfig.typecheck.json:
    // these files alone, since `lint` type-checks the rest).
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.typecheck.json' },
    // The files mostly wait (on servers, child processes, timeouts), so more of them at once than cores: vitest's
    // default, one fewer than the cores, ran them one by one on a 2-core machine.
    maxWorkers: Math.max(3, availableParallelism() - 1),
    // Real Prism processes start in 1-3 s, slower on a loaded machine: room, not timing assertions.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
