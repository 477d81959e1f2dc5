// How guides become pages: their order, titles, links and the generated list.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { GAP_LIST_PLACEHOLDER, listGuides, renderGuide, toPageHref } from '../src/guides.mjs';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function guidesDir(files: Record<string, string>): string {
  dir = mkdtempSync(join(tmpdir(), 'docs-guides-'));
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  return dir;
}

describe('listGuides', () => {
  test('orders known guides first and puts any other guide before the not-documented page', () => {
    const guides = listGuides(
      guidesDir({
        'not-documented.md': '# Not documented yet\n',
        'zebra.md': '# Zebra\n',
        'errors.md': '# Errors\n',
        'getting-started.md': '# Getting started\n',
      }),
    );
    expect(guides.map((guide) => guide.slug)).toEqual(['getting-started', 'errors', 'zebra', 'not-documented']);
  });

  test('refuses a guide without a title, saying how to add one', () => {
    expect(() => listGuides(guidesDir({ 'untitled.md': 'Some text.\n' }))).toThrow('docs/guides/untitled.md has no title: start it with a "# Title" line');
  });
});

describe('renderGuide', () => {
  test('gives headings ids, points guide links to pages and inserts the generated list', () => {
    const html = renderGuide(`# Title\n\n## 2. Start the mock\n\nSee [errors](./errors.md#statuses).\n\n${GAP_LIST_PLACEHOLDER}\n`, {
      gapListHtml: '<ul class="gap-list"></ul>',
    });
    expect(html).toContain('<h2 id="2-start-the-mock">2. Start the mock</h2>');
    expect(html).toContain('<a href="errors.html#statuses">errors</a>');
    expect(html).toContain('<ul class="gap-list"></ul>');
    expect(html).not.toContain(GAP_LIST_PLACEHOLDER);
  });

  test.each([
    ['./errors.md', 'errors.html'],
    ['errors.md#body', 'errors.html#body'],
    ['index.html#/thumbnails', 'index.html#/thumbnails'],
    ['https://example.com/a.md', 'https://example.com/a.md'],
  ])('toPageHref(%s) is %s', (href, expected) => {
    expect(toPageHref(href)).toBe(expected);
  });
});
