// Copies the example files of the mock and of verify into guides/testing.md (the docs tests fail until the guide shows them exactly).
// Run after changing packages/mock/examples/ or packages/verify/examples/ and building them: pnpm --filter @thumbnail-api/docs run sync:testing-guide
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { guideBlocks, readGuideExamples, syncGuide } from '../src/guide-examples.mjs';

const guidePath = fileURLToPath(new URL('../guides/testing.md', import.meta.url));
const examples = readGuideExamples();
const before = readFileSync(guidePath, 'utf8');
const after = syncGuide(before, examples);
if (after !== before) writeFileSync(guidePath, after);
console.log(after === before ? 'The testing guide already shows the current examples.' : `Updated ${guidePath}.`);
const shown = new Set(guideBlocks(after).map((block) => block.include));
const missing = examples.filter((example) => !shown.has(example.name)).map((example) => example.name);
if (missing.length > 0) {
  console.error(`Not shown in the guide yet (add a <!-- example: FILE --> line before a code block): ${missing.join(', ')}`);
  process.exitCode = 1;
}
