// Every curl and TypeScript sample can be read on its own: what it uses from the environment is set
// in its first lines, or named right next to it (a comment in the block before the first use, or, in
// a guide, the paragraph just before the block). The reference shows a sample without the guides'
// prose, so the samples of docs/samples must explain themselves.
import { extractCodeBlocks, SHELL_LANGS, TYPESCRIPT_LANGS } from '@thumbnail-api/dev-tools/code-blocks';
import { loadContract } from '@thumbnail-api/spec';
import { describe, expect, test } from 'vitest';
import { generateCodeSamples } from '../src/code-samples.mjs';
import { listGuides } from '../src/guides.mjs';

const samples = [...generateCodeSamples(loadContract())].flatMap(([operationId, forOperation]) =>
  forOperation.map((sample) => ({
    ...sample,
    name: `${operationId}: ${sample.label}`,
    lang: ({ bash: 'sh', Python: 'py' } as Record<string, string>)[sample.lang] ?? 'ts',
  })),
);
const SHELL_ENVIRONMENT = new Set(['HOME', 'PATH', 'PWD']);

/**
 * The environment variables a block reads: `$NAME` in shell; `os.environ` in Python; `process.env.NAME` and the
 * client's own fallbacks in TypeScript and JavaScript.
 */
function usedVariables(code: string, lang: string): string[] {
  if (SHELL_LANGS.has(lang))
    return [...new Set([...code.matchAll(/\$\{?([A-Z_][A-Z0-9_]*)/g)].map(([, name = '']) => name))].filter((name) => !SHELL_ENVIRONMENT.has(name));
  if (lang === 'py') return [...new Set([...code.matchAll(/os\.environ(?:\.get\(|\[)"([A-Z_][A-Z0-9_]*)"/g)].map(([, name = '']) => name))];
  const used = [...code.matchAll(/process\.env\.([A-Z_][A-Z0-9_]*)/g)].map(([, name = '']) => name);
  // The options may hold calls (`inject('mockUrl')`) and shorthand properties (`{ baseUrl }`).
  for (const [, options = ''] of code.matchAll(/new ThumbnailClient\(((?:[^()]|\([^()]*\))*)\)/g)) {
    if (!/\bapiKey\s*[:,}]/.test(options)) used.push('THUMBNAIL_API_KEY');
    if (!/\bbaseUrl\s*[:,}]/.test(options)) used.push('THUMBNAIL_API_BASE_URL');
  }
  return [...new Set(used)];
}

/** The variables of a block that are neither set in it nor named next to it (in `prose`, or in a comment of the block). */
function unexplainedVariables(code: string, lang: string, prose = ''): string[] {
  const comments = [...code.matchAll(/(?:^|\s)(?:\/\/|#)(.*)$/gm)].map(([, text = '']) => text).join('\n');
  return usedVariables(code, lang).filter((name) => {
    const setInBlock = new RegExp(`^\\s*(?:export\\s+)?${name}=`, 'm').test(code);
    return !setInBlock && !new RegExp(`\\b${name}\\b`).test(`${comments}\n${prose}`);
  });
}

/** The paragraph just before line `line` (1-based) of `markdown`. */
function paragraphBefore(markdown: string, line: number): string {
  const lines = markdown.split('\n').slice(0, Math.max(0, line - 1));
  while (lines.length > 0 && lines.at(-1)?.trim() === '') lines.pop();
  const start = lines.map((text) => text.trim() === '').lastIndexOf(true);
  return lines.slice(start + 1).join('\n');
}

describe('the rules', () => {
  test.each([
    ['sh', 'curl "$THUMBNAIL_API_BASE_URL/api"', '', ['THUMBNAIL_API_BASE_URL']],
    ['sh', 'THUMBNAIL_API_BASE_URL=http://x\ncurl "$THUMBNAIL_API_BASE_URL/api"', '', []],
    ['sh', 'curl "$THUMBNAIL_API_BASE_URL/api" -H "x-api-key: $THUMBNAIL_API_KEY"', 'Set `THUMBNAIL_API_KEY` and `THUMBNAIL_API_BASE_URL` first:', []],
    ['ts', 'const client = new ThumbnailClient();', '', ['THUMBNAIL_API_KEY', 'THUMBNAIL_API_BASE_URL']],
    ['ts', '// Reads THUMBNAIL_API_KEY and THUMBNAIL_API_BASE_URL.\nconst client = new ThumbnailClient();', '', []],
    ['ts', "const client = new ThumbnailClient({ apiKey: process.env.MY_KEY, baseUrl: 'http://x' });", '', ['MY_KEY']],
    ['ts', "const client = new ThumbnailClient({ baseUrl, apiKey: inject('key') });", '', []],
    ['ts', "const client = new ThumbnailClient({ baseUrl: inject('url') });", '', ['THUMBNAIL_API_KEY']],
    ['py', 'key = os.environ.get("THUMBNAIL_API_KEY")', '', ['THUMBNAIL_API_KEY']],
    ['py', '# Your key from THUMBNAIL_API_KEY.\nkey = os.environ["THUMBNAIL_API_KEY"]', '', []],
  ])('a %s block %j with the prose %j leaves %j unexplained', (lang, code, prose, expected) => {
    expect(unexplainedVariables(code, lang, prose)).toEqual(expected);
  });
});

describe('the samples of the reference explain themselves', () => {
  test.each(samples.map((sample) => [sample.name, sample] as const))('%s', (_, { source: code, lang }) => {
    expect(usedVariables(code, lang).length).toBeGreaterThan(0);
    expect(unexplainedVariables(code, lang)).toEqual([]);
    // Shell samples set both variables before their first command, failing with a clear message when the key is missing.
    if (lang === 'sh') expect(code).toMatch(/^(#.*\n)*THUMBNAIL_API_BASE_URL=.*\nTHUMBNAIL_API_KEY="\$\{THUMBNAIL_API_KEY:\?[^}]+\}"\n/);
  });

  test("their default address is the contract's server default (the local mock)", () => {
    const server = (loadContract().document as unknown as { servers: { variables: { base_url: { default: string } } }[] }).servers[0];
    for (const { name, source } of samples) {
      for (const [url] of source.matchAll(/https?:\/\/[^'"}\s]+/g)) expect(url, name).toBe(server?.variables.base_url.default);
    }
  });
});

describe('the curl and TypeScript blocks of the guides explain what they use', () => {
  const blocks = listGuides(new URL('../guides', import.meta.url).pathname).flatMap((guide) =>
    extractCodeBlocks(guide.markdown)
      .filter((block) => SHELL_LANGS.has(block.lang) || TYPESCRIPT_LANGS.has(block.lang))
      .map((block) => ({ name: `${guide.slug}.md:${block.line}`, ...block, prose: paragraphBefore(guide.markdown, block.line) })),
  );

  test.each(blocks.map((block) => [block.name, block] as const))('%s', (_, block) => {
    expect(unexplainedVariables(block.code, block.lang, block.prose)).toEqual([]);
  });
});
