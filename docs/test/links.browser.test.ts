import { beforeAll, describe, expect, test } from 'vitest';
import { REFERENCE_PAGES, SERVICE_REFERENCE } from '../src/reference-pages.mjs';
import { openFresh, readBuiltSite, useChromium, useReader, useServedSite, waitForReferenceRoute } from './browser.js';

const version = readBuiltSite();

const site = useServedSite();
const reader = useReader(useChromium(), 1280);
/** Every href found, with a page it was found on. */
const found = new Map<string, string>();

beforeAll(async () => {
  // Visit every page and every route of the reference (following the routes it links to), collecting hrefs.
  const queue = [...version.pages, ...version.referenceRoutes];
  const visited = new Set<string>();
  while (queue.length > 0) {
    const pagePath = queue.shift() ?? '';
    if (visited.has(pagePath)) continue;
    visited.add(pagePath);
    expect(await openFresh(reader.page, `${site.url}/${pagePath}`), pagePath).toBe(200);
    const route = routeOf(pagePath);
    if (route !== undefined) await waitForReferenceRoute(reader.page, route);
    const hrefs = await reader.page.locator('a[href]').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
    for (const href of hrefs) {
      const target = new URL(href, `${site.url}/${pagePath}`);
      if (target.origin !== site.url) continue;
      const local = `${target.pathname.slice(1)}${target.hash}`;
      if (!found.has(local)) found.set(local, pagePath);
      // Routes of the reference are visited too (a field's deep link, `#/route#field`, lives on its route's reader.page).
      if (routeOf(local) !== undefined && local.split('#').length <= 2) queue.push(local);
    }
  }
}, 600_000);

/**
 * `index.html#/thumbnails/createthumbnail#…` → `/thumbnails/createthumbnail`, `mock-control.html` → `/`, `#/rules` (on a
 * reference page) → `/rules`; undefined for other pages.
 */
function routeOf(local: string): string | undefined {
  const match = /^([a-z0-9-]*\.html)?(?:#(\/[^#]*))?(?:#.*)?$/.exec(local);
  if (!match || !REFERENCE_PAGES.includes(match[1] ?? SERVICE_REFERENCE.href)) return undefined;
  return match[2] ?? '/';
}

describe('every href the site renders', () => {
  test('was collected from every reader.page, and includes every reader.page, every route of the reference and the Markdown versions', () => {
    const hrefs = [...found.keys()];
    for (const pagePath of version.pages) expect(hrefs).toContain(pagePath);
    for (const route of version.referenceRoutes) expect(hrefs).toContain(route);
    expect(hrefs).toContain('index.html#/thumbnails/createthumbnail');
    expect(hrefs).toContain('mock-control.html#/rules/addrules');
    expect(hrefs).toContain('llms.txt');
    expect(hrefs.some((href) => href.endsWith('.html.md'))).toBe(true);
    // No router path (`/section/x`, `/rules/addrules`) is left: on a static host it would be a 404.
    const routeRoots = new Set(version.referenceRoutes.map((route) => route.split('#/')[1]?.split('/')[0]).filter(Boolean));
    expect(routeRoots).toEqual(new Set(['section', 'thumbnails', 'persons', 'templates', 'journal', 'rules', 'held-requests', 'coverage', 'document']));
    expect(hrefs.filter((href) => routeRoots.has(href.split('/')[0]) || /^operation\//.test(href))).toEqual([]);
  });

  test('opens as a fresh page from a server without fallback, showing what it points at', async () => {
    const broken: string[] = [];
    for (const [href, from] of found) {
      const problem = await checkFresh(href);
      if (problem) broken.push(`${href} (linked from ${from}): ${problem}`);
    }
    expect(broken).toEqual([]);
    expect(found.size).toBeGreaterThan(30);
  }, 600_000);

  test('loaded nothing from outside 127.0.0.1 and logged no console errors', () => {
    expect(reader.offsiteRequests).toEqual([]);
    expect(reader.consoleErrors).toEqual([]);
  });
});

/** Opens `href` fresh; returns what is wrong, or undefined. */
async function checkFresh(href: string): Promise<string | undefined> {
  const [path = '', ...fragments] = href.split('#');
  if (!/\.html$/.test(path) && path !== '') {
    const response = await reader.page.request.get(`${site.url}/${path}`);
    return response.status() === 200 ? undefined : `HTTP ${response.status()}`;
  }
  const status = await openFresh(reader.page, `${site.url}/${href}`);
  if (status !== 200) return `HTTP ${status}`;
  const route = routeOf(href);
  if (route !== undefined) {
    await waitForReferenceRoute(reader.page, route).catch(() => undefined);
    if ((await reader.page.locator(`[data-section-id="${route}"]`).filter({ visible: true }).count()) === 0) return `the reference does not show ${route}`;
    const inner = fragments[1];
    if (inner !== undefined && (await reader.page.locator(`[id="${cssString(decodeURIComponent(inner))}"]`).count()) === 0)
      return `no element with id "${inner}"`;
    return undefined;
  }
  const anchor = fragments[0];
  if (anchor && (await reader.page.locator(`[id="${cssString(decodeURIComponent(anchor))}"]`).count()) === 0) return `no element with id "${anchor}"`;
  return undefined;
}

function cssString(text: string): string {
  return text.replace(/["\\]/g, '\\$&');
}
