import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A project of its own (not the examples folder's, with its globalSetup): the wrapper is its only shared mock.
    include: ['*.test.ts'],
  },
});
