// One mock for every test file of the run (vitest runs files in parallel). Each file sends its own API key, and reads
// and sets only that key's journal and rules, through connectMock(url).forKey(key), so files never see each other.
import { startMock } from '@thumbnail-api/mock';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    mockUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const mock = await startMock({ port: 0 });
  project.provide('mockUrl', mock.url);
  return () => mock.stop();
}
