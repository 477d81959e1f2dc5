import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One mock shared by the parallel-*.test.ts files; the other files start their own, or use MSW.
    globalSetup: ['./parallel-setup.ts'],
  },
});
