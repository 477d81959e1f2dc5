// Builds the static site in docs/dist from the bundled contract, docs/samples and docs/guides:
// index.html (the Redoc reference), one page per guide, a Markdown version of each page and
// llms.txt for tools, site.css, the contract itself and version.json.
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadContract, openapiJsonPath, openapiYamlPath } from '@thumbnail-api/spec';
import { buildReference, SITE_HEADER_PLACEHOLDER } from '../src/build-reference.mjs';
import { attachCodeSamples, generateCodeSamples } from '../src/code-samples.mjs';
import { readContractVersion } from '../src/contract-version.mjs';
import { withServerDefaults, withVersionNote } from '../src/docs-contract.mjs';
import { GAP_LIST_PLACEHOLDER, listGuides, renderGuide } from '../src/guides.mjs';
import { firstParagraph, renderLlmsTxt } from '../src/llms-txt.mjs';
import { markdownHrefOf, renderGapListMarkdown, renderGuideMarkdown } from '../src/markdown-pages.mjs';
import { pageDescription } from '../src/page-description.mjs';
import { renderReferenceMarkdown } from '../src/reference-markdown.mjs';
import { SITE_CSS } from '../src/site-css.mjs';
import { REFERENCE_TITLE, renderGuidePage, renderSiteHeader } from '../src/site-layout.mjs';
import { buildTryIt } from '../src/try-it/build-try-it.mjs';
import { renderTryItLoader, withTryItButtons } from '../src/try-it/try-it-page.mjs';
import { MARKER_TITLE, markGaps, renderGapList } from '../src/undocumented.mjs';
import { collectGaps } from '../src/undocumented-model.mjs';

const docs = (/** @type {string} */ path) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const dist = docs('dist');
const work = docs('.build');

const version = readContractVersion(openapiJsonPath);
const contract = loadContract();
const info = /** @type {{ title?: unknown, summary?: unknown, description?: unknown }} */ (contract.document.info);
const apiTitle = String(info.title ?? 'API');

const guides = listGuides(docs('guides'));
const gapPages = guides.filter((guide) => guide.markdown.includes(GAP_LIST_PLACEHOLDER));
if (gapPages.length !== 1) {
  throw new Error(
    `Exactly one guide must contain ${GAP_LIST_PLACEHOLDER} (where the list of everything not documented by the service goes); ` +
      `found ${gapPages.length}: ${gapPages.map((guide) => guide.slug).join(', ') || 'none'}.`,
  );
}
const gapListHref = `${gapPages[0]?.slug}.html`;
const navItems = [{ href: 'index.html', title: REFERENCE_TITLE }, ...guides.map((guide) => ({ href: `${guide.slug}.html`, title: guide.title }))];
const header = (/** @type {string} */ current) => renderSiteHeader({ items: navItems, current, version, apiTitle });
const downloads = [
  { href: 'openapi.json', label: 'openapi.json' },
  { href: 'openapi.yaml', label: 'openapi.yaml' },
  { href: markdownHrefOf('index.html'), label: 'this reference as Markdown' },
  { href: 'llms.txt', label: 'llms.txt' },
];

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
mkdirSync(work, { recursive: true });

// The reference renders a docs-only copy: version note, servers with defaults, markers, code samples and Try it
// buttons; spec/ is untouched.
const samples = generateCodeSamples(contract);
const docsContract = withTryItButtons(
  markGaps(attachCodeSamples(withServerDefaults(withVersionNote(contract.document, version, downloads)), samples), { listHref: gapListHref }),
);
writeFileSync(`${work}/openapi.docs.json`, `${JSON.stringify(docsContract, null, 2)}\n`);
const { routes } = await buildReference({
  contractFile: `${work}/openapi.docs.json`,
  optionsFile: `${work}/redoc-options.json`,
  templateFile: docs('templates/reference.hbs'),
  outputFile: `${dist}/index.html`,
  siteHeader: header('index.html'),
  description: pageDescription(String(info.description ?? '').split(/\n\s*\n/)[0] || String(info.summary ?? '')),
  bodyEnd: renderTryItLoader(),
});
await buildTryIt(dist);
writeFileSync(`${dist}/${markdownHrefOf('index.html')}`, renderReferenceMarkdown(contract, { version, samples, htmlHref: 'index.html' }));

const gaps = collectGaps(contract);
const gapListHtml = renderGapList(gaps, { referenceHref: 'index.html' });
const gapListMarkdown = renderGapListMarkdown(gaps);
for (const guide of guides) {
  const href = `${guide.slug}.html`;
  const page = renderGuidePage({
    title: guide.title,
    apiTitle,
    description: pageDescription(firstParagraph(guide.markdown)),
    header: header(href),
    body: renderGuide(guide.markdown, { gapListHtml }),
    sourceFile: `docs/guides/${guide.slug}.md`,
    markdownHref: markdownHrefOf(href),
  });
  if (page.includes(SITE_HEADER_PLACEHOLDER)) throw new Error(`docs/guides/${guide.slug}.md must not contain ${SITE_HEADER_PLACEHOLDER}.`);
  writeFileSync(`${dist}/${href}`, page);
  writeFileSync(`${dist}/${markdownHrefOf(href)}`, renderGuideMarkdown(guide.markdown, { gapListMarkdown }));
}

writeFileSync(
  `${dist}/llms.txt`,
  renderLlmsTxt({
    title: apiTitle,
    summary: `${String(info.summary ?? '')} The documentation of its OpenAPI contract (version ${version.contractVersion}) and of the TypeScript client and mock built from it.`,
    details:
      'Every page of this site has a Markdown version at the same address with `.md` appended; the links below point to them. ' +
      `The reference is generated from the contract; whatever the service does not document is marked "${MARKER_TITLE}" ` +
      'and never filled in with a guess. Code samples call the service with the API key in `THUMBNAIL_API_KEY` and its address in `THUMBNAIL_API_BASE_URL`.',
    sections: [
      {
        heading: 'Docs',
        links: [
          {
            href: markdownHrefOf('index.html'),
            title: REFERENCE_TITLE,
            note: 'every operation with its request, responses, errors, security and code samples, generated from the contract',
          },
          ...guides.map((guide) => ({ href: markdownHrefOf(`${guide.slug}.html`), title: guide.title, note: firstParagraph(guide.markdown) })),
        ],
      },
      {
        heading: 'OpenAPI',
        links: [
          {
            href: 'openapi.json',
            title: 'openapi.json',
            note: `the bundled OpenAPI ${String(contract.document.openapi)} contract, the single source of the reference (SHA-256 ${version.bundleSha256})`,
          },
          { href: 'openapi.yaml', title: 'openapi.yaml', note: 'the same contract as YAML' },
        ],
      },
      {
        heading: 'Optional',
        links: [{ href: 'version.json', title: 'version.json', note: 'the contract version and bundle hash this site was built from, and its pages' }],
      },
    ],
  }),
);

writeFileSync(`${dist}/site.css`, SITE_CSS.trimStart());
copyFileSync(openapiJsonPath, `${dist}/openapi.json`);
copyFileSync(openapiYamlPath, `${dist}/openapi.yaml`);
const pages = navItems.map((item) => item.href);
writeFileSync(
  `${dist}/version.json`,
  `${JSON.stringify({ ...version, pages, markdown: pages.map(markdownHrefOf), referenceRoutes: routes.map((route) => `index.html#${route}`) }, null, 2)}\n`,
);
// GitHub Pages would otherwise run the folder through Jekyll.
writeFileSync(`${dist}/.nojekyll`, '');

console.log(
  `Built docs/dist: reference and ${guides.length} guides for contract v${version.contractVersion} (bundle ${version.bundleHash}), with Markdown versions and llms.txt.`,
);
