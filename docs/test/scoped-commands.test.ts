// Readers are told to run the commands by their packages' scoped names (`npx @thumbnail-api/mock`, `npx
// @thumbnail-api/verify`, `npx @thumbnail-api/mcp`), never by the bins' unscoped names: npx, in a folder without the
// package, asks the public registry for `thumbnail-api-mock`, a name this project does not own, which anyone could
// publish (issue 45). Inside a project's npm scripts the bins keep their names. Checked here: every page of the docs
// site as built (and the guides' sources), the reference's code samples and Try it's copies as generated, every
// README, every changeset, and the sources of each package's command line (its --help and messages).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadContract } from '@thumbnail-api/spec';
import { describe, expect, test } from 'vitest';
import { generateCodeSamples } from '../src/code-samples.mjs';
import type { ObservedAnswer } from '../src/samples/vitest-sample.mjs';
import { COPY_FORMS } from '../src/try-it/try-it-copies.mjs';
import { distDir } from './browser.js';
import { scenarios } from './try-it-scenarios.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const docs = fileURLToPath(new URL('../', import.meta.url));
/** Folders no reader reads as written: installs, builds, generated bundles, tool caches, test output. */
const SKIPPED = new Set(['node_modules', 'dist', 'dist-bin', '.tools', '.build', '.code-blocks', '.git', '.turbo', 'test-results', 'coverage']);

const BINS = 'thumbnail-api-(?:mock|verify|mcp)';
/** A command line that runs a bin by its unscoped name through a package runner, with any of the runner's usual flags. */
const UNSCOPED_COMMAND = new RegExp(`\\b(?:npx|npm\\s+exec|pnpm\\s+dlx|yarn\\s+dlx|bunx)\\s+(?:(?:-y|--yes|--no-install|--no|-q|--quiet|--)\\s+)*${BINS}\\b`);
/** An MCP client's configuration that starts npx with an unscoped name: `"command": "npx", "args": ["thumbnail-api-mcp"]`. */
const UNSCOPED_CONFIG = new RegExp(`"command"\\s*:\\s*"npx"\\s*,\\s*"args"\\s*:\\s*\\[\\s*(?:"(?:-y|--yes|--no-install)"\\s*,\\s*)*"${BINS}"`);

type Text = { where: string; text: string };

/** Every file under `dir` whose name passes `wanted`, outside the skipped folders. */
function filesUnder(dir: string, wanted: (name: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : filesUnder(path, wanted);
    return wanted(entry.name) ? [path] : [];
  });
}

const read = (paths: string[]): Text[] => paths.map((path) => ({ where: relative(repo, path), text: readFileSync(path, 'utf8') }));

/** The packages whose package.json names a bin: their command lines. */
function cliPackages(): string[] {
  return readdirSync(join(repo, 'packages'))
    .map((name) => join(repo, 'packages', name))
    .filter((dir) => existsSync(join(dir, 'package.json')) && 'bin' in JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')));
}

function generatedSamples(): Text[] {
  return [...generateCodeSamples(loadContract())].flatMap(([operationId, samples]) =>
    samples.map((sample) => ({ where: `the ${sample.label} sample of ${operationId}`, text: sample.source })),
  );
}

function tryItCopies(): Text[] {
  // The copies' comments do not depend on the answer a copied test asserts.
  const answer: ObservedAnswer = { kind: 'answer', status: 200, statusText: 'OK', headers: [['content-type', 'application/json']], body: '{}' };
  return scenarios.flatMap(({ name, request }) =>
    COPY_FORMS.map((form) => ({ where: `Try it's ${form.label} copy for ${name}`, text: form.write(request, answer) })),
  );
}

/** What a reader reads, by kind, each with a file it must hold (so that a search gone wrong cannot pass by finding nothing). */
const SOURCES: [kind: string, texts: () => Text[], mustInclude: string][] = [
  [
    'the docs site as built (every page, its Markdown version, llms.txt)',
    () => read(filesUnder(distDir, (name) => /\.(html|md|txt)$/.test(name))),
    'docs/dist/llms.txt',
  ],
  ['the guides', () => read(filesUnder(join(docs, 'guides'), (name) => name.endsWith('.md'))), 'docs/guides/getting-started.md'],
  ["the reference's code samples, as generated", generatedSamples, 'the curl (x-api-key) sample of createThumbnail'],
  ["Try it's copies, as generated", tryItCopies, "Try it's curl copy for listThumbnails"],
  ['every README', () => read(filesUnder(repo, (name) => /^readme\.md$/i.test(name))), 'packages/mock/README.md'],
  ['the changesets', () => read(filesUnder(join(repo, '.changeset'), (name) => name.endsWith('.md'))), '.changeset/README.md'],
  [
    "the command lines' sources (their --help and messages)",
    () =>
      read(
        cliPackages().flatMap((dir) => [...filesUnder(join(dir, 'src'), (name) => /\.[cm]?[jt]s$/.test(name)), ...filesUnder(join(dir, 'bin'), () => true)]),
      ),
    'packages/mock/src/cli/cli-options.ts',
  ],
];

/** Each line of `texts` that runs a bin by its unscoped name, with where it is. */
function unscopedCommands(texts: Text[]): string[] {
  return texts.flatMap(({ where, text }) =>
    [UNSCOPED_COMMAND, UNSCOPED_CONFIG].flatMap((pattern) => {
      const match = new RegExp(pattern.source, 'g');
      return [...text.matchAll(match)].map((found) => `${where}:${text.slice(0, found.index).split('\n').length}: ${found[0].replace(/\s+/g, ' ')}`);
    }),
  );
}

describe('the check', () => {
  test.each([
    ['npx thumbnail-api-mock --port 0', true],
    ['npx -y thumbnail-api-verify --base-url x', true],
    ['npx --yes thumbnail-api-mcp', true],
    ['npx --no-install thumbnail-api-mock', true],
    ['npx\n  thumbnail-api-mock', true],
    ['pnpm dlx thumbnail-api-mock', true],
    ['npm exec -- thumbnail-api-verify', true],
    ['{ "command": "npx", "args": ["thumbnail-api-mcp", "--mock"] }', true],
    ['{ "command": "npx", "args": ["-y", "thumbnail-api-mcp"] }', true],
    ['npx @thumbnail-api/mock --port 0', false],
    ['{ "command": "npx", "args": ["@thumbnail-api/mcp"] }', false],
    ['"test": "thumbnail-api-mock --port 0 -- vitest run"', false],
    ['x-thumbnail-api-mock-note', false],
    ['node_modules/.bin/thumbnail-api-mock', false],
  ])('%j names an unscoped command: %s', (text, expected) => {
    expect(unscopedCommands([{ where: 'text', text }]).length > 0).toBe(expected);
  });
});

describe.each(SOURCES)('%s', (_, texts, mustInclude) => {
  const all = texts();

  test(`were read (among them ${mustInclude})`, () => {
    expect(all.map(({ where }) => where).filter((where) => where.startsWith(mustInclude))).not.toEqual([]);
  });

  test('never tell a reader to run npx thumbnail-api-mock, -verify or -mcp: the scoped name, npx @thumbnail-api/<package>, instead', () => {
    expect(unscopedCommands(all)).toEqual([]);
  });
});
