// Checks the built site without a browser: every local link of the guides and the header resolves
// (file and #anchor), no page loads an asset from another host, and version.json matches the
// contract it was built from. The browser test checks what a reader sees.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openapiJsonPath } from '@thumbnail-api/spec';
import { readContractVersion } from '../src/contract-version.mjs';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
if (!existsSync(`${dist}/index.html`)) {
  console.error('docs/dist/index.html does not exist: run `pnpm --filter @thumbnail-api/docs build` first.');
  process.exit(1);
}

/** @type {string[]} */
const problems = [];
const pages = readdirSync(dist).filter((file) => file.endsWith('.html'));
const html = new Map(pages.map((page) => [page, readFileSync(`${dist}/${page}`, 'utf8')]));

for (const [page, source] of html) {
  // Redoc's own markup holds router links (`/section/...`) that only its script resolves: check its header only.
  const checked = page === 'index.html' ? (/<header class="site-header"[\s\S]*?<\/header>/.exec(source)?.[0] ?? '') : source;
  if (page === 'index.html' && !checked) problems.push('index.html has no site header.');
  for (const [tag] of source.matchAll(/<(?:script|img|link|iframe|source|video|audio)\s[^>]*\s(?:src|href)="(?:https?:)?\/\/[^"]*"[^>]*>/g)) {
    problems.push(`${page} loads an asset from another host (${tag}); the site must work offline.`);
  }
  for (const [, value = ''] of checked.matchAll(/\shref="([^"]*)"/g)) {
    if (/^((https?:)?\/\/|data:|mailto:)/.test(value)) continue; // links to other sites are fine: following one is the reader's choice
    const [file = '', anchor] = value.split('#');
    const target = file === '' ? page : file;
    if (!existsSync(`${dist}/${target}`)) {
      problems.push(`${page} links to ${value}, but docs/dist/${target} does not exist.`);
      continue;
    }
    // Anchors into the reference are Redoc routes (`#/thumbnails/...`), checked by the browser test.
    if (anchor && !anchor.startsWith('/') && html.has(target) && !html.get(target)?.includes(`id="${anchor}"`)) {
      problems.push(`${page} links to ${value}, but ${target} has no element with id="${anchor}".`);
    }
  }
}

const built = JSON.parse(readFileSync(`${dist}/version.json`, 'utf8'));
const expected = readContractVersion(openapiJsonPath);
const published = readContractVersion(`${dist}/openapi.json`);
if (built.bundleSha256 !== expected.bundleSha256 || published.bundleSha256 !== expected.bundleSha256) {
  problems.push('docs/dist was built from another contract than spec/dist/openapi.json: rebuild the docs.');
}

if (problems.length > 0) {
  console.error(`The built site has ${problems.length} problem(s):\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(`docs/dist: ${pages.length} pages, every local link resolves, nothing loads from another host.`);
