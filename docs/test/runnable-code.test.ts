// Runs what the docs tell readers to run, as separate processes against the real mock: every code
// sample of the reference (docs/samples) and every guide block marked `run`. `tsc` type-checks the
// same code (the lint task); this proves it also works.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { extractCodeBlocks, SHELL_LANGS, TYPESCRIPT_LANGS } from '@thumbnail-api/dev-tools/code-blocks';
import { type ProcessResult, runProcess } from '@thumbnail-api/dev-tools/run-process';
import { type RunningMock, startMock } from '@thumbnail-api/mock';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { listGuides } from '../src/guides.mjs';

const samplesDir = fileURLToPath(new URL('../samples', import.meta.url));
const runDir = fileURLToPath(new URL('../test-results/run', import.meta.url));
const testKey = 'docs-test-key';
const samples = readdirSync(samplesDir).sort();
const runBlocks = listGuides(fileURLToPath(new URL('../guides', import.meta.url))).flatMap((guide) =>
  extractCodeBlocks(guide.markdown)
    .filter((block) => block.flags.includes('run'))
    .map((block) => ({ ...block, name: `${guide.slug}.md:${block.line}`, slug: guide.slug })),
);

let mock: RunningMock;

beforeAll(async () => {
  mkdirSync(runDir, { recursive: true });
  const curl = await run('curl', ['--version'], {}).catch((error: Error) => ({ code: -1, stderr: error.message }));
  if (curl.code !== 0) throw new Error(`curl is not installed, and the shell samples need it: install it (apt-get install curl). ${curl.stderr}`);
  mock = await startMock({ port: 0 });
});

afterAll(async () => {
  await mock?.stop();
});

describe('the code samples of the reference (docs/samples)', () => {
  test.each(samples)('%s succeeds against the mock and prints the JSON body', async (file) => {
    const source = readFileSync(`${samplesDir}/${file}`, 'utf8');
    const result = file.endsWith('.ts') ? await runTypeScript(source, file, withMock()) : await runShell(source, withMock());
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const body: unknown = JSON.parse(result.stdout);
    expect(body).toBeTypeOf('object');
    expect(body).not.toHaveProperty('success', false);
  });

  test('a sample that fails makes its run fail, with the reason', async () => {
    const source = readFileSync(`${samplesDir}/createThumbnail.ts`, 'utf8');
    const result = await runTypeScript(source, 'createThumbnail-without-key.ts', { THUMBNAIL_API_BASE_URL: mock.url });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('THUMBNAIL_API_KEY');
  });

  test.each(samples.filter((file) => file.endsWith('.sh')))('%s without a key stops before calling, saying what to set', async (file) => {
    const source = readFileSync(`${samplesDir}/${file}`, 'utf8');
    const result = await runShell(source, { THUMBNAIL_API_BASE_URL: mock.url });
    expect(result.code).not.toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('set THUMBNAIL_API_KEY to your API key');
  });
});

describe('the guide blocks marked `run`', () => {
  test('there are some in TypeScript and some in shell', () => {
    expect(runBlocks.some((block) => TYPESCRIPT_LANGS.has(block.lang))).toBe(true);
    expect(runBlocks.some((block) => SHELL_LANGS.has(block.lang))).toBe(true);
  });

  test.each(runBlocks.map((block) => [block.name, block] as const))('%s works against the mock', async (name, block) => {
    let result: ProcessResult;
    if (TYPESCRIPT_LANGS.has(block.lang)) result = await runTypeScript(block.code, `${block.slug}.L${block.line}.ts`, withMock());
    else if (SHELL_LANGS.has(block.lang)) result = await runShell(block.code, withMock());
    else throw new Error(`${name}: only ts and sh blocks can be marked run, not ${block.lang}.`);
    expect(result.code, `${name} failed:\n${result.stderr}`).toBe(0);
    // `// prints: X` (or `# prints: X`) in a block states what it prints; spacing is not compared.
    for (const [, expected = ''] of block.code.matchAll(/(?:\/\/|#) prints: (.+)$/gm)) {
      expect(squeeze(result.stdout)).toContain(squeeze(expected));
    }
  });
});

/** The environment a reader sets up in the getting-started guide, pointing at the mock. */
function withMock(): Record<string, string> {
  return { THUMBNAIL_API_BASE_URL: mock.url, THUMBNAIL_API_KEY: testKey };
}

/** Strips the types (as a reader's build would) and runs the module with Node, from inside docs/ so imports resolve. */
function runTypeScript(source: string, name: string, env: Record<string, string>): Promise<ProcessResult> {
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
    fileName: name,
  });
  const file = `${runDir}/${name.replace(/\.ts$/, '.mjs')}`;
  writeFileSync(file, outputText);
  return run(process.execPath, [file], env);
}

function runShell(source: string, env: Record<string, string>): Promise<ProcessResult> {
  return run('sh', ['-e', '-c', source], env);
}

/** Runs a command with only PATH, HOME and `env`, and kills it if it outlives its limit. */
function run(command: string, args: string[], env: Record<string, string>): Promise<ProcessResult> {
  return runProcess(command, args, { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, timeoutMs: 30_000 });
}

function squeeze(text: string): string {
  return text.replace(/\s+/g, '');
}
