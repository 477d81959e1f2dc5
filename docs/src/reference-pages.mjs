// The site's two Redoc pages and where they sit in the navigation: the reference of the service's contract (the front
// page), and the reference of the mock's control surface (the test double's `/__mock` routes), which sits with the
// testing guides so that nobody takes it for a part of the service's API.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { REFERENCE_TITLE } from './site-layout.mjs';

const require = createRequire(import.meta.url);

/**
 * @typedef {{ href: string, title: string }} NavItem
 * @typedef {import('./guides.mjs').Guide} Guide
 */

/** The reference of the service's contract: the site's front page. */
export const SERVICE_REFERENCE = { href: 'index.html', title: REFERENCE_TITLE };

/** The reference of the mock's control surface, built from the OpenAPI document the mock package ships. */
export const CONTROL_REFERENCE = {
  href: 'mock-control.html',
  title: 'Mock control API',
  /** The control surface's OpenAPI document, published next to the page, byte for byte the mock package's. */
  documentFile: 'mock-control-openapi.json',
  /** The guide it follows in the navigation. */
  afterGuide: 'testing-from-any-language',
};

/** Both Redoc pages, the front page first. */
export const REFERENCE_PAGES = [SERVICE_REFERENCE.href, CONTROL_REFERENCE.href];

/** Path of `@thumbnail-api/mock/control-openapi.json`, the document `GET /__mock/openapi.json` serves for the bundled contract. */
export const controlDocumentPath = require.resolve('@thumbnail-api/mock/control-openapi.json');

/** The control surface's OpenAPI document, parsed. */
export function readControlDocument() {
  return /** @type {{ [key: string]: unknown }} */ (JSON.parse(readFileSync(controlDocumentPath, 'utf8')));
}

/**
 * The site navigation: the service's reference, then the guides, with the control reference after
 * {@link CONTROL_REFERENCE.afterGuide} (or before the last guide when that guide is gone).
 * @param {readonly Guide[]} guides In navigation order.
 * @returns {NavItem[]}
 */
export function siteNavigation(guides) {
  const items = guides.map((guide) => ({ href: `${guide.slug}.html`, title: guide.title }));
  const after = items.findIndex((item) => item.href === `${CONTROL_REFERENCE.afterGuide}.html`);
  items.splice(after === -1 ? Math.max(items.length - 1, 0) : after + 1, 0, { href: CONTROL_REFERENCE.href, title: CONTROL_REFERENCE.title });
  return [{ ...SERVICE_REFERENCE }, ...items];
}
