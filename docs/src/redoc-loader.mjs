// Takes Redoc's script out of the reference's first load. `build-docs --inlineBundle` writes the page's
// content as server-rendered HTML, then one inline module script of ~2.2 MB (Redoc's whole bundle, the
// contract and the options) that the browser must fetch, parse and run before it paints anything. Here the
// bundle becomes its own cacheable file, `redoc.standalone.js`, and a small inline loader imports it and
// hydrates the page only when the reader needs Redoc: an address naming a route of the reference, or the
// first press of a key or a mouse button / tap (a click that started it is replayed once Redoc has run), except what
// only reads: keys that scroll, the scrollbar, a link to another page. A load cut short by leaving is not a failure.
// Loading it at idle instead blocks the main thread for seconds on a phone, just when the reader starts.

/** The file the bundle is written to, next to index.html. */
export const REDOC_BUNDLE_FILE = 'redoc.standalone.js';
/** The attribute of `#redoc` that says how far Redoc is: `static`, `loading`, `ready` or `failed`. */
export const REDOC_STATE_ATTRIBUTE = 'data-redoc-state';

const MODULE_START = '<script type="module">';
const DEFINITION = '\n      const __redoc_definition = ';
const OPTIONS = ';\n      const __redoc_options = ';
const HYDRATE = ";\n\n      hydrate(__redoc_definition, __redoc_options, document.getElementById('redoc'));\n      </script>";
const BUNDLE_EXPORTS = /export\s*\{\s*RedocStandalone\s*,\s*hydrate\s*,\s*init\s*\}\s*;?\s*$/;

/**
 * Splits the page `redocly build-docs --inlineBundle` wrote into the page with a loader and Redoc's bundle.
 * @param {string} html The page, after its links were rewritten.
 * @returns {{ html: string, bundle: string }}
 */
export function splitRedocBundle(html) {
  const start = html.lastIndexOf(MODULE_START);
  const definitionAt = html.indexOf(DEFINITION, start);
  const optionsAt = html.indexOf(OPTIONS, definitionAt);
  const hydrateAt = html.indexOf(HYDRATE, optionsAt);
  const bundle = start === -1 ? '' : html.slice(start + MODULE_START.length, definitionAt).trim();
  if (start === -1 || definitionAt === -1 || optionsAt === -1 || hydrateAt === -1 || !BUNDLE_EXPORTS.test(bundle)) {
    throw new Error(
      'The reference does not end with the inline module script this build expects (Redoc bundle exporting hydrate, then ' +
        '__redoc_definition, __redoc_options and the hydrate call): this version of redocly build-docs writes another page; update docs/src/redoc-loader.mjs.',
    );
  }
  // Both values are JSON that build-docs already escaped for a script element (`<` as \u003c).
  const definition = html.slice(definitionAt + DEFINITION.length, optionsAt);
  const options = html.slice(optionsAt + OPTIONS.length, hydrateAt);
  const loader =
    `<script type="application/json" id="redoc-data">{"definition":${definition},"options":${options}}</script>\n` + `<script>${LOADER_SCRIPT}</script>`;
  const page = html.slice(0, start) + loader + html.slice(hydrateAt + HYDRATE.length);
  return { html: page.replace('<div id="redoc">', `<div id="redoc" ${REDOC_STATE_ATTRIBUTE}="static">`), bundle: `${bundle}\n` };
}

// Runs at the end of the body, after the server-rendered reference has been parsed. Once Redoc runs, nameVariantMenus
// keeps the menus of a schema's variants named by what they show: Redoc labels each "Variant" whatever it shows
// ("object", "MockRule"), which WCAG 2.5.3 (label in name) refuses; the visible words become its name, "Variant" its title.
const LOADER_SCRIPT = `
(function () {
  var root = document.getElementById('redoc');
  var events = ['mousedown', 'keydown', 'hashchange'];
  var replay = null;
  var leaving = false;
  var SCROLL_KEYS = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'PageUp', 'PageDown', 'Home', 'End', ' '];
  function setState(state) { root.setAttribute('${REDOC_STATE_ATTRIBUTE}', state); }
  function listen(on) {
    events.forEach(function (type) { (on ? addEventListener : removeEventListener)(type, start, { capture: true, passive: true }); });
  }
  function start(event) {
    if (event && event.type === 'keydown' && SCROLL_KEYS.indexOf(event.key) !== -1) return;
    if (event && event.type === 'mousedown' && event.target === document.documentElement) return;
    var link = event && event.type === 'mousedown' && event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (link && link.getAttribute('href').charAt(0) !== '#') return;
    listen(false);
    if (root.getAttribute('${REDOC_STATE_ATTRIBUTE}') !== 'static') return;
    setState('loading');
    import('./${REDOC_BUNDLE_FILE}').then(function (redoc) {
      var data = JSON.parse(document.getElementById('redoc-data').textContent);
      return redoc.hydrate(data.definition, data.options, root);
    }).then(function () {
      setState('ready');
      nameVariantMenus();
      new MutationObserver(nameVariantMenus).observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-label'] });
      removeEventListener('click', remember, true);
      var tries = 0;
      (function replayClick() {
        if (!replay) return;
        /* Hydration may have rendered the clicked element anew: then the element with its test id stands for it. */
        var node = replay.node.isConnected ? replay.node : replay.selector ? root.querySelector(replay.selector) : null;
        /* Redoc's search says Loading until its index is built, and ignores a click until then: wait (up to 5 s). */
        if (node && node.textContent.indexOf('Loading') === -1) { node.click(); return; }
        if (++tries < 100) setTimeout(replayClick, 50);
      })();
    }, function (error) {
      if (leaving) { setState('static'); listen(true); return; }
      setState('failed');
      console.error('The reference could not load ${REDOC_BUNDLE_FILE}; its content stays readable, without search and panels.', error);
    });
  }
  function nameVariantMenus() {
    root.querySelectorAll('button[aria-label="Variant"]').forEach(function (button) { button.removeAttribute('aria-label'); button.title = 'Variant'; });
  }
  function remember(event) {
    var target = event.target instanceof Element ? event.target : null;
    if (replay || !target || !root.contains(target) || target.closest('a[href]')) return;
    var marked = target.closest('[data-testid]');
    replay = { node: target, selector: marked && root.contains(marked) ? '[data-testid="' + marked.getAttribute('data-testid') + '"]' : null };
  }
  addEventListener('click', remember, true);
  addEventListener('pagehide', function () { leaving = true; });
  addEventListener('pageshow', function () { leaving = false; });
  listen(true);
  if (/^#\\/./.test(location.hash)) start();
})();
`
  .trim()
  .replace(/\n\s*/g, ' ');
