// Builds the static site in docs/dist from the bundled contract, the mock's control-surface document, docs/samples
// and docs/guides: index.html (the Redoc reference of the contract), mock-control.html (the Redoc reference of the mock's
// /__mock routes), one page per guide, a Markdown version of each page and llms.txt for tools, site.css, both documents
// themselves and version.json.
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadContract, openapiJsonPath, openapiYamlPath } from '@thumbnail-api/spec';
import { createContractModel } from '@thumbnail-api/spec/model';
import { renderReference, SITE_HEADER_PLACEHOLDER, writeReference } from '../src/build-reference.mjs';
import { attachCodeSamples, generateCodeSamples } from '../src/code-samples.mjs';
import { readContractVersion } from '../src/contract-version.mjs';
import { withControlNote, withServerDefaults, withVersionNote } from '../src/docs-contract.mjs';
import { GAP_LIST_PLACEHOLDER, listGuides, renderGuide } from '../src/guides.mjs';
import { firstParagraph, renderLlmsTxt } from '../src/llms-txt.mjs';
import { markdownHrefOf, renderGapListMarkdown, renderGuideMarkdown } from '../src/markdown-pages.mjs';
import { pageDescription } from '../src/page-description.mjs';
import { renderReferenceMarkdown } from '../src/reference-markdown.mjs';
import { CONTROL_REFERENCE, controlDocumentPath, readControlDocument, SERVICE_REFERENCE, siteNavigation } from '../src/reference-pages.mjs';
import { renderRouteRedirect } from '../src/reference-routes.mjs';
import { SITE_CSS } from '../src/site-css.mjs';
import { renderGuidePage, renderSiteHeader } from '../src/site-layout.mjs';
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
const navItems = siteNavigation(guides);
const header = (/** @type {string} */ current) => renderSiteHeader({ items: navItems, current, version, apiTitle });
const downloads = [
  { href: 'openapi.json', label: 'openapi.json' },
  { href: 'openapi.yaml', label: 'openapi.yaml' },
  { href: markdownHrefOf(SERVICE_REFERENCE.href), label: 'this reference as Markdown' },
  { href: 'llms.txt', label: 'llms.txt' },
];

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
mkdirSync(work, { recursive: true });

// Each reference renders a docs-only copy; spec/ and the mock's document are untouched. The contract's: version note,
// servers with defaults, markers, code samples and Try it buttons. The control surface's: a note that it is the test
// double's, not the service's (and no Try it: those routes drive the mock, they are not the service's to try).
const samples = generateCodeSamples(contract);
const docsContract = withTryItButtons(
  markGaps(attachCodeSamples(withServerDefaults(withVersionNote(contract.document, version, downloads)), samples), { listHref: gapListHref }),
);
writeFileSync(`${work}/openapi.docs.json`, `${JSON.stringify(docsContract, null, 2)}\n`);
const controlDocument = readControlDocument();
const controlInfo = /** @type {{ title?: unknown, description?: unknown }} */ (controlDocument.info);
const controlMarkdownHref = markdownHrefOf(CONTROL_REFERENCE.href);
const docsControl = withServerDefaults(
  withControlNote(controlDocument, {
    serviceHref: SERVICE_REFERENCE.href,
    guideHref: 'testing.html',
    downloads: [
      { href: CONTROL_REFERENCE.documentFile, label: CONTROL_REFERENCE.documentFile },
      { href: controlMarkdownHref, label: 'this reference as Markdown' },
      { href: 'llms.txt', label: 'llms.txt' },
    ],
  }),
);
writeFileSync(`${work}/control-openapi.docs.json`, `${JSON.stringify(docsControl, null, 2)}\n`);

const template = docs('templates/reference.hbs');
const serviceReference = await renderReference({
  contractFile: `${work}/openapi.docs.json`,
  optionsFile: `${work}/redoc-options.json`,
  templateFile: template,
  outputFile: `${dist}/${SERVICE_REFERENCE.href}`,
});
const controlReference = await renderReference({
  contractFile: `${work}/control-openapi.docs.json`,
  optionsFile: `${work}/redoc-options.json`,
  templateFile: template,
  outputFile: `${dist}/${CONTROL_REFERENCE.href}`,
});
const routeRedirect = renderRouteRedirect([
  { href: SERVICE_REFERENCE.href, routes: serviceReference.routes },
  { href: CONTROL_REFERENCE.href, routes: controlReference.routes },
]);
writeReference(serviceReference, {
  siteHeader: header(SERVICE_REFERENCE.href),
  description: pageDescription(String(info.description ?? '').split(/\n\s*\n/)[0] || String(info.summary ?? '')),
  routeRedirect,
  markdownHref: markdownHrefOf(SERVICE_REFERENCE.href),
  bodyEnd: renderTryItLoader(),
});
writeReference(controlReference, {
  siteHeader: header(CONTROL_REFERENCE.href),
  description: pageDescription(String(controlInfo.description ?? '').split(/\n\s*\n/)[0] ?? ''),
  routeRedirect,
  markdownHref: controlMarkdownHref,
});
await buildTryIt(dist);
writeFileSync(
  `${dist}/${markdownHrefOf(SERVICE_REFERENCE.href)}`,
  renderReferenceMarkdown(contract, {
    heading: `${apiTitle} — API reference`,
    intro:
      `Contract version **${version.contractVersion}** · bundle \`${version.bundleHash}\` (the first 12 hex digits of the SHA-256 of openapi.json). ` +
      `The contract itself: [openapi.json](openapi.json), [openapi.yaml](openapi.yaml). The same reference as a web page: [${SERVICE_REFERENCE.href}](${SERVICE_REFERENCE.href}).`,
    samples,
  }),
);
writeFileSync(
  `${dist}/${controlMarkdownHref}`,
  renderReferenceMarkdown(createContractModel(controlDocument, { source: controlDocumentPath }), {
    heading: `${String(controlInfo.title ?? 'The mock')} — reference of the /__mock routes`,
    intro:
      "**The test double's routes, not the service's.** This is the control surface of the mock, `@thumbnail-api/mock`: the routes under " +
      '`/__mock` that your tests call to read what your code sent and to choose answers and faults ([Testing your integration](testing.html.md)). ' +
      `The Thumbnail Generation Service has no such routes; its API is in the [API reference](${markdownHrefOf(SERVICE_REFERENCE.href)}). ` +
      `The document itself: [${CONTROL_REFERENCE.documentFile}](${CONTROL_REFERENCE.documentFile}) (a running mock serves it at \`GET /__mock/openapi.json\`). ` +
      `The same reference as a web page: [${CONTROL_REFERENCE.href}](${CONTROL_REFERENCE.href}).`,
  }),
);

const gaps = collectGaps(contract);
const gapListHtml = renderGapList(gaps, { referenceHref: SERVICE_REFERENCE.href });
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
        links: navItems.map(({ href, title }) => {
          if (href === SERVICE_REFERENCE.href)
            return {
              href: markdownHrefOf(href),
              title,
              note: 'every operation with its request, responses, errors, security and code samples, generated from the contract',
            };
          if (href === CONTROL_REFERENCE.href)
            return {
              href: markdownHrefOf(href),
              title,
              note: "the mock's /__mock routes (the test double's, not the service's): its journal, rules, held requests and coverage, generated from the mock's OpenAPI document of them",
            };
          const guide = guides.find((candidate) => `${candidate.slug}.html` === href);
          return { href: markdownHrefOf(href), title, note: firstParagraph(guide?.markdown ?? '') };
        }),
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
          {
            href: CONTROL_REFERENCE.documentFile,
            title: CONTROL_REFERENCE.documentFile,
            note: "the OpenAPI 3.1 document of the mock's control surface (GET /__mock/openapi.json on a running mock), the single source of its reference",
          },
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
copyFileSync(controlDocumentPath, `${dist}/${CONTROL_REFERENCE.documentFile}`);
const pages = navItems.map((item) => item.href);
writeFileSync(
  `${dist}/version.json`,
  `${JSON.stringify(
    {
      ...version,
      pages,
      markdown: pages.map(markdownHrefOf),
      referenceRoutes: [
        ...serviceReference.routes.map((route) => `${SERVICE_REFERENCE.href}#${route}`),
        ...controlReference.routes.map((route) => `${CONTROL_REFERENCE.href}#${route}`),
      ],
    },
    null,
    2,
  )}\n`,
);
// GitHub Pages would otherwise run the folder through Jekyll.
writeFileSync(`${dist}/.nojekyll`, '');

console.log(
  `Built docs/dist: the reference, the mock's control reference and ${guides.length} guides for contract v${version.contractVersion} (bundle ${version.bundleHash}), with Markdown versions and llms.txt.`,
);
