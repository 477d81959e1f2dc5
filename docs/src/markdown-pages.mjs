// The Markdown versions of the guides, for tools and language models (`<page>.html.md`, as the
// llms.txt proposal names them): the guide's own Markdown with links pointing at the other Markdown
// versions, the test-only `run` flags dropped and the generated list of what is not documented filled in.
import { GAP_LIST_PLACEHOLDER } from './guides.mjs';
import { MARKER_TITLE } from './undocumented.mjs';

/**
 * The Markdown version of a page, next to it: `getting-started.html` → `getting-started.html.md`.
 * @param {string} pageHref
 */
export function markdownHrefOf(pageHref) {
  return `${pageHref}.md`;
}

/**
 * A guide's Markdown as published next to its page.
 * @param {string} markdown The guide's source.
 * @param {{ gapListMarkdown: string }} options
 */
export function renderGuideMarkdown(markdown, { gapListMarkdown }) {
  let inFence = false;
  const lines = markdown.split('\n').map((line) => {
    const fence = /^(\s*)(```+|~~~+)(.*)$/.exec(line);
    if (fence) {
      const [, indent = '', marks = '', info = ''] = fence;
      inFence = !inFence;
      // `run` only tells the docs tests to execute a block; readers and tools need the language alone.
      return inFence ? `${indent}${marks}${info.trim().split(/\s+/)[0] ?? ''}` : line;
    }
    return inFence ? line : line.replace(/\]\(([^)\s]+)\)/g, (_, /** @type {string} */ href) => `](${toMarkdownHref(href)})`);
  });
  return lines.join('\n').replace(GAP_LIST_PLACEHOLDER, () => gapListMarkdown.trimEnd());
}

/**
 * `./errors.md#body` → `errors.html.md#body`; `index.html#/thumbnails` → `index.html.md`; other links are kept.
 * @param {string} href
 */
export function toMarkdownHref(href) {
  const guide = /^(?:\.\/)?([a-z0-9-]+)\.md(#.*)?$/i.exec(href);
  if (guide) return `${markdownHrefOf(`${guide[1]}.html`)}${guide[2] ?? ''}`;
  const page = /^(?:\.\/)?([a-z0-9-]+\.html)(?:#.*)?$/i.exec(href);
  return page ? markdownHrefOf(page[1] ?? '') : href;
}

/**
 * The list of everything the contract marks, as Markdown (the not-documented page's generated part).
 * @param {import('./undocumented.mjs').Gap[]} gaps
 */
export function renderGapListMarkdown(gaps) {
  if (gaps.length === 0) return 'The contract records nothing as not documented by the service.\n';
  const items = gaps.map((gap) => {
    const parts = [`### ${gap.location}`, '', `In the contract: \`${gap.pointer}\``, ''];
    if (gap.notShown.length > 0) parts.push('The service does not document:', '', ...gap.notShown.map((item) => `- ${item}`), '');
    if (gap.assumptions.length > 0)
      parts.push('This contract assumes (an assumption, not a documented fact):', '', ...gap.assumptions.map((item) => `- ${item}`), '');
    return parts.join('\n');
  });
  return `Every place the contract marks as ${MARKER_TITLE.toLowerCase()}, generated from its \`x-not-shown\` and \`x-assumptions\` extensions.\n\n${items.join('\n')}`;
}
