// `llms.txt` at the site root, as the llms.txt proposal (https://llmstxt.org) lays it out: an H1 with
// the name, a blockquote summary, a few lines on how to read the site, then H2 sections listing
// Markdown versions of the pages, each link with a short note.

/**
 * @typedef {{ href: string, title: string, note: string }} LlmsLink
 * @typedef {object} LlmsTxtOptions
 * @property {string} title The API's name.
 * @property {string} summary One or two sentences on what the API does.
 * @property {string} details Plain paragraphs after the summary.
 * @property {{ heading: string, links: LlmsLink[] }[]} sections In order; a section named `Optional` may be skipped by tools.
 */

/** @param {LlmsTxtOptions} options */
export function renderLlmsTxt({ title, summary, details, sections }) {
  const out = [`# ${title}`, '', `> ${oneLine(summary)}`, '', details.trim(), ''];
  for (const { heading, links } of sections) {
    out.push(`## ${heading}`, '', ...links.map(({ href, title: name, note }) => `- [${name}](${href})${note ? `: ${oneLine(note)}` : ''}`), '');
  }
  return `${out.join('\n').trimEnd()}\n`;
}

/**
 * The first paragraph after a Markdown guide's title, as plain text: the guide's note in llms.txt.
 * @param {string} markdown
 */
export function firstParagraph(markdown) {
  const afterTitle = markdown.replace(/^[\s\S]*?^# .*$/m, '');
  const paragraph =
    afterTitle
      .split(/\n\s*\n/)
      .map((block) => block.trim())
      .find((block) => block && !/^(#|```|<!--|\||[-*] )/.test(block)) ?? '';
  return oneLine(paragraph.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1'));
}

/** @param {string} text */
function oneLine(text) {
  return text.trim().replace(/\s*\n\s*/g, ' ');
}
