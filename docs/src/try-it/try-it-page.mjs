// What the reference page carries of Try it before a reader opens it: a "Try it" button at the top of every
// operation's description (Redoc renders it with the operation), a small inline script that loads the bundle on
// the first press of one, and the bundle's file name. The bundle (try-it-app.mjs and the mock's engine) is never
// part of a page's first load.
import { createContractModel } from '@thumbnail-api/spec/model';
import { escapeHtml } from '../site-layout.mjs';

/** The bundle's file, next to index.html. */
export const TRY_IT_BUNDLE_FILE = 'try-it.js';
/** The attribute of a Try it button that names its operation. */
export const TRY_IT_ATTRIBUTE = 'data-try-it';
/** The dialog's attributes: where it is (`idle`, `sending`, `answered`), and how many answers it has shown. */
export const STATE_ATTRIBUTE = 'data-try-it-state';
export const ANSWERS_ATTRIBUTE = 'data-try-it-answers';

/**
 * @typedef {import('@thumbnail-api/spec/model').JsonObject} JsonObject
 */

/**
 * A copy of the contract whose every operation's description starts with its Try it button.
 * @param {JsonObject} contract The docs-only copy of the contract; not modified.
 * @returns {JsonObject}
 */
export function withTryItButtons(contract) {
  const copy = /** @type {JsonObject} */ (structuredClone(contract));
  for (const { operationId, object } of createContractModel(copy).operations) {
    if (operationId === undefined) continue;
    const description = typeof object.description === 'string' ? object.description : '';
    // One line of HTML: a blank line ends an HTML block in Markdown.
    const entry =
      `<p class="try-it-entry"><button type="button" class="try-it-open" ${TRY_IT_ATTRIBUTE}="${escapeHtml(operationId)}" aria-haspopup="dialog">Try it</button> ` +
      '<span>Answered by the mock in this page: nothing is sent, nothing is stored.</span></p>';
    object.description = `${entry}\n\n${description}`;
  }
  return copy;
}

/** The inline script that opens Try it: it imports the bundle on the first press of a Try it button (once), then opens it. */
export function renderTryItLoader() {
  return `<script>${LOADER}</script>`;
}

const LOADER = `
(function () {
  var loading = null;
  addEventListener('click', function (event) {
    var button = event.target instanceof Element ? event.target.closest('[${TRY_IT_ATTRIBUTE}]') : null;
    if (!button) return;
    button.setAttribute('aria-busy', 'true');
    loading = loading || import('./${TRY_IT_BUNDLE_FILE}');
    loading.then(function (tryIt) {
      button.removeAttribute('aria-busy');
      return tryIt.open(button.getAttribute('${TRY_IT_ATTRIBUTE}'), button);
    }).catch(function (error) {
      loading = null;
      button.removeAttribute('aria-busy');
      console.error('Try it could not open (${TRY_IT_BUNDLE_FILE}); the reference stays readable without it.', error);
    });
  });
})();
`
  .trim()
  .replace(/\n\s*/g, ' ');
