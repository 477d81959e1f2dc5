// Writes every TypeScript block of docs/guides/*.md to .code-blocks/<guide>.L<line>.ts, so that
// `tsc` type-checks the guides against the real packages like any other source file. An error at
// line N of <guide>.L<fence>.ts is at line <fence> + N of the guide. The code samples the generators of src/samples/
// write go there too: each operation's reference samples in TypeScript and JavaScript (samples.<operationId>.<kind>.ts),
// and Try it's copies for choices that take every option once (copies.<operationId>.<n>.<form>.ts). Blocks that show one of the mock's example files
// (`<!-- example: FILE -->`) are left out: they import their sibling files, and are type-checked and run where they live.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { extractCodeBlocks, TYPESCRIPT_LANGS } from '@thumbnail-api/dev-tools/code-blocks';
import { loadContract } from '@thumbnail-api/spec';
import { generateCodeSamples } from '../src/code-samples.mjs';
import { EXAMPLE_MARKER } from '../src/guide-examples.mjs';
import { listGuides } from '../src/guides.mjs';
import { everyChoiceOnce } from '../src/try-it/choice-coverage.mjs';
import { COPY_FORMS } from '../src/try-it/try-it-copies.mjs';
import { tryItRequest } from '../src/try-it/try-it-request.mjs';

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

const contract = loadContract();
let samples = 0;
for (const [operationId, forOperation] of generateCodeSamples(contract)) {
  for (const sample of forOperation.filter(({ lang }) => lang === 'TypeScript' || lang === 'JavaScript')) {
    writeFileSync(`${outDir}/samples.${operationId}.${sample.kind}.ts`, `${sample.source}\nexport {};\n`);
    samples++;
  }
}
/** @type {import('../src/samples/vitest-sample.mjs').ObservedAnswer[]} Answers of each shape a copied test asserts (their values do not matter to tsc). */
const answers = [
  { kind: 'answer', status: 200, statusText: 'OK', headers: [['content-type', 'application/json']], body: '{}' },
  { kind: 'answer', status: 200, statusText: 'OK', headers: [['content-type', 'application/json']], body: 'not JSON' },
  { kind: 'no-answer', cause: 'reset' },
  { kind: 'no-answer', cause: 'timeout' },
];
for (const operation of contract.operations) {
  for (const [index, { choices }] of everyChoiceOnce(contract, operation).entries()) {
    const request = tryItRequest(contract, operation, choices);
    for (const form of COPY_FORMS.filter(({ extension }) => extension.endsWith('.ts') || extension === '.mjs')) {
      writeFileSync(
        `${outDir}/copies.${operation.operationId}.${index}.${form.id}.ts`,
        `${form.write(request, /** @type {import('../src/samples/vitest-sample.mjs').ObservedAnswer} */ (answers[index % answers.length]))}\nexport {};\n`,
      );
      samples++;
    }
  }
}
console.log(`Extracted ${count} TypeScript blocks from the guides, and ${samples} generated samples and copies, into .code-blocks/ for tsc.`);
