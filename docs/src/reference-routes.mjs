// Makes every link of the reference work as a fresh page on a plain static host. Redoc 3 routes with
// the URL's hash (`index.html#/thumbnails/createthumbnail`) in the browser, but `build-docs`
// prerenders its links as paths (`/thumbnails/createthumbnail`) and hydration keeps them: opened in a
// new tab, shared or reloaded, such a path is a 404. The prerendered links become hash links here,
// and a path-style address that a rewriting host served this page for is sent to its hash route.

/** Where the template puts the redirect script; replaced after Redoc has rendered the page. */
export const ROUTE_REDIRECT_PLACEHOLDER = '<!-- route-redirect -->';

const REDOC_ROOT = '<div id="redoc">';
const REDOC_SCRIPT = '<script type="module">';

/**
 * Rewrites the router links Redoc prerendered (`href="/section/x"`) to hash links (`href="#/section/x"`),
 * exactly what its hash router renders after hydration.
 * @param {string} html The page written by `redocly build-docs`.
 * @returns {{ html: string, routes: string[] }} The page, and every route it links to (`/section/x`, ...).
 */
export function toHashLinks(html) {
  const start = html.indexOf(REDOC_ROOT);
  const end = html.indexOf(REDOC_SCRIPT, start);
  if (start === -1 || end === -1) {
    throw new Error(
      `The reference has no ${REDOC_ROOT} followed by ${REDOC_SCRIPT}: this version of redocly build-docs writes another page; update docs/src/reference-routes.mjs.`,
    );
  }
  /** @type {Set<string>} */
  const routes = new Set();
  const markup = html.slice(start, end).replace(/\shref="(\/(?!\/)[^"]*)"/g, (_, route) => {
    routes.add(route);
    return ` href="#${route}"`;
  });
  if (routes.size === 0)
    throw new Error(
      'The reference has no prerendered router links: this version of redocly build-docs renders links another way; update docs/src/reference-routes.mjs.',
    );
  return { html: html.slice(0, start) + markup + html.slice(end), routes: [...routes] };
}

/**
 * A script for the page's `<head>`: when a host rewrote a path-style address (`/section/x`,
 * `/index.html/section/x`) to this page, it replaces the address with the hash route
 * (`/index.html#/section/x`), so the page, its relative links and Redoc's router all see the right one.
 * It looks for the first path segment that starts a route of the reference, so the site may live in
 * a folder (`/project/section/x`) whose own name is not one of those segments.
 * @param {string[]} routes Every route of the reference (from {@link toHashLinks}).
 */
export function renderRouteRedirect(routes) {
  const roots = [...new Set(routes.map((route) => route.split('/')[1] ?? '').filter(Boolean))].sort();
  return `<script>
(function () {
  var roots = ${JSON.stringify(roots)};
  var segments = location.pathname.split('/');
  var last = segments[segments.length - 1];
  if (last === '' || last === 'index.html') return;
  for (var i = 1; i < segments.length; i++) {
    var isIndex = segments[i] === 'index.html';
    if (!isIndex && roots.indexOf(segments[i]) === -1) continue;
    var base = segments.slice(0, i).join('/') + '/';
    var route = '/' + segments.slice(isIndex ? i + 1 : i).join('/');
    location.replace(base + 'index.html' + location.search + '#' + route);
    return;
  }
})();
</script>`;
}
