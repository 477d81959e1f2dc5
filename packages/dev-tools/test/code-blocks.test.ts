// Which fenced blocks a Markdown text has, and exactly where each sits.
import { describe, expect, test } from 'vitest';
import { extractCodeBlocks } from '../src/code-blocks.js';

const lines = (...text: string[]) => text.join('\n');

describe('extractCodeBlocks', () => {
  test('reads language, flags and the line of the fence, also inside lists', () => {
    const markdown = lines('# T', '', '```ts run', 'const a = 1;', '```', '', '- item', '', '  ```sh', '  echo hi', '  ```', '');
    expect(extractCodeBlocks(markdown).map(({ lang, flags, code, line }) => ({ lang, flags, code, line }))).toEqual([
      { lang: 'ts', flags: ['run'], code: 'const a = 1;', line: 3 },
      { lang: 'sh', flags: [], code: 'echo hi', line: 9 },
    ]);
  });

  test('places a block by its fence, not by its first line showing up earlier in the prose', () => {
    const markdown = lines('Write `echo hi` like this:', '', 'echo hi', '', '```sh', 'echo hi', '```');
    expect(extractCodeBlocks(markdown)[0]?.line).toBe(5);
  });

  test('gives offsets that cut the whole block, fences included, out of the source', () => {
    const block = lines('````md', '```ts', 'inner', '```', '````');
    const markdown = lines('<!-- example: a.md -->', block, '', '> ~~~json', '> {}', '> ~~~', 'after');
    const [outer, quoted] = extractCodeBlocks(markdown);
    expect(markdown.slice(outer!.start, outer!.end)).toBe(block);
    expect(outer?.code).toBe(lines('```ts', 'inner', '```'));
    expect(markdown.slice(quoted!.start, quoted!.end)).toBe(lines('> ~~~json', '> {}', '> ~~~'));
    expect(quoted).toMatchObject({ lang: 'json', code: '{}', line: 8 });
  });

  test('leaves indented code blocks out, and runs a fence left open to the end', () => {
    const markdown = lines('Text', '', '    indented code', '', '```js', 'open();');
    const blocks = extractCodeBlocks(markdown);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toMatchObject({ lang: 'js', code: 'open();', line: 5, end: markdown.length });
  });

  test('reads nothing from a text without fences', () => {
    expect(extractCodeBlocks('# Just a title\n\nand `inline code`.\n')).toEqual([]);
  });
});
