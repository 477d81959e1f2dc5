// Both references (the contract's and the mock's control surface) are read before Redoc's script has run (each paints
// from the server-rendered HTML, and loads redoc.standalone.js only on the reader's first key or mouse press, a hash
// route or a hashchange), so every check a reader relies on holds in both states, on the same page: the layout at
// 390 px and 1280 px, axe, the Servers box, and every same-site href. Without JavaScript at all the content is there
// too. Then the loader itself (one script, the same on both pages, tested on the front page): what starts it, that a
// click made before Redoc ran is not lost, and what the reader keeps when the script cannot load.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { REDOC_BUNDLE_FILE } from '../src/redoc-loader.mjs';
import { CONTROL_REFERENCE, readControlDocument, SERVICE_REFERENCE } from '../src/reference-pages.mjs';
import {
  distDir,
  newSiteContext,
  openFresh,
  type Reader,
  readBuiltSite,
  redocState,
  runRedoc,
  useChromium,
  useReader,
  useServedSite,
  WIDTHS,
  waitForReferenceRoute,
} from './browser.js';
import { auditAccessibility, expectedServerUrl, findLayoutProblems, listSitePages, shownServerUrls } from './page-checks.js';

const built = readBuiltSite();
/** Every route of both references: those their pages link to as built, and each operation's, which Redoc links to once it runs. */
const knownRoutes = new Set([...built.referenceRoutes, ...listSitePages().filter((pagePath) => pagePath.includes('#'))]);
const site = useServedSite();
const chromium = useChromium();

/** Both reference pages, with what each shows before Redoc has run: its overview's words, a sidebar link, its server URL, whether it has markers. */
const REFERENCES = [
  { page: SERVICE_REFERENCE.href, overview: 'Contract version', sidebarLink: '#/thumbnails', serverUrl: expectedServerUrl(), markers: true },
  {
    page: CONTROL_REFERENCE.href,
    overview: 'The test double’s routes, not the service’s.',
    sidebarLink: '#/rules',
    serverUrl: expectedServerUrl(readControlDocument()),
    markers: false,
  },
];

/** The requests among `requests` for Redoc's bundle. */
function bundleRequests(requests: string[]): string[] {
  return requests.filter((url) => url.endsWith(`/${REDOC_BUNDLE_FILE}`));
}

/** What is wrong with each same-site href of the page as it is now, or nothing; routes of a reference are checked against version.json. */
async function brokenHrefs(reader: Reader): Promise<string[]> {
  const hrefs = await reader.page.locator('a[href]').evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
  const broken: string[] = [];
  for (const href of new Set(hrefs)) {
    const target = new URL(href);
    if (target.origin !== site.url) continue;
    const [route, anchor] = target.hash.startsWith('#/') ? [target.hash.slice(1).split('#')[0] ?? '', undefined] : [undefined, target.hash.slice(1)];
    const response = await reader.page.request.get(`${target.origin}${target.pathname}`);
    const page = target.pathname.slice(1) || SERVICE_REFERENCE.href;
    if (response.status() !== 200) broken.push(`${href}: HTTP ${response.status()}`);
    // Every route of a reference is a tag's or an operation's, and links.browser.test.ts opens each one fresh and sees it shown.
    else if (route !== undefined && route !== '/' && !knownRoutes.has(`${page}#${route}`)) broken.push(`${href}: not a route of ${page}`);
    else if (anchor && !(await response.text()).includes(`id="${decodeURIComponent(anchor)}"`)) broken.push(`${href}: no element with id "${anchor}"`);
  }
  return broken;
}

describe.each(REFERENCES)('$page', ({ page: pagePath, overview, sidebarLink, serverUrl, markers }) => {
  describe.each(WIDTHS)('at %i px', (width) => {
    const reader = useReader(chromium, width);
    const requests: string[] = [];

    describe.each(['before', 'after'] as const)("%s Redoc's script has run", (state) => {
      test('is the page the reader sees in that state', async () => {
        if (state === 'before') {
          reader.page.on('request', (request) => requests.push(request.url()));
          expect(await openFresh(reader.page, `${site.url}/${pagePath}`)).toBe(200);
          expect(await redocState(reader.page)).toBe('static');
          // The overview, its Not documented box and the sidebar's routes are in the HTML as served.
          await expect.poll(() => reader.page.locator('#redoc').innerText()).toContain(overview);
          expect((await reader.page.locator('#redoc .not-documented').count()) > 0).toBe(markers);
          expect(await reader.page.locator(`.menu-content a[href="${sidebarLink}"]`).count()).toBe(1);
        } else {
          await waitForReferenceRoute(reader.page, '/');
          expect(await redocState(reader.page)).toBe('ready');
          expect(await reader.page.locator('[data-testid="search-trigger"]').innerText()).not.toContain('Loading');
        }
      }, 60_000);

      test('fits the window: nothing wider than it, code scrolls inside its box, no word broken', async () => {
        expect(await findLayoutProblems(reader.page)).toEqual([]);
      });

      test('has no serious or critical accessibility violation (axe-core)', async () => {
        expect(await auditAccessibility(reader.page)).toEqual([]);
      });

      test("shows the server's address in the Servers box, never the docs' own", async () => {
        const shown = await shownServerUrls(reader.page);
        expect(shown).toEqual([serverUrl]);
        expect(shown.filter((url) => url.startsWith(site.url))).toEqual([]);
      });

      test('links only to files and routes that exist', async () => {
        expect(await brokenHrefs(reader)).toEqual([]);
      }, 120_000);

      if (state === 'before')
        test('has not loaded Redoc: none of the checks above started it', async () => {
          expect(await redocState(reader.page)).toBe('static');
          expect(bundleRequests(requests)).toEqual([]);
        });
    });

    test('loaded Redoc once, nothing from outside 127.0.0.1, and logged no console errors', () => {
      expect(bundleRequests(requests)).toHaveLength(1);
      expect(reader.offsiteRequests).toEqual([]);
      expect(reader.consoleErrors).toEqual([]);
    });
  });

  test('without JavaScript: shows the overview, the Servers box, the markers and the links to every route', async () => {
    const reader = await newSiteContext(chromium.browser, 390, 844, { javaScriptEnabled: false });
    try {
      const page = await reader.context.newPage();
      expect(await openFresh(page, `${site.url}/${pagePath}`)).toBe(200);
      const text = await page.locator('#redoc').innerText();
      expect(text).toContain(overview);
      expect(text).toContain(serverUrl);
      expect((await page.locator('#redoc .not-documented').count()) > 0).toBe(markers);
      const routes = await page.locator('#redoc a[href^="#/"]').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
      expect(new Set(routes.map((route) => `${pagePath}${route}`))).toEqual(new Set(built.referenceRoutes.filter((route) => route.startsWith(`${pagePath}#`))));
      expect(await findLayoutProblems(page)).toEqual([]);
      expect(reader.offsiteRequests).toEqual([]);
    } finally {
      await reader.context.close();
    }
  });
});

describe("the loader of Redoc's script", () => {
  const reader = useReader(chromium, 1280);

  test(`is not in the page: ${REDOC_BUNDLE_FILE} is a separate file, and the page holds no large script`, () => {
    const html = readFileSync(`${distDir}/index.html`, 'utf8');
    const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].filter(([tag]) => !tag.includes('application/json'));
    expect(Math.max(...scripts.map(([, body = '']) => body.length))).toBeLessThan(5_000);
    expect(readFileSync(`${distDir}/${REDOC_BUNDLE_FILE}`, 'utf8')).toMatch(/export\s*\{[^}]*\bhydrate\b/);
  });

  test('runs Redoc without any interaction when the address names a route of the reference', async () => {
    expect(await openFresh(reader.page, `${site.url}/index.html#/thumbnails/createthumbnail`)).toBe(200);
    await reader.page.waitForFunction(() => document.getElementById('redoc')?.getAttribute('data-redoc-state') === 'ready', undefined, { timeout: 30_000 });
    await reader.page.locator('[data-section-id="/thumbnails/createthumbnail"]').filter({ visible: true }).first().waitFor();
  });

  test('shows the route of a sidebar link followed before Redoc has run', async () => {
    expect(await openFresh(reader.page, `${site.url}/index.html`)).toBe(200);
    expect(await redocState(reader.page)).toBe('static');
    await reader.page.locator('.menu-content a[href="#/persons"]').first().click();
    await waitForReferenceRoute(reader.page, '/persons');
    expect(reader.page.url()).toBe(`${site.url}/index.html#/persons`);
  });

  test('opens the search that a click before Redoc has run asked for', async () => {
    expect(await openFresh(reader.page, `${site.url}/index.html`)).toBe(200);
    expect(await redocState(reader.page)).toBe('static');
    await reader.page.locator('[data-testid="search-trigger"]').click();
    await runRedoc(reader.page);
    await reader.page.getByPlaceholder('Search docs...').waitFor({ timeout: 30_000 });
    await reader.page.getByPlaceholder('Search docs...').fill('thumbnail');
    await expect.poll(() => reader.page.getByTestId('search-dialog').innerText()).toContain('Generate a thumbnail');
  });

  test('does not load Redoc while the reader scrolls with the keyboard', async () => {
    expect(await openFresh(reader.page, `${site.url}/index.html`)).toBe(200);
    for (const key of ['PageDown', 'ArrowDown', 'Space', 'End', 'Home']) await reader.page.keyboard.press(key);
    await expect.poll(() => reader.page.evaluate(() => scrollY)).toBe(0);
    expect(await redocState(reader.page)).toBe('static');
    // Any other key is the reader reaching for Redoc's controls (Tab, a shortcut).
    await reader.page.keyboard.press('Tab');
    await expect.poll(() => redocState(reader.page)).not.toBe('static');
  });

  test('does not load Redoc for a click on a link to another page, and leaves without an error', async () => {
    expect(await openFresh(reader.page, `${site.url}/index.html`)).toBe(200);
    const requests: string[] = [];
    reader.page.on('request', (request) => requests.push(request.url()));
    await reader.page.locator('.site-nav').getByRole('link', { name: 'Errors', exact: true }).click();
    await reader.page.waitForURL(/errors\.html$/);
    expect(bundleRequests(requests)).toEqual([]);
  });

  test('loaded nothing from outside 127.0.0.1 and logged no console errors', () => {
    expect(reader.offsiteRequests).toEqual([]);
    expect(reader.consoleErrors).toEqual([]);
  });
});

describe(`when ${REDOC_BUNDLE_FILE} cannot be loaded`, () => {
  test('the reference stays readable and the console says why', async () => {
    const reader = await newSiteContext(chromium.browser, 1280);
    try {
      // A host or proxy that lost the file: the page itself is served as built.
      await reader.context.route(`**/${REDOC_BUNDLE_FILE}`, (route) => route.fulfill({ status: 404, body: 'Not found' }));
      const page = await reader.context.newPage();
      expect(await openFresh(page, `${site.url}/index.html`)).toBe(200);
      await page.keyboard.press('Shift');
      await expect.poll(() => redocState(page)).toBe('failed');
      expect(reader.consoleErrors.join('\n')).toContain(`could not load ${REDOC_BUNDLE_FILE}`);
      expect(await page.locator('#redoc').innerText()).toContain('Contract version');
    } finally {
      await reader.context.close();
    }
  });
});
