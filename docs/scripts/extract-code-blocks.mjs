// Writes every TypeScript block of docs/guides/*.md to .code-blocks/<guide>.L<line>.ts, so that
// `tsc` type-checks the guides against the real packages like any other source file. An error at
// line N of <guide>.L<fence>.ts is at line <fence> + N of the guide. Blocks that show one of the mock's example files
// (`<!-- example: FILE -->`) are left out: they import their sibling files, and are type-checked and run where they live.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { extractCodeBlocks, TYPESCRIPT_LANGS } from '@thumbnail-api/dev-tools/code-blocks';
import { EXAMPLE_MARKER } from '../src/guide-examples.mjs';
import { listGuides } from '../src/guides.mjs';

const outDir = fileURLToPath(new URL('../.code-blocks', import.meta.url));
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

let count = 0;
for (const guide of listGuides(fileURLToPath(new URL('../guides', import.meta.url)))) {
  const lines = guide.markdown.split('\n');
  for (const block of extractCodeBlocks(guide.markdown)) {
    if (!TYPESCRIPT_LANGS.has(block.lang) || EXAMPLE_MARKER.test(lines[block.line - 2] ?? '')) continue;
    // `export {}` makes every block a module of its own, as a reader's file would be.
    writeFileSync(`${outDir}/${guide.slug}.L${block.line}.ts`, `${block.code}\nexport {};\n`);
    count++;
  }
}
console.log(`Extracted ${count} TypeScript blocks from the guides into .code-blocks/ for tsc.`);
