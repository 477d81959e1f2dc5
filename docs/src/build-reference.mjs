// Builds the Redoc reference page with `redocly build-docs --inlineBundle` from the docs-only copy of
// the contract, then makes it self-contained and fast: the only asset Redoc 3 loads from a CDN by itself
// (the "API docs by" logo) is replaced by an inline image, and the build fails if any CDN asset is left.
// Its links become hash links that work as fresh pages on any static host (reference-routes.mjs), and
// Redoc's bundle moves out of the page into its own file, loaded when the reader needs it (redoc-loader.mjs).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { runOrFail } from '@thumbnail-api/dev-tools/run-process';
import { SAMPLE_KINDS } from './code-samples.mjs';
import { REDOC_BUNDLE_FILE, splitRedocBundle } from './redoc-loader.mjs';
import { ROUTE_REDIRECT_PLACEHOLDER, renderRouteRedirect, toHashLinks } from './reference-routes.mjs';
import { escapeHtml, SITE_HEADER_HEIGHT } from './site-layout.mjs';

const require = createRequire(import.meta.url);
const redoclyCli = require.resolve('@redocly/cli/bin/cli.js');

/** Where the template puts the site header; replaced after Redoc has rendered the page. */
export const SITE_HEADER_PLACEHOLDER = '<!-- site-header -->';
/** Where the template puts the page's meta description. */
export const PAGE_DESCRIPTION_PLACEHOLDER = '<!-- page-description -->';

/** Redoc's logo URLs and the inline image that replaces them (same wording, no request). */
const CDN_LOGOS = ['https://cdn.redoc.ly/redoc/logo-mini-full.svg', 'https://cdn.redoc.ly/redoc/logo-mini.svg'];
const INLINE_LOGO = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="50" height="14" viewBox="0 0 50 14"><text x="0" y="11" font-family="system-ui,sans-serif" font-size="11" font-weight="600" fill="#0044D4">Redocly</text></svg>',
)}`;
/** Hosts the page must not load anything from; a match after post-processing fails the build. */
const CDN_ASSET = /https:\/\/cdn\.redoc(?:ly\.com|\.ly)\/redoc\/[^"'`\s]+/g;

/**
 * @typedef {object} BuildReferenceOptions
 * @property {string} contractFile The docs-only copy of the contract (JSON) to render.
 * @property {string} optionsFile Where to write the Redoc options (JSON).
 * @property {string} templateFile Handlebars page template with `{{{redocHead}}}`, `{{{redocHTML}}}`, the header and the route-redirect placeholders.
 * @property {string} outputFile The HTML page to write.
 * @property {string} siteHeader HTML of the site header.
 * @property {string} description The page's meta description, plain text.
 * @property {string} [bodyEnd] HTML put at the end of the body, after Redoc's loader (Try it's loader).
 */

/**
 * Renders the reference page and post-processes it.
 * Writes the page to `outputFile` and Redoc's bundle next to it ({@link REDOC_BUNDLE_FILE}).
 * @param {BuildReferenceOptions} options
 * @returns {Promise<{ routes: string[] }>} Every route the reference links to (`/section/x`, `/thumbnails`, ...).
 */
export async function buildReference({ contractFile, optionsFile, templateFile, outputFile, siteHeader, description, bodyEnd = '' }) {
  const redocOptions = {
    // Only our x-codeSamples, in the order of SAMPLE_KINDS; Redoc shows a language when a sample has its label.
    codeSamples: { languages: SAMPLE_KINDS.map(({ lang, label }) => ({ lang, label })) },
    // No downloadUrls: with a download URL Redoc 3 adds "Open in Claude" and "Open in ChatGPT" to every
    // page's actions, sending the page off-site. The overview links the downloads itself (docs-contract.mjs).
    jsonSamplesExpandLevel: 'all',
    // The site header stays on top of the page; deep links must not scroll headings under it.
    scrollYOffset: SITE_HEADER_HEIGHT,
  };
  writeFileSync(optionsFile, `${JSON.stringify(redocOptions, null, 2)}\n`);
  await runOrFail(
    process.execPath,
    [
      redoclyCli,
      'build-docs',
      contractFile,
      '--output',
      outputFile,
      '--inlineBundle',
      '--template',
      templateFile,
      '--openapi',
      optionsFile,
      '--lint-config',
      'off',
    ],
    { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
  );

  const rendered = toHashLinks(readFileSync(outputFile, 'utf8'));
  const split = splitRedocBundle(rendered.html);
  let html = split.html;
  let bundle = split.bundle;
  for (const placeholder of [SITE_HEADER_PLACEHOLDER, ROUTE_REDIRECT_PLACEHOLDER, PAGE_DESCRIPTION_PLACEHOLDER]) {
    if (!html.includes(placeholder)) throw new Error(`${templateFile} lost the ${placeholder} placeholder; put it back (see docs/README.md).`);
  }
  html = html
    .replace(SITE_HEADER_PLACEHOLDER, () => siteHeader)
    .replace(ROUTE_REDIRECT_PLACEHOLDER, () => renderRouteRedirect(rendered.routes))
    .replace(PAGE_DESCRIPTION_PLACEHOLDER, () => `<meta name="description" content="${escapeHtml(description)}">`)
    .replace(/<\/body>(?![\s\S]*<\/body>)/, () => `${bodyEnd}</body>`);
  for (const logo of CDN_LOGOS) {
    html = html.replaceAll(logo, INLINE_LOGO);
    bundle = bundle.replaceAll(logo, INLINE_LOGO);
  }
  const leftovers = [...new Set([...(html.match(CDN_ASSET) ?? []), ...(bundle.match(CDN_ASSET) ?? [])])];
  if (leftovers.length > 0) {
    throw new Error(
      `The reference still loads from a CDN: ${leftovers.join(', ')}. This Redoc version added a CDN asset; ` +
        'replace it in docs/src/build-reference.mjs so the site keeps working offline.',
    );
  }
  writeFileSync(outputFile, html);
  writeFileSync(join(dirname(outputFile), REDOC_BUNDLE_FILE), bundle);
  return { routes: rendered.routes };
}
