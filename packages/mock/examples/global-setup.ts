// Starts the Thumbnail API mock once for the whole test run, on a free port, with a key registry.
import { fileURLToPath } from 'node:url';
import { startMock } from '@thumbnail-api/mock';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    thumbnailApiUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const mock = await startMock({
    port: 0, // a free port: several runs (or CI jobs on one machine) never collide
    keys: fileURLToPath(new URL('./mock-keys.json', import.meta.url)),
  });
  project.provide('thumbnailApiUrl', mock.url);
  return () => mock.stop();
}
