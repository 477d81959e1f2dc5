// The guide blocks marked `run`, and what running one must show: it exits 0 and prints what its `// prints: X` (or
// `# prints: X`) lines state (spacing is not compared). Shared by runnable-code.test.ts, which runs them against the
// mock, and the mutation test that runs them against a server answering something else, where each must fail.
import { fileURLToPath } from 'node:url';
import { type CodeBlock, extractCodeBlocks, SHELL_LANGS, TYPESCRIPT_LANGS } from '@thumbnail-api/dev-tools/code-blocks';
import { listGuides } from '../src/guides.mjs';
import { runSample } from './run-sample.js';

/** A block marked `run`, named `<guide>.md:<line>`. */
export type RunBlock = CodeBlock & { name: string; slug: string };

export const runBlocks: RunBlock[] = listGuides(fileURLToPath(new URL('../guides', import.meta.url))).flatMap((guide) =>
  extractCodeBlocks(guide.markdown)
    .filter((block) => block.flags.includes('run'))
    .map((block) => ({ ...block, name: `${guide.slug}.md:${block.line}`, slug: guide.slug })),
);

/** Runs the block as its own process with `env`; what is wrong with what it did (empty when it did what it states). */
export async function blockProblems(block: RunBlock, env: Record<string, string>): Promise<string[]> {
  const file = `${block.slug}.L${block.line}`;
  if (!TYPESCRIPT_LANGS.has(block.lang) && !SHELL_LANGS.has(block.lang)) return [`${block.name}: only ts and sh blocks can be marked run, not ${block.lang}.`];
  const result = await runSample(block.code, TYPESCRIPT_LANGS.has(block.lang) ? `${file}.ts` : `${file}.sh`, env);
  const problems = result.code === 0 ? [] : [`${block.name} exited ${result.code}:\n${result.stderr}`];
  for (const [, expected = ''] of block.code.matchAll(/(?:\/\/|#) prints: (.+)$/gm)) {
    if (!squeeze(result.stdout).includes(squeeze(expected))) problems.push(`${block.name} did not print ${expected}; it printed: ${result.stdout}`);
  }
  return problems;
}

function squeeze(text: string): string {
  return text.replace(/\s+/g, '');
}
