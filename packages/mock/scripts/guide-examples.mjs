// The guide docs/guides/testing.md shows the files of examples/ verbatim: each code block follows a
// `<!-- example: FILE -->` line. Run with --write to copy the files into the guide (tests fail when they differ).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const guidePath = fileURLToPath(new URL('../../../docs/guides/testing.md', import.meta.url));
const examplesDir = new URL('../examples/', import.meta.url);
const blockPattern = /(?:<!-- example: (\S+) -->\n)?```[a-z]*\n([\s\S]*?)```/g;
const languages = { ts: 'ts', json: 'json', yml: 'yaml', yaml: 'yaml', sh: 'sh' };

/** The fenced code blocks of a Markdown text, each with the example file it claims to show. */
export function codeBlocks(markdown) {
  return [...markdown.matchAll(blockPattern)].map((match) => ({ include: match[1], code: match[2] }));
}

/** The guide with every example block replaced by the current contents of its file. */
export function syncGuide(markdown) {
  return markdown.replace(blockPattern, (block, include) => {
    if (!include) return block;
    const code = readFileSync(new URL(include, examplesDir), 'utf8');
    const language = languages[include.split('.').pop()] ?? '';
    return `<!-- example: ${include} -->\n\`\`\`${language}\n${code}\`\`\``;
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const before = readFileSync(guidePath, 'utf8');
  const after = syncGuide(before);
  const shown = new Set(codeBlocks(after).map((block) => block.include));
  const files = readdirSync(examplesDir, { withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name);
  const missing = files.filter((file) => !shown.has(file));
  if (after !== before) writeFileSync(guidePath, after);
  console.log(after === before ? 'The guide already shows the current examples.' : `Updated ${guidePath}.`);
  if (missing.length > 0) {
    console.error(`Not shown in the guide yet (add a <!-- example: FILE --> block): ${missing.join(', ')}`);
    process.exitCode = 1;
  }
}
