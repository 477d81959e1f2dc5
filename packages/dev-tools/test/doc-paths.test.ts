import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkPathsIn, describeMissing } from '../src/doc-paths.js';

let root: string;

// A small repository: a root document and a package README, each naming paths beside it and at the root.
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'doc-paths-'));
  for (const file of ['spec/src/index.ts', 'spec/scripts/bundle.mjs', 'packages/mock/src/cli/parent-watch.ts', 'packages/mock/README.md', 'scripts/pnpm.mjs']) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), '');
  }
  writeFileSync(join(root, 'packages/mock/README.md'), '# Mock\n\n## Command\n');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function check(markdown: string, document = 'CONTRIBUTING.md', accept?: (path: string) => boolean) {
  writeFileSync(join(root, document), markdown);
  return checkPathsIn(root, document, accept);
}

describe('checkPathsIn', () => {
  test.each([
    ['a code span at the root', 'The entry is `spec/src/index.ts`.'],
    ['a folder with a trailing slash', 'Scripts live in `spec/scripts/`.'],
    ['a link relative to the document', 'See [the mock](packages/mock/README.md#command).'],
    ['a brace group whose every choice exists', 'Tools in `spec/{src,scripts}`.'],
    ['a code span with a fragment', 'The version is `spec/src/index.ts#version`.'],
  ])('passes %s', (_, markdown) => {
    expect(check(markdown)).toEqual({ checked: 1, missing: [] });
  });

  test('names a renamed file, with its line and where it was looked for', () => {
    const { missing } = check('# Guide\n\nHand-written: `spec/src/index.js`.\n');
    expect(missing).toEqual([{ document: 'CONTRIBUTING.md', line: 3, named: 'spec/src/index.js', lookedAt: 'spec/src/index.js' }]);
    expect(describeMissing(missing)).toBe('CONTRIBUTING.md:3: `spec/src/index.js` (no spec/src/index.js in the repository)');
  });

  test('names a link to a file that is not there', () => {
    expect(check('See [layout](spec/LAYOUT.md).').missing.map((item) => item.lookedAt)).toEqual(['spec/LAYOUT.md']);
  });

  test('names the brace choice that is missing', () => {
    expect(check('Tools in `spec/{src,bin}`.').missing.map((item) => item.lookedAt)).toEqual(['spec/bin']);
  });

  test.each([
    ['a code span', 'Beyond `../elsewhere/NOTES.md`, these cost us time.'],
    ['a link', 'See [the traps](../elsewhere/NOTES.md).'],
  ])('names %s that points outside the repository', (_, markdown) => {
    const { missing } = check(markdown);
    expect(missing).toHaveLength(1);
    expect(describeMissing(missing)).toContain('points outside the repository');
  });

  test("reads a package README's paths beside it first, then at the root", () => {
    const markdown = 'In `src/cli/parent-watch.ts`; started by `scripts/pnpm.mjs`; gone: `src/cli/old.ts`.';
    const { checked, missing } = check(markdown, 'packages/mock/README.md');
    expect(checked).toBe(3);
    expect(missing.map((item) => item.lookedAt)).toEqual(['packages/mock/src/cli/old.ts']);
  });

  test.each([
    ['URLs', 'See [it](https://example.com/a/b#top) and `http://127.0.0.1:4010/api`.'],
    ['import specifiers', 'Import `@thumbnail-api/dev-tools/port-closed`.'],
    ['built and installed folders', 'Built into `spec/dist/openapi.json` and `spec/.build/x.json`; `node_modules/.bin/prism`.'],
    ['placeholders, globs and commands', 'Tests in `<package>/test/`, `spec/**/*.yaml`, `node scripts/pnpm.mjs install`.'],
    ['paths that name no folder of the repository', 'In your project: `test/mock-keys.json`, `bun/bin/bun.exe`.'],
    ['fenced code blocks', '```sh\ncat spec/nothing-here.md\n```'],
  ])('leaves alone %s', (_, markdown) => {
    expect(check(markdown).missing).toEqual([]);
  });

  describe('links to a heading', () => {
    const guide = ['# Guide', '## The quick start (`npm start`)', '## How long *things* take', '## Notes', '## Notes', '<a id="by-hand"></a>'].join('\n');
    beforeAll(() => writeFileSync(join(root, 'spec/GUIDE.md'), guide));

    test.each([
      ['punctuation and code dropped', 'spec/GUIDE.md#the-quick-start-npm-start'],
      ['emphasis dropped', 'spec/GUIDE.md#how-long-things-take'],
      ['a repeated heading numbered', 'spec/GUIDE.md#notes-1'],
      ['an explicit id', 'spec/GUIDE.md#by-hand'],
    ])('passes %s', (_, target) => {
      expect(check(`See [it](${target}).`)).toEqual({ checked: 1, missing: [] });
    });

    test('names a heading that is gone, in another document or its own', () => {
      const { missing } = check('See [timings](spec/GUIDE.md#timings) and [above](#intro).\n\n## Introduction\n');
      expect(describeMissing(missing)).toBe(
        [
          'CONTRIBUTING.md:1: `spec/GUIDE.md#timings` (no heading #timings in spec/GUIDE.md)',
          'CONTRIBUTING.md:1: `#intro` (no heading #intro in CONTRIBUTING.md)',
        ].join('\n'),
      );
    });
  });

  test('lets a path the caller accepts pass (a file a release writes)', () => {
    const markdown = 'The last release: `spec/released/openapi.yaml`.';
    expect(check(markdown).missing).toHaveLength(1);
    expect(check(markdown, 'CONTRIBUTING.md', (path) => path.startsWith('spec/released/')).missing).toEqual([]);
  });
});
