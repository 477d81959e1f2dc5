// Builds the static site in docs/dist from the bundled contract, docs/samples and docs/guides:
// index.html (the Redoc reference), one page per guide, site.css, the contract itself and version.json.
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadContract, openapiJsonPath, openapiYamlPath } from '@thumbnail-api/spec';
import { buildReference, SITE_HEADER_PLACEHOLDER } from '../src/build-reference.mjs';
import { attachCodeSamples, listOperationIds, readCodeSamples } from '../src/code-samples.mjs';
import { readContractVersion } from '../src/contract-version.mjs';
import { GAP_LIST_PLACEHOLDER, listGuides, renderGuide } from '../src/guides.mjs';
import { REFERENCE_TITLE, renderGuidePage, renderSiteHeader, SITE_CSS } from '../src/site-layout.mjs';
import { markGaps, renderGapList } from '../src/undocumented.mjs';
import { collectGaps } from '../src/undocumented-model.mjs';

const docs = (/** @type {string} */ path) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const dist = docs('dist');
const work = docs('.build');

const version = readContractVersion(openapiJsonPath);
const contract = loadContract();
const apiTitle = String(/** @type {{ title?: unknown }} */ (contract.document.info).title ?? 'API');

const guides = listGuides(docs('guides'));
const gapPages = guides.filter((guide) => guide.markdown.includes(GAP_LIST_PLACEHOLDER));
if (gapPages.length !== 1) {
  throw new Error(
    `Exactly one guide must contain ${GAP_LIST_PLACEHOLDER} (where the list of everything not documented goes); ` +
      `found ${gapPages.length}: ${gapPages.map((guide) => guide.slug).join(', ') || 'none'}.`,
  );
}
const gapListHref = `${gapPages[0]?.slug}.html`;
const navItems = [{ href: 'index.html', title: REFERENCE_TITLE }, ...guides.map((guide) => ({ href: `${guide.slug}.html`, title: guide.title }))];
const header = (/** @type {string} */ current) => renderSiteHeader({ items: navItems, current, version, apiTitle });

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
mkdirSync(work, { recursive: true });

// The reference renders a docs-only copy: version note, markers and code samples added; spec/ is untouched.
const docsContract = markGaps(attachCodeSamples(withVersionNote(contract.document), readCodeSamples(docs('samples'), listOperationIds(contract))), {
  listHref: gapListHref,
});
writeFileSync(`${work}/openapi.docs.json`, `${JSON.stringify(docsContract, null, 2)}\n`);
await buildReference({
  contractFile: `${work}/openapi.docs.json`,
  optionsFile: `${work}/redoc-options.json`,
  templateFile: docs('templates/reference.hbs'),
  outputFile: `${dist}/index.html`,
  siteHeader: header('index.html'),
});

const gapListHtml = renderGapList(collectGaps(contract), { referenceHref: 'index.html' });
for (const guide of guides) {
  const page = renderGuidePage({
    title: guide.title,
    apiTitle,
    header: header(`${guide.slug}.html`),
    body: renderGuide(guide.markdown, { gapListHtml }),
    sourceFile: `docs/guides/${guide.slug}.md`,
  });
  if (page.includes(SITE_HEADER_PLACEHOLDER)) throw new Error(`docs/guides/${guide.slug}.md must not contain ${SITE_HEADER_PLACEHOLDER}.`);
  writeFileSync(`${dist}/${guide.slug}.html`, page);
}

writeFileSync(`${dist}/site.css`, SITE_CSS.trimStart());
copyFileSync(openapiJsonPath, `${dist}/openapi.json`);
copyFileSync(openapiYamlPath, `${dist}/openapi.yaml`);
writeFileSync(`${dist}/version.json`, `${JSON.stringify({ ...version, pages: navItems.map((item) => item.href) }, null, 2)}\n`);
// GitHub Pages would otherwise run the folder through Jekyll.
writeFileSync(`${dist}/.nojekyll`, '');

console.log(`Built docs/dist: reference and ${guides.length} guides for contract v${version.contractVersion} (bundle ${version.bundleHash}).`);

/**
 * A copy of the contract whose overview starts with the contract version and bundle hash.
 * @param {import('@thumbnail-api/spec').JsonObject} source
 */
function withVersionNote(source) {
  const copy = structuredClone(source);
  const info = /** @type {{ description?: string }} */ (copy.info);
  const note =
    `<p class="contract-version">Contract version <strong>${version.contractVersion}</strong> · bundle <code>${version.bundleHash}</code> ` +
    '(the first 12 hex digits of the SHA-256 of <a href="openapi.json">openapi.json</a>, the same file as <code>dist/openapi.json</code> ' +
    'in the <code>@thumbnail-api/spec</code> package of this version).</p>';
  info.description = `${note}\n\n${info.description ?? ''}`;
  return copy;
}
