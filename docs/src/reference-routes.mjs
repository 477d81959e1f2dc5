// Makes every link of a reference page work as a fresh page on a plain static host. Redoc 3 routes with
// the URL's hash (`index.html#/thumbnails/createthumbnail`) in the browser, but `build-docs`
// prerenders its links as paths (`/thumbnails/createthumbnail`) and hydration keeps them: opened in a
// new tab, shared or reloaded, such a path is a 404. The prerendered links become hash links here,
// and a path-style address that a rewriting host served a page for is sent to the hash route of its page.

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
 * A script for the `<head>` of every reference page: when a host rewrote a path-style address to one of them, it
 * replaces the address with the hash route of the page the route belongs to, so the page, its relative links and
 * Redoc's router all see the right one. Two forms reach it: a route after a page's file
 * (`/mock-control.html/journal`, `/index.html/section/x` → that page), and a bare route (`/section/x` → the first page
 * with a route starting with that segment, the front page first). It looks for the first path segment that is either,
 * so the site may live in a folder (`/project/section/x`) whose own name is not one of those segments.
 * @param {{ href: string, routes: string[] }[]} pages Every reference page (file name and routes from {@link toHashLinks}), the front page first.
 */
export function renderRouteRedirect(pages) {
  /** @type {Record<string, string>} */
  const roots = {};
  for (const { href, routes } of pages) {
    for (const route of routes) {
      const root = route.split('/')[1] ?? '';
      if (root && !(root in roots)) roots[root] = href;
    }
  }
  const sortedRoots = Object.fromEntries(Object.entries(roots).sort(([a], [b]) => a.localeCompare(b)));
  return `<script>
(function () {
  var pages = ${JSON.stringify(pages.map((page) => page.href))};
  var roots = ${JSON.stringify(sortedRoots)};
  var segments = location.pathname.split('/');
  var last = segments[segments.length - 1];
  if (last === '' || pages.indexOf(last) !== -1) return;
  for (var i = 1; i < segments.length; i++) {
    var isPage = pages.indexOf(segments[i]) !== -1;
    if (!isPage && !Object.prototype.hasOwnProperty.call(roots, segments[i])) continue;
    var base = segments.slice(0, i).join('/') + '/';
    var route = '/' + segments.slice(isPage ? i + 1 : i).join('/');
    location.replace(base + (isPage ? segments[i] : roots[segments[i]]) + location.search + '#' + route);
    return;
  }
})();
</script>`;
}
