// Every ```ts block of this package's README, the repository README and docs/guides/client.md is a complete module that
// type-checks against the built package, imported by its published name, so the examples cannot rot.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { extractCodeBlocks, TYPESCRIPT_LANGS } from '@thumbnail-api/dev-tools/code-blocks';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const documents = {
  'README.md': new URL('../README.md', import.meta.url),
  'docs/guides/client.md': new URL('../../../docs/guides/client.md', import.meta.url),
  'repository README.md': new URL('../../../README.md', import.meta.url),
};

interface Block {
  document: string;
  line: number;
  code: string;
  /** Virtual file inside the package, so `@thumbnail-api/client` resolves to this package's exports. */
  fileName: string;
}

function typescriptBlocks(document: string, markdown: string): Block[] {
  return extractCodeBlocks(markdown)
    .filter((block) => TYPESCRIPT_LANGS.has(block.lang))
    .map(({ line, code }) => ({ document, line, code, fileName: `${packageDir}doc-examples/${document.replace(/\W+/g, '-')}-L${line}.ts` }));
}

const blocks = Object.entries(documents).flatMap(([document, url]) => typescriptBlocks(document, readFileSync(url, 'utf8')));

function typeErrors(): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(`${packageDir}tsconfig.json`, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (!config) throw new Error('tsconfig.json could not be read');
  const virtual = new Map(blocks.map((block) => [block.fileName, block.code]));
  const host = ts.createCompilerHost(config.options);
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (name) => virtual.has(name) || fileExists.call(host, name);
  host.readFile = (name) => virtual.get(name) ?? readFile.call(host, name);
  host.getSourceFile = (name, language, ...rest) => {
    const code = virtual.get(name);
    return code === undefined ? getSourceFile.call(host, name, language, ...rest) : ts.createSourceFile(name, code, language, true);
  };
  const program = ts.createProgram({ rootNames: [...virtual.keys()], options: { ...config.options, noEmit: true }, host });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const block = blocks.find((candidate) => candidate.fileName === diagnostic.file?.fileName);
    const position = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line : 0;
    const where = block ? `${block.document}:${block.line + 1 + position}` : (diagnostic.file?.fileName ?? 'tsc');
    return `${where}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
  });
}

describe('the documented examples', () => {
  test('are there to check: the README and the guide both have TypeScript blocks', () => {
    expect(blocks.filter((block) => block.document === 'README.md').length).toBeGreaterThanOrEqual(5);
    expect(blocks.filter((block) => block.document === 'docs/guides/client.md').length).toBeGreaterThanOrEqual(6);
    expect(blocks.filter((block) => block.document === 'repository README.md').length).toBeGreaterThanOrEqual(1);
  });

  test('each import the client by its published name', () => {
    for (const block of blocks) expect(block.code, `${block.document}:${block.line}`).toContain("from '@thumbnail-api/client'");
  });

  test('type-check against the built package', () => {
    expect(typeErrors()).toEqual([]);
  }, 240_000);
});
