import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Type tests: tsc checks that the typed surface rejects wrong bodies and unknown paths.
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
