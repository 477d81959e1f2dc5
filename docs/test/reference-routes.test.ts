// The route redirect both reference pages carry in their head: a path-style address that a host rewrote to a page
// goes to the hash route of the page the route belongs to (the service's reference or the mock's control reference),
// run here against a stand-in `location` (servers.browser.test.ts runs it in Chromium on a rewriting host).
import { runInNewContext } from 'node:vm';
import { describe, expect, test } from 'vitest';
import { renderRouteRedirect } from '../src/reference-routes.mjs';

const script = /<script>([\s\S]*)<\/script>/.exec(
  renderRouteRedirect([
    { href: 'index.html', routes: ['/', '/section/authentication', '/thumbnails', '/persons'] },
    { href: 'mock-control.html', routes: ['/', '/section/other', '/rules', '/journal'] },
  ]),
)?.[1];

/** Where the script sends a reader who opened `pathname` (and `search`), or undefined when it leaves the address alone. */
function redirectOf(pathname: string, search = ''): string | undefined {
  let replaced: string | undefined;
  runInNewContext(script ?? '', { location: { pathname, search, replace: (url: string) => (replaced = url) } });
  return replaced;
}

describe('renderRouteRedirect', () => {
  // [address, query, where the script sends it (undefined: it leaves the address alone)]
  test.each([
    ['/section/authentication', '', '/index.html#/section/authentication'],
    ['/thumbnails/createthumbnail', '', '/index.html#/thumbnails/createthumbnail'],
    ['/index.html/persons', '', '/index.html#/persons'],
    ['/rules/addrules', '', '/mock-control.html#/rules/addrules'],
    ['/mock-control.html/journal', '', '/mock-control.html#/journal'],
    ['/mock-control.html/section/other', '', '/mock-control.html#/section/other'],
    ['/docs/journal/listrequests', '', '/docs/mock-control.html#/journal/listrequests'],
    ['/docs/persons', '', '/docs/index.html#/persons'],
    // The query stays; a route both pages have goes to the front page.
    ['/rules', '?x=1', '/mock-control.html?x=1#/rules'],
    ['/section/other', '', '/index.html#/section/other'],
    ['/', '', undefined],
    ['/index.html', '', undefined],
    ['/mock-control.html', '', undefined],
    ['/docs/', '', undefined],
    ['/docs/mock-control.html', '', undefined],
    ['/errors.html', '', undefined],
    ['/docs/unknown/path', '', undefined],
  ])('%s%s goes to %s', (pathname, search, expected) => {
    expect(redirectOf(pathname, search)).toBe(expected);
  });
});
