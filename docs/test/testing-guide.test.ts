// The testing guide shows the example files of the mock and of verify (which their tests run) exactly, every one of them, and no
// code that is not one of them.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { guideBlocks, readGuideExamples, syncGuide } from '../src/guide-examples.mjs';

const guide = readFileSync(new URL('../guides/testing.md', import.meta.url), 'utf8');
const examples = readGuideExamples();
const fix = 'Run `pnpm --filter @thumbnail-api/docs run sync:testing-guide` to copy the examples into the guide.';

describe('the testing guide', () => {
  test('shows every example file exactly, and no code that is not one', () => {
    const blocks = guideBlocks(guide);
    for (const block of blocks) {
      expect(block.include, `A code block in the guide does not come from an example file:\n${block.code}`).toBeDefined();
      const example = examples.find((candidate) => candidate.name === block.include);
      expect(example?.code, `${block.include} differs from the guide. ${fix}`).toBe(block.code);
    }
    const shown = new Set(blocks.map((block) => block.include));
    for (const { name } of examples) expect(shown.has(name), `${name} is not shown in the guide. ${fix}`).toBe(true);
  });

  test('has examples to show: the mock and verify export their example files', () => {
    expect(examples.map((example) => example.name)).toEqual(
      expect.arrayContaining(['global-setup.ts', 'github-actions.yml', 'mock-keys.json', 'verify-nightly.yml']),
    );
  });
});

describe('syncGuide', () => {
  /** A guide with two example blocks holding `a` and `b`, and a block between them that is no example. */
  const guideShowing = (a: string, b: string) =>
    [
      '# Guide',
      '',
      '<!-- example: a.ts -->',
      '```ts',
      a,
      '```',
      '',
      '```sh',
      'echo untouched',
      '```',
      '',
      '<!-- example: b.json -->',
      '```json',
      b,
      '```',
      '',
    ].join('\n');
  const markdown = guideShowing('old', '{}');
  const examples = [
    { name: 'a.ts', language: 'ts', code: 'export const a = 1;\n' },
    { name: 'b.json', language: 'json', code: '{ "b": true }\n' },
  ];

  test('replaces each example block with its file and leaves other blocks alone', () => {
    expect(syncGuide(markdown, examples)).toBe(guideShowing('export const a = 1;', '{ "b": true }'));
  });

  test('leaves a synced guide as it is', () => {
    const synced = syncGuide(markdown, examples);
    expect(syncGuide(synced, examples)).toBe(synced);
  });

  test('names an example no package has', () => {
    expect(() => syncGuide(markdown, examples.slice(0, 1))).toThrow("The guide shows b.json, which is not one of the packages' examples (a.ts).");
  });
});
