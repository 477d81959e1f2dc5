// The fenced code blocks of a Markdown text, as a Markdown parser (marked) sees them, with where each sits in the
// source, so that checks can type-check or run them and a sync script can replace one in place.
import { Lexer, walkTokens } from 'marked';

/** Info-string languages that are TypeScript. */
export const TYPESCRIPT_LANGS: ReadonlySet<string> = new Set(['ts', 'typescript']);
/** Info-string languages that are shell commands. */
export const SHELL_LANGS: ReadonlySet<string> = new Set(['sh', 'bash', 'shell']);

export interface CodeBlock {
  /** First word of the info string, lower-cased (`ts` for ```` ```ts run ````). */
  readonly lang: string;
  /** The other words of the info string (`run`, say). */
  readonly flags: readonly string[];
  /** The block's content, without the container's indentation. */
  readonly code: string;
  /** 1-based line of the opening fence (0 if it could not be placed). */
  readonly line: number;
  /** Offsets of the block in the source, opening fence to closing fence (`markdown.slice(start, end)`); -1 if not placed. */
  readonly start: number;
  readonly end: number;
}

// An opening fence, possibly inside quotes and after a list marker: its fence and its info string.
const OPENING_FENCE = /^(?:[ \t]*>)*[ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)*(`{3,}|~{3,})(.*)$/;
const CLOSING_FENCE = /^(?:[ \t]*>)*[ \t]*(`{3,}|~{3,})[ \t\r]*$/;

/** Every fenced code block of `markdown` in document order, including those nested in lists and quotes. */
export function extractCodeBlocks(markdown: string): CodeBlock[] {
  const lines = markdown.split('\n');
  const lineStarts: number[] = [];
  let offset = 0;
  for (const text of lines) {
    lineStarts.push(offset);
    offset += text.length + 1;
  }
  const blocks: CodeBlock[] = [];
  let nextLine = 0;
  walkTokens(new Lexer().lex(markdown), (token) => {
    if (token.type !== 'code' || token.codeBlockStyle === 'indented') return;
    const info = String(token.lang ?? '').trim();
    const [lang = '', ...flags] = info.split(/\s+/);
    const code = String(token.text);
    const place = placeBlock(lines, nextLine, info);
    if (place) nextLine = place.closingLine + 1;
    blocks.push({
      lang: lang.toLowerCase(),
      flags,
      code,
      line: place ? place.openingLine + 1 : 0,
      start: place ? (lineStarts[place.openingLine] ?? -1) : -1,
      end: place ? (lineStarts[place.closingLine] ?? 0) + (lines[place.closingLine]?.length ?? 0) : -1,
    });
  });
  return blocks;
}

/** The lines of the next fenced block from `fromLine` whose info string is `info`. */
function placeBlock(lines: readonly string[], fromLine: number, info: string): { openingLine: number; closingLine: number } | undefined {
  for (let openingLine = fromLine; openingLine < lines.length; openingLine++) {
    const opening = OPENING_FENCE.exec(lines[openingLine] ?? '');
    if (!opening) continue;
    const fence = opening[1] ?? '';
    // Marked unescapes the info string (`\{` → `{`); compare without backslashes.
    if ((opening[2] ?? '').trim().replaceAll('\\', '') !== info.replaceAll('\\', '')) continue;
    for (let closingLine = openingLine + 1; closingLine < lines.length; closingLine++) {
      const closing = CLOSING_FENCE.exec(lines[closingLine] ?? '')?.[1];
      if (closing && closing[0] === fence[0] && closing.length >= fence.length) return { openingLine, closingLine };
    }
    // A fence left open runs to the end of the document.
    return { openingLine, closingLine: lines.length - 1 };
  }
  return undefined;
}
