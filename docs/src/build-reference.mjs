// Builds a Redoc reference page (the service's contract, the mock's control surface) with `redocly build-docs
// --inlineBundle` from a docs-only copy of its document, then makes it self-contained and fast: the only asset Redoc 3
// loads from a CDN by itself (the "API docs by" logo) is replaced by an inline image, and the build fails if any CDN
// asset is left.
// Its links become hash links that work as fresh pages on any static host (reference-routes.mjs), and
// Redoc's bundle moves out of the page into its own file, loaded when the reader needs it (redoc-loader.mjs).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { runOrFail } from '@thumbnail-api/dev-tools/run-process';
import { SAMPLE_KINDS } from './code-samples.mjs';
import { REDOC_BUNDLE_FILE, splitRedocBundle } from './redoc-loader.mjs';
import { ROUTE_REDIRECT_PLACEHOLDER, toHashLinks } from './reference-routes.mjs';
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

/** Where the template puts the link to the page's Markdown version. */
export const MARKDOWN_ALTERNATE_PLACEHOLDER = '<!-- markdown-alternate -->';

/**
 * @typedef {object} RenderReferenceOptions
 * @property {string} contractFile The docs-only copy of the document (JSON) to render.
 * @property {string} optionsFile Where to write the Redoc options (JSON).
 * @property {string} templateFile Handlebars page template with `{{{redocHead}}}`, `{{{redocHTML}}}` and the placeholders above.
 * @property {string} outputFile The HTML page to write (first as build-docs writes it, then as {@link writeReference} finishes it).
 *
 * @typedef {object} RenderedReference
 * @property {string} outputFile
 * @property {string} templateFile
 * @property {string} html The page with hash links and the loader, placeholders still in it.
 * @property {string} bundle Redoc's bundle, taken out of the page.
 * @property {string[]} routes Every route the page links to (`/section/x`, `/thumbnails`, ...).
 *
 * @typedef {object} FinishReferenceOptions
 * @property {string} siteHeader HTML of the site header.
 * @property {string} description The page's meta description, plain text.
 * @property {string} routeRedirect The head script that sends path-style addresses to hash routes (reference-routes.mjs).
 * @property {string} markdownHref The page's Markdown version.
 * @property {string} [bodyEnd] HTML put at the end of the body, after Redoc's loader (Try it's loader).
 */

/**
 * Renders a reference page with `redocly build-docs`, rewrites its router links to hash links and takes Redoc's bundle
 * out of it. Every reference page is rendered before any is written, since each page's redirect knows every page's routes.
 * @param {RenderReferenceOptions} options
 * @returns {Promise<RenderedReference>}
 */
export async function renderReference({ contractFile, optionsFile, templateFile, outputFile }) {
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
  for (const placeholder of [SITE_HEADER_PLACEHOLDER, ROUTE_REDIRECT_PLACEHOLDER, PAGE_DESCRIPTION_PLACEHOLDER, MARKDOWN_ALTERNATE_PLACEHOLDER]) {
    if (!split.html.includes(placeholder)) throw new Error(`${templateFile} lost the ${placeholder} placeholder; put it back (see docs/README.md).`);
  }
  return { outputFile, templateFile, html: split.html, bundle: split.bundle, routes: rendered.routes };
}

/**
 * Fills in a rendered page's placeholders, replaces Redoc's CDN logo and fails on any other CDN asset, then writes the
 * page and Redoc's bundle next to it ({@link REDOC_BUNDLE_FILE}). Every reference page loads the same bundle file: a
 * page whose bundle differs from one already written fails the build.
 * @param {RenderedReference} rendered
 * @param {FinishReferenceOptions} options
 */
export function writeReference(rendered, { siteHeader, description, routeRedirect, markdownHref, bodyEnd = '' }) {
  let html = rendered.html
    .replace(SITE_HEADER_PLACEHOLDER, () => siteHeader)
    .replace(ROUTE_REDIRECT_PLACEHOLDER, () => routeRedirect)
    .replace(PAGE_DESCRIPTION_PLACEHOLDER, () => `<meta name="description" content="${escapeHtml(description)}">`)
    .replace(
      MARKDOWN_ALTERNATE_PLACEHOLDER,
      () => `<link rel="alternate" type="text/markdown" href="${escapeHtml(markdownHref)}" title="This reference as Markdown">`,
    )
    .replace(/<\/body>(?![\s\S]*<\/body>)/, () => `${bodyEnd}</body>`);
  let bundle = rendered.bundle;
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
  const bundleFile = join(dirname(rendered.outputFile), REDOC_BUNDLE_FILE);
  if (existsSync(bundleFile) && readFileSync(bundleFile, 'utf8') !== bundle) {
    throw new Error(
      `${rendered.outputFile} was rendered with another Redoc bundle than the reference page written before it; every reference page loads ` +
        `the one ${REDOC_BUNDLE_FILE}: render them with the same @redocly/cli and options (docs/src/build-reference.mjs).`,
    );
  }
  writeFileSync(rendered.outputFile, html);
  writeFileSync(bundleFile, bundle);
}
