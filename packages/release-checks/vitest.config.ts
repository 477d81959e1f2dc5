import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // test/consumer/ holds a user's programs, copied into a throwaway project; its Jest test runs there, not here.
    exclude: [...configDefaults.exclude, 'test/consumer/**'],
    // Packing, installing from npm and type-checking take minutes on a cold cache and a loaded 2-core machine.
    testTimeout: 120_000,
    hookTimeout: 600_000,
  },
});
