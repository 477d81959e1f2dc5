// The testing guide shows the example files of the mock and of verify verbatim: each such code block follows a line
// `<!-- example: FILE -->`. The files come from the packages (`@thumbnail-api/mock/examples.json`,
// `@thumbnail-api/verify/examples.json`), which run them in their tests; the docs own the guide and keep it showing them.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { extractCodeBlocks } from '@thumbnail-api/dev-tools/code-blocks';

/** The comment that names the example file a code block shows. */
export const EXAMPLE_MARKER = /^<!-- example: (\S+) -->$/;

/**
 * @typedef {{ name: string, language: string, code: string }} Example
 * @typedef {{ include: string | undefined, code: string, start: number, end: number }} GuideBlock
 */

/** The packages whose example files the testing guide shows. */
const EXAMPLE_PACKAGES = ['@thumbnail-api/mock', '@thumbnail-api/verify'];

/**
 * The example files of the mock and of verify, as their packages export them.
 * @returns {Example[]}
 */
export function readGuideExamples() {
  const require = createRequire(import.meta.url);
  return EXAMPLE_PACKAGES.flatMap(
    (name) => /** @type {{ examples: Example[] }} */ (JSON.parse(readFileSync(require.resolve(`${name}/examples.json`), 'utf8'))).examples,
  );
}

/**
 * The fenced code blocks of a guide, each with the example file it claims to show (`include`), if any.
 * @param {string} markdown
 * @returns {GuideBlock[]}
 */
export function guideBlocks(markdown) {
  const lines = markdown.split('\n');
  return extractCodeBlocks(markdown).map((block) => ({
    include: EXAMPLE_MARKER.exec(lines[block.line - 2] ?? '')?.[1],
    // As the file holds it: a block's content ends with the newline before its closing fence.
    code: `${block.code}\n`,
    start: block.start,
    end: block.end,
  }));
}

/**
 * The guide with every example block replaced by the current contents of its file.
 * @param {string} markdown
 * @param {readonly Example[]} examples
 */
export function syncGuide(markdown, examples) {
  let synced = markdown;
  // From the last block back, so that the offsets of the earlier ones still hold.
  for (const block of guideBlocks(markdown).reverse()) {
    if (block.include === undefined) continue;
    const example = examples.find((candidate) => candidate.name === block.include);
    if (!example) throw new Error(`The guide shows ${block.include}, which is not one of the packages' examples (${examples.map((e) => e.name).join(', ')}).`);
    synced = `${synced.slice(0, block.start)}\`\`\`${example.language}\n${example.code}\`\`\`${synced.slice(block.end)}`;
  }
  return synced;
}
