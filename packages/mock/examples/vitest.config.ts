import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One mock for the whole run, started before the first test file and stopped after the last.
    globalSetup: ['./global-setup.ts'],
  },
});
