// Lists the Markdown guides of docs/guides/ and renders them to HTML for the site.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { Marked, Renderer } from 'marked';

/** Guides named here come first, in this order; any other guide follows, by title, before the last one. */
export const GUIDE_ORDER = [
  'getting-started',
  'authentication',
  'organizations',
  'errors',
  'client',
  'testing',
  'testing-from-any-language',
  'mcp',
  'not-documented',
];
/** The comment a guide puts where the build inserts the generated list of everything not documented. */
export const GAP_LIST_PLACEHOLDER = '<!-- not-documented-list -->';

/**
 * @typedef {object} Guide
 * @property {string} slug File name without `.md`; the page is `<slug>.html`.
 * @property {string} file Path of the Markdown file.
 * @property {string} title Text of the guide's first `# ` heading.
 * @property {string} markdown The guide's source.
 */

/**
 * Every `*.md` file of `guidesDir`, in navigation order.
 * @param {string} guidesDir
 * @returns {Guide[]}
 */
export function listGuides(guidesDir) {
  const guides = readdirSync(guidesDir)
    .filter((file) => file.endsWith('.md'))
    .map((file) => {
      const path = join(guidesDir, file);
      const markdown = readFileSync(path, 'utf8');
      const title = /^# +(.+?)\s*$/m.exec(markdown)?.[1];
      if (!title) throw new Error(`docs/guides/${file} has no title: start it with a "# Title" line, which names the page in the navigation.`);
      return { slug: basename(file, '.md'), file: path, title: title.replace(/`/g, ''), markdown };
    });
  const rank = (/** @type {Guide} */ guide) => {
    const index = GUIDE_ORDER.indexOf(guide.slug);
    if (index !== -1) return index;
    return GUIDE_ORDER.length - 1.5; // unknown guides go just before the last known one
  };
  return guides.sort((a, b) => rank(a) - rank(b) || a.title.localeCompare(b.title));
}

/**
 * Renders a guide's Markdown to HTML: headings get ids, links to sibling `*.md` files point to
 * their `*.html` pages, and the placeholder comment is replaced by `gapListHtml`. Code blocks and
 * tables scroll inside their own box, which the keyboard can reach (so it can scroll it too).
 * @param {string} markdown
 * @param {{ gapListHtml: string }} options
 */
export function renderGuide(markdown, { gapListHtml }) {
  const marked = new Marked({
    gfm: true,
    async: false,
    walkTokens(token) {
      if (token.type === 'link') token.href = toPageHref(token.href);
    },
    renderer: {
      heading({ tokens, depth, text }) {
        return `<h${depth} id="${slugify(text)}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
      },
      code(token) {
        return Renderer.prototype.code.call(this, token).replace(/^<pre>/, '<pre tabindex="0">');
      },
      table(token) {
        const columns = token.header.map((cell) => cell.text.replace(/`/g, '')).join(', ');
        const table = Renderer.prototype.table.call(this, token);
        return `<div class="table-scroll" tabindex="0" role="region" aria-label="Table: ${escapeAttribute(columns)}">${table}</div>\n`;
      },
    },
  });
  const html = /** @type {string} */ (marked.parse(markdown));
  return html.replace(GAP_LIST_PLACEHOLDER, gapListHtml);
}

/**
 * `./errors.md#body` → `errors.html#body`; other links are kept.
 * @param {string} href
 */
export function toPageHref(href) {
  const match = /^(?:\.\/)?([a-z0-9-]+)\.md(#.*)?$/i.exec(href);
  return match ? `${match[1]}.html${match[2] ?? ''}` : href;
}

/** @param {string} text */
function escapeAttribute(text) {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** @param {string} text */
export function slugify(text) {
  return text
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
