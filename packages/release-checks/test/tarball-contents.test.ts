import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contentProblems, fileListProblems } from './support/tarball-contents.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Writes `files` (path -> text) into a fresh directory, as an unpacked tarball. */
function unpacked(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'tarball-'));
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe('file list rules', () => {
  it('accepts what the client publishes', () => {
    const files = ['package.json', 'README.md', 'dist/index.js', 'dist/index.d.ts', 'dist/cjs/index.js', 'dist/cjs/index.d.ts', 'dist/cjs/package.json'];
    expect(fileListProblems('@thumbnail-api/client', files)).toEqual([]);
  });

  it.each([
    ['dist/index.test.js', 'a test file must not be published'],
    ['test/contract.test.ts', 'test code or fixtures must not be published'],
    ['tsconfig.build.json', 'a tsconfig must not be published'],
    ['.env.production', 'an .env file must not be published'],
    ['.npmrc', 'an .npmrc (may hold a registry token) must not be published'],
    ['src/index.ts', 'not on the list of what @thumbnail-api/client publishes'],
    ['dist/index.js.map', 'not on the list of what @thumbnail-api/client publishes'],
    ['dist/package.json', 'not on the list of what @thumbnail-api/client publishes'],
  ])('rejects %s', (file, reason) => {
    expect(fileListProblems('@thumbnail-api/client', [file])).toEqual([expect.stringContaining(`${file}: ${reason}`)]);
  });
});

describe('content rules', () => {
  it('rejects a source map whose sources are not published', () => {
    const dir = unpacked({ 'dist/index.js': '', 'dist/index.js.map': JSON.stringify({ version: 3, sources: ['../src/index.ts'], mappings: '' }) });
    expect(contentProblems(dir, ['dist/index.js', 'dist/index.js.map'])).toEqual(['dist/index.js.map: maps to src/index.ts, which is not published']);
  });

  it('accepts a source map that carries its sources inline', () => {
    const dir = unpacked({ 'dist/index.js.map': JSON.stringify({ version: 3, sources: ['../src/index.ts'], sourcesContent: ['export {}'], mappings: '' }) });
    expect(contentProblems(dir, ['dist/index.js.map'])).toEqual([]);
  });

  it('rejects a file holding an npm token', () => {
    const dir = unpacked({ 'dist/index.js': `const token = "npm_${'a1B2'.repeat(9)}";` });
    expect(contentProblems(dir, ['dist/index.js'])).toEqual(['dist/index.js: contains what looks like an npm token']);
  });
});
