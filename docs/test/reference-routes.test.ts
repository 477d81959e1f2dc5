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
  test.each([
    ['/section/authentication', '/index.html#/section/authentication'],
    ['/thumbnails/createthumbnail', '/index.html#/thumbnails/createthumbnail'],
    ['/index.html/persons', '/index.html#/persons'],
    ['/rules/addrules', '/mock-control.html#/rules/addrules'],
    ['/mock-control.html/journal', '/mock-control.html#/journal'],
    ['/mock-control.html/section/other', '/mock-control.html#/section/other'],
    ['/docs/journal/listrequests', '/docs/mock-control.html#/journal/listrequests'],
    ['/docs/persons', '/docs/index.html#/persons'],
  ])('sends %s to %s', (pathname, expected) => {
    expect(redirectOf(pathname)).toBe(expected);
  });

  test('keeps the query of the address', () => {
    expect(redirectOf('/rules', '?x=1')).toBe('/mock-control.html?x=1#/rules');
  });

  test('gives a route both pages have to the front page', () => {
    expect(redirectOf('/section/other')).toBe('/index.html#/section/other');
  });

  test.each(['/', '/index.html', '/mock-control.html', '/docs/', '/docs/mock-control.html', '/errors.html', '/docs/unknown/path'])(
    'leaves %s alone',
    (pathname) => {
      expect(redirectOf(pathname)).toBeUndefined();
    },
  );
});
