// Every ```ts block of this package's README and the repository README is a complete module that type-checks against
// the built package, imported by its published name, so the examples a user copies cannot rot. (The guides' blocks,
// docs/guides/client.md's among them, are type-checked by the docs package's lint.)
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { extractCodeBlocks, TYPESCRIPT_LANGS } from '@thumbnail-api/dev-tools/code-blocks';
import ts from 'typescript';
import { expect, test } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const documents = {
  'README.md': new URL('../README.md', import.meta.url),
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

test('the TypeScript examples of the READMEs type-check against the built package, which they import by its published name', () => {
  const problems = [
    ...Object.keys(documents)
      .filter((document) => !blocks.some((block) => block.document === document))
      .map((document) => `${document}: no \`\`\`ts block found to check (a renamed fence language would hide them all)`),
    ...blocks
      .filter((block) => !block.code.includes("from '@thumbnail-api/client'"))
      .map((block) => `${block.document}:${block.line}: does not import '@thumbnail-api/client'`),
    ...typeErrors(),
  ];
  expect(problems).toEqual([]);
}, 240_000);
