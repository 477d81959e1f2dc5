// The version sent in User-Agent is the published one.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { VERSION } from '../src/index.js';

test('VERSION equals the version in package.json (update src/version.ts when releasing)', () => {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  expect(VERSION).toBe(pkg.version);
});
