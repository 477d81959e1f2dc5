// Every page has a meta description (Lighthouse's SEO audit, and what a search engine shows under the title), taken
// from the page's own first paragraph: plain text, whole sentences where they fit, at most 160 characters.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { pageDescription, plainText } from '../src/page-description.mjs';
import { distDir, readBuiltSite } from './browser.js';

describe('pageDescription', () => {
  test.each([
    [
      'keeps link text and drops the Markdown marks',
      'Use [the client](./client.md) with `THUMBNAIL_API_KEY` and **care**.',
      'Use the client with THUMBNAIL_API_KEY and care.',
    ],
    ['joins lines', 'One line\nand the next.', 'One line and the next.'],
    ['drops emphasis made with underscores', 'An _emphasised_ and a __strong__ word.', 'An emphasised and a strong word.'],
  ])('%s', (_, markdown, expected) => {
    expect(pageDescription(markdown)).toBe(expected);
  });

  test('keeps the whole sentences that fit in 160 characters', () => {
    const first = 'A first sentence that says what the page is about, and a little more than that.';
    const second = 'A second sentence that would take the description well past the length search engines show.';
    expect(pageDescription(`${first} ${second}`)).toBe(first);
  });

  test('cuts one long sentence at a word, with an ellipsis', () => {
    const description = pageDescription(`${'word '.repeat(60)}end.`);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/^word( word)+…$/);
  });
});

describe('the built site', () => {
  test.each(readBuiltSite().pages)('%s has a meta description from its content', (page) => {
    const html = readFileSync(`${distDir}/${page}`, 'utf8');
    const descriptions = [...html.matchAll(/<meta name="description" content="([^"]*)">/g)].map((match) => match[1] ?? '');
    expect(descriptions).toHaveLength(1);
    const description = descriptions[0] ?? '';
    expect(description.length).toBeGreaterThan(40);
    expect(description.length).toBeLessThanOrEqual(160);
    // Its words are the page's own: the opening of the description is in the page's text.
    expect(plainText(html.replace(/<script\b[\s\S]*?<\/script>|<style\b[\s\S]*?<\/style>/g, '')).replace(/&#39;|&#x27;/g, "'")).toContain(
      description.replace(/…$/, '').replace(/&#39;/g, "'").slice(0, 40),
    );
  });
});
