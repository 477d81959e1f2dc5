// Renders what the contract records as not shown by the service or assumed by us (the model of it is
// undocumented-model.mjs): the visible markers in the docs-only copy of the contract, and the list page.
// Generated from the contract on every build, so the markers and the list never drift.
import { createContractModel } from '@thumbnail-api/spec/model';
import { marked } from 'marked';
import { escapeHtml } from './site-layout.mjs';
import { ASSUMPTIONS_KEY, findMarkerHosts, NOT_SHOWN_KEY } from './undocumented-model.mjs';

/** Title of every marker, in the reference and on the list page. */
export const MARKER_TITLE = 'Not documented by the service';

/**
 * @typedef {import('@thumbnail-api/spec/model').JsonObject} JsonObject
 * @typedef {import('./undocumented-model.mjs').Gap} Gap
 */

/**
 * A copy of the contract in which every description that Redoc shows for a place with gaps ends
 * with a visible marker. Schema gaps are shown on the request bodies and responses using the
 * schema, because Redoc does not show the description of a body's top-level schema.
 * @param {JsonObject} contract The bundled contract; not modified.
 * @param {{ listHref: string }} options `listHref`: link to the page listing every gap.
 * @returns {JsonObject}
 */
export function markGaps(contract, { listHref }) {
  const copy = /** @type {JsonObject} */ (structuredClone(contract));
  for (const [host, { notShown, assumptions }] of findMarkerHosts(createContractModel(copy))) {
    const description = typeof host.description === 'string' ? host.description.trimEnd() : '';
    const marker = renderMarker(unique(notShown), unique(assumptions), listHref);
    host.description = description ? `${description}\n\n${marker}\n` : `${marker}\n`;
  }
  return copy;
}

/**
 * The HTML of one marker. Markdown is not parsed inside an HTML block, so items are converted here.
 * @param {string[]} notShown
 * @param {string[]} assumptions
 * @param {string} listHref Link to the page listing every gap; none when empty.
 */
export function renderMarker(notShown, assumptions, listHref) {
  const list = (/** @type {string[]} */ items) => `<ul>${items.map((item) => `<li>${renderInline(item)}</li>`).join('')}</ul>`;
  const parts = [`<div class="not-documented" role="note"><p class="not-documented-title">${MARKER_TITLE}</p>`];
  if (notShown.length > 0) parts.push(`<p>The service does not document:</p>${list(notShown)}`);
  if (assumptions.length > 0) parts.push(`<p>This contract assumes (an assumption, not a documented fact):</p>${list(assumptions)}`);
  if (listHref) parts.push(`<p class="not-documented-more"><a href="${listHref}">Everything not documented by the service</a></p>`);
  parts.push('</div>');
  // One line: a blank line would end the HTML block and turn the rest into Markdown.
  return parts.join('');
}

/**
 * The generated list of every gap, for the not-documented page.
 * @param {Gap[]} gaps
 * @param {{ referenceHref: string }} options `referenceHref`: the reference page, e.g. `index.html`.
 */
export function renderGapList(gaps, { referenceHref }) {
  if (gaps.length === 0) return '<p>The contract records nothing as not documented.</p>';
  const itemCount = gaps.reduce((sum, gap) => sum + gap.notShown.length + gap.assumptions.length, 0);
  const entries = gaps.map((gap) => {
    const links = gap.shownAt.map(({ label, route }) => `<a href="${referenceHref}${route ? `#/${route}` : ''}">${escapeHtml(label)}</a>`).join(', ');
    return (
      `<li class="gap" data-pointer="${escapeHtml(gap.pointer)}"><h3>${escapeHtml(gap.location)}</h3>` +
      `<p class="gap-pointer">In the contract: <code>${escapeHtml(gap.pointer)}</code></p>` +
      (links ? `<p class="gap-shown-at">In the reference: ${links}</p>` : '') +
      `${renderMarker(gap.notShown, gap.assumptions, '')}</li>`
    );
  });
  return (
    `<p class="gap-summary">${itemCount} items at ${gaps.length} places in the contract, generated from its ` +
    `<code>${NOT_SHOWN_KEY}</code> and <code>${ASSUMPTIONS_KEY}</code> extensions.</p>` +
    `<ul class="gap-list">${entries.join('')}</ul>`
  );
}

/** @param {string} text Markdown of one item, inline only. */
export function renderInline(text) {
  return /** @type {string} */ (marked.parseInline(text, { async: false }));
}

/** @param {string[]} items */
function unique(items) {
  return [...new Set(items)];
}
