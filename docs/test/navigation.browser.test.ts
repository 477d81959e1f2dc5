// The site navigation at both widths, with the mouse and with the keyboard alone: on a phone a Menu
// button opens the list of every page, on a laptop (and at the narrowest width without the menu) every link shows in
// the header; the Tab key reaches the menu and every link of every guide, and the header and sidebar links of both references.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { listGuides } from '../src/guides.mjs';
import { REFERENCE_PAGES, siteNavigation } from '../src/reference-pages.mjs';
import { SITE_MENU_BREAKPOINT } from '../src/site-layout.mjs';
import { openFresh, useChromium, useReader, useServedSite, waitForReferenceRoute } from './browser.js';

const guides = listGuides(new URL('../guides', import.meta.url).pathname);
const navigation = siteNavigation(guides);
const navTitles = navigation.map((item) => item.title);
const pages = navigation.map((item) => item.href);

const site = useServedSite();
const chromium = useChromium();

async function open(page: Page, pagePath: string): Promise<void> {
  expect(await openFresh(page, `${site.url}/${pagePath}`)).toBe(200);
  if (REFERENCE_PAGES.includes(pagePath)) await waitForReferenceRoute(page, '/');
}

/** The visible links of the site navigation, by their text. */
function visibleNavTitles(page: Page): Promise<string[]> {
  return page.locator('.site-nav a').filter({ visible: true }).allInnerTexts();
}

/** Presses Tab up to `limit` times and returns what got the focus, in order (`href` of links, text of buttons). */
async function tabThrough(page: Page, limit: number): Promise<string[]> {
  await page.locator('body').focus();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const reached: string[] = [];
  for (let press = 0; press < limit; press++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return '';
      if (element.hasAttribute('data-test-tabbed')) return 'again';
      element.setAttribute('data-test-tabbed', '');
      return element.getAttribute('href')
        ? `link:${element.getAttribute('href')}`
        : `${element.tagName.toLowerCase()}:${(element.textContent ?? '').trim().slice(0, 30)}`;
    });
    if (focused === 'again') break; // back at the start
    reached.push(focused);
  }
  return reached;
}

describe('at 390 px', () => {
  const reader = useReader(chromium, 390, 844);

  test.each(pages)('%s: the Menu button opens the list of every page and Escape closes it', async (pagePath) => {
    await open(reader.page, pagePath);
    const button = reader.page.locator('.site-header').getByRole('button', { name: 'Menu' });
    expect(await visibleNavTitles(reader.page)).toEqual([]);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await visibleNavTitles(reader.page)).toEqual(navTitles);
    for (const link of await reader.page.locator('.site-nav a').all()) {
      const box = await link.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390 && box.y + box.height <= 844, await link.innerText()).toBe(true);
    }
    await reader.page.keyboard.press('Escape');
    expect(await visibleNavTitles(reader.page)).toEqual([]);
    expect(await reader.page.evaluate(() => document.activeElement?.textContent?.trim())).toContain('Menu');
  });

  test('the keyboard alone opens the menu and reaches every page through it', async () => {
    await open(reader.page, 'getting-started.html');
    await reader.page.locator('body').focus();
    await reader.page.keyboard.press('Tab'); // the API's name, a link to the reference
    await reader.page.keyboard.press('Tab');
    expect(await reader.page.evaluate(() => document.activeElement?.textContent?.trim())).toContain('Menu');
    await reader.page.keyboard.press('Enter');
    const reached: string[] = [];
    for (let press = 0; press < navTitles.length; press++) {
      await reader.page.keyboard.press('Tab');
      reached.push(await reader.page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''));
    }
    expect(reached).toEqual(navTitles);
    await reader.page.keyboard.press('Enter');
    await reader.page.waitForURL(/not-documented\.html$/);
  });

  test('loaded nothing from outside 127.0.0.1 and logged no console errors', () => {
    expect(reader.offsiteRequests).toEqual([]);
    expect(reader.consoleErrors).toEqual([]);
  });
});

// The narrowest window that shows the links in the header, where they are most crowded, and a laptop's.
describe.each([SITE_MENU_BREAKPOINT, 1280])('at %i px, the header', (width) => {
  const reader = useReader(chromium, width);

  test.each(pages)('%s: every page is a visible link in the header, inside it, with no Menu button', async (pagePath) => {
    await open(reader.page, pagePath);
    expect(await reader.page.locator('.site-header').getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    expect(await visibleNavTitles(reader.page)).toEqual(navTitles);
    const header = await reader.page.locator('.site-header').boundingBox();
    for (const link of await reader.page.locator('.site-nav a').all()) {
      const box = await link.boundingBox();
      expect(box && header && box.x + box.width <= width && box.y + box.height <= header.y + header.height, await link.innerText()).toBe(true);
    }
  });

  test('loaded nothing from outside 127.0.0.1 and logged no console errors', () => {
    expect(reader.offsiteRequests).toEqual([]);
    expect(reader.consoleErrors).toEqual([]);
  });
});

describe('at 1280 px', () => {
  const reader = useReader(chromium, 1280);

  test.each(guides.map((guide) => [guide.title, `${guide.slug}.html`] as const))('"%s": the Tab key reaches every link of the page', async (_, pagePath) => {
    await open(reader.page, pagePath);
    const links = await reader.page
      .locator('a[href]')
      .filter({ visible: true })
      .evaluateAll((anchors) => anchors.map((anchor) => `link:${anchor.getAttribute('href')}`));
    const reached = new Set(await tabThrough(reader.page, links.length * 2 + 80));
    expect(links.filter((link) => !reached.has(link))).toEqual([]);
  });

  test.each(REFERENCE_PAGES)('the reference %s: the Tab key reaches the header links and every link of the sidebar', async (pagePath) => {
    await open(reader.page, pagePath);
    const header = await reader.page.locator('.site-header a').evaluateAll((anchors) => anchors.map((anchor) => `link:${anchor.getAttribute('href')}`));
    const sidebar = await reader.page
      .locator('.menu-content a[href]')
      .filter({ visible: true })
      .evaluateAll((anchors) => anchors.map((anchor) => `link:${anchor.getAttribute('href')}`));
    expect(sidebar.length).toBeGreaterThan(3);
    const reached = new Set(await tabThrough(reader.page, header.length + sidebar.length + 40));
    expect([...header, ...sidebar].filter((link) => !reached.has(link))).toEqual([]);
  });

  test('loaded nothing from outside 127.0.0.1 and logged no console errors', () => {
    expect(reader.offsiteRequests).toEqual([]);
    expect(reader.consoleErrors).toEqual([]);
  });
});
