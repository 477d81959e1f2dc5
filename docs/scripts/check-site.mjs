// Checks the built site without a browser: every local link of every page (the HTML pages, their
// Markdown versions and llms.txt) resolves to a file and #anchor, no link is a root-relative path
// (which breaks when the site lives in a folder, and on a static host when it is a router path), no
// page loads an asset from another host, every script a page imports exists, both reference pages are there, version.json
// matches the contract and the control reference's document is the mock's.
// The browser tests check what a reader sees, and open every link the rendered pages hold.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openapiJsonPath } from '@thumbnail-api/spec';
import { readContractVersion } from '../src/contract-version.mjs';
import { CONTROL_REFERENCE, controlDocumentPath, REFERENCE_PAGES } from '../src/reference-pages.mjs';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
if (!existsSync(`${dist}/index.html`)) {
  console.error('docs/dist/index.html does not exist: run `pnpm --filter @thumbnail-api/docs build` first.');
  process.exit(1);
}

/** @type {string[]} */
const problems = [];
const files = readdirSync(dist);
const html = new Map(files.filter((file) => file.endsWith('.html')).map((page) => [page, readFileSync(`${dist}/${page}`, 'utf8')]));
const markdown = new Map(files.filter((file) => file.endsWith('.md') || file === 'llms.txt').map((file) => [file, readFileSync(`${dist}/${file}`, 'utf8')]));

for (const [page, source] of html) {
  for (const [tag] of source.matchAll(/<(?:script|img|link|iframe|source|video|audio)\s[^>]*\s(?:src|href)="(?:https?:)?\/\/[^"]*"[^>]*>/g)) {
    problems.push(`${page} loads an asset from another host (${tag}); the site must work offline.`);
  }
  // The references import Redoc's bundle when the reader needs it: the file must be there.
  for (const [, file = ''] of source.matchAll(/\bimport\('\.\/([^']+)'\)/g)) {
    if (!existsSync(`${dist}/${file}`)) problems.push(`${page} imports ./${file}, but docs/dist/${file} does not exist.`);
  }
  // Only the markup: a reference's inline script holds its document, whose links Redoc renders (and the browser test opens).
  const markup = source.replace(/<script\b[\s\S]*?<\/script>/g, '');
  for (const [, value = ''] of markup.matchAll(/\shref="([^"]*)"/g)) checkLink(page, value);
  if (!markdown.has(`${page}.md`)) problems.push(`${page} has no Markdown version ${page}.md.`);
}
for (const [file, source] of markdown) {
  for (const [, value = ''] of source.matchAll(/\]\(([^)\s]+)\)/g)) checkLink(file, value);
}

const built = JSON.parse(readFileSync(`${dist}/version.json`, 'utf8'));
const expected = readContractVersion(openapiJsonPath);
const published = readContractVersion(`${dist}/openapi.json`);
if (built.bundleSha256 !== expected.bundleSha256 || published.bundleSha256 !== expected.bundleSha256) {
  problems.push('docs/dist was built from another contract than spec/dist/openapi.json: rebuild the docs.');
}
const controlDocument = `${dist}/${CONTROL_REFERENCE.documentFile}`;
if (!existsSync(controlDocument) || !readFileSync(controlDocument).equals(readFileSync(controlDocumentPath))) {
  problems.push(
    `docs/dist/${CONTROL_REFERENCE.documentFile} is not the mock's control-openapi.json (${controlDocumentPath}): rebuild the mock, then the docs.`,
  );
}
for (const page of REFERENCE_PAGES) {
  if (!html.has(page)) problems.push(`docs/dist/${page}, a reference page, was not built.`);
}

if (problems.length > 0) {
  console.error(`The built site has ${problems.length} problem(s):\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(`docs/dist: ${html.size} pages and ${markdown.size} Markdown files, every local link resolves, nothing loads from another host.`);

/**
 * @param {string} page The file holding the link.
 * @param {string} value The link.
 */
function checkLink(page, value) {
  if (/^((https?:)?\/\/|data:|mailto:)/.test(value)) return; // links to other sites are fine: following one is the reader's choice
  if (value.startsWith('/')) {
    problems.push(
      `${page} links to ${value}: a root-relative path, which a static host answers with 404 (or another site's page when the site lives in a folder). Use a relative link, or a hash route (#/...) into the reference.`,
    );
    return;
  }
  const [file = '', anchor] = value.split('#');
  const target = file === '' ? page : file;
  if (!existsSync(`${dist}/${target}`)) {
    problems.push(`${page} links to ${value}, but docs/dist/${target} does not exist.`);
    return;
  }
  // Anchors into the reference are Redoc routes (`#/thumbnails/...`), opened by the browser test.
  if (anchor && !anchor.startsWith('/') && html.has(target) && !html.get(target)?.includes(`id="${anchor}"`)) {
    problems.push(`${page} links to ${value}, but ${target} has no element with id="${anchor}".`);
  }
}
