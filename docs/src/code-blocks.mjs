// Finds the fenced code blocks of a Markdown guide, so the checks can type-check the TypeScript
// ones and the tests can run the ones marked `run`.
import { Lexer, walkTokens } from 'marked';

/** Info-string languages that are type-checked as TypeScript. */
export const TYPESCRIPT_LANGS = new Set(['ts', 'typescript']);
/** Info-string languages that are shell commands. */
export const SHELL_LANGS = new Set(['sh', 'bash', 'shell']);

/**
 * @typedef {object} CodeBlock
 * @property {string} lang First word of the info string, lower-cased (`ts` for ```` ```ts run ````).
 * @property {string[]} flags The other words of the info string (`run` marks a block the tests execute).
 * @property {string} code The block's content.
 * @property {number} line 1-based line of the opening fence in the Markdown file (0 if not found).
 */

/**
 * Every fenced code block of `markdown`, including those nested in lists and quotes.
 * @param {string} markdown
 * @returns {CodeBlock[]}
 */
export function extractCodeBlocks(markdown) {
  /** @type {CodeBlock[]} */
  const blocks = [];
  let searchFrom = 0;
  walkTokens(new Lexer().lex(markdown), (token) => {
    if (token.type !== 'code' || token.codeBlockStyle === 'indented') return;
    const [lang = '', ...flags] = String(token.lang ?? '').trim().split(/\s+/);
    const firstLine = String(token.text).split('\n')[0] ?? '';
    const at = markdown.indexOf(firstLine, searchFrom);
    const line = at === -1 ? 0 : markdown.slice(0, at).split('\n').length - 1;
    if (at !== -1) searchFrom = at + firstLine.length;
    blocks.push({ lang: lang.toLowerCase(), flags, code: String(token.text), line });
  });
  return blocks;
}
