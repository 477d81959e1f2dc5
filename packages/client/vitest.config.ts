import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Type tests: tsc checks that the typed surface rejects wrong bodies and unknown paths (tsconfig.typecheck.json:
    // these files alone, since `lint` type-checks the rest and the declaration files).
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.typecheck.json' },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
