// The meta description of every page (what a search engine shows under its title), taken from the page's
// own words: a guide's first paragraph, the reference's summary and the first paragraph of its description.

/** Search engines cut descriptions around this many characters. */
const MAX_LENGTH = 160;

/**
 * Markdown prose as one line of plain text: links keep their text, code and emphasis marks go.
 * @param {string} markdown
 */
export function plainText(markdown) {
  return (
    markdown
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .replace(/[`*]+/g, '')
      // _emphasis_ and __strong__, but not the underscores inside a name such as THUMBNAIL_API_KEY.
      .replace(/(^|\W)_{1,2}(\S(?:.*?\S)?)_{1,2}(?=\W|$)/g, '$1$2')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * A description of at most {@link MAX_LENGTH} characters: whole sentences when they fit, else cut at a word with "…".
 * @param {string} markdown The page's opening prose (Markdown).
 */
export function pageDescription(markdown) {
  const text = plainText(markdown);
  if (text.length <= MAX_LENGTH) return text;
  const sentences = text.match(/[^.!?]+[.!?]+(?=\s|$)/g) ?? [];
  let kept = '';
  for (const sentence of sentences) {
    if ((kept + sentence).trim().length > MAX_LENGTH) break;
    kept += sentence;
  }
  if (kept.trim()) return kept.trim();
  return `${text.slice(0, MAX_LENGTH - 1).replace(/\s+\S*$/, '')}…`;
}
