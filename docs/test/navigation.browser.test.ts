// The site navigation at both widths, with the mouse and with the keyboard alone: on a phone a Menu
// button opens the list of every page, on a laptop every link shows in the header; the Tab key
// reaches the menu and every link of every guide, and the header and sidebar links of the reference.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { listGuides } from '../src/guides.mjs';
import { REFERENCE_TITLE } from '../src/site-layout.mjs';
import { launchBrowser, newSiteContext, openFresh, type Site, type SiteContext, serveSite, waitForReferenceRoute } from './browser.js';

const guides = listGuides(new URL('../guides', import.meta.url).pathname);
const navTitles = [REFERENCE_TITLE, ...guides.map((guide) => guide.title)];
const pages = ['index.html', ...guides.map((guide) => `${guide.slug}.html`)];

let site: Site;
let browser: Browser;

beforeAll(async () => {
  site = await serveSite();
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function open(page: Page, pagePath: string): Promise<void> {
  expect(await openFresh(page, `${site.url}/${pagePath}`)).toBe(200);
  if (pagePath === 'index.html') await waitForReferenceRoute(page, '/');
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
  let session: SiteContext;
  let page: Page;

  beforeAll(async () => {
    session = await newSiteContext(browser, 390, 844);
    page = await session.context.newPage();
  });

  test.each(pages)('%s: the Menu button opens the list of every page and Escape closes it', async (pagePath) => {
    await open(page, pagePath);
    const button = page.locator('.site-header').getByRole('button', { name: 'Menu' });
    expect(await visibleNavTitles(page)).toEqual([]);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await visibleNavTitles(page)).toEqual(navTitles);
    for (const link of await page.locator('.site-nav a').all()) {
      const box = await link.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390 && box.y + box.height <= 844, await link.innerText()).toBe(true);
    }
    await page.keyboard.press('Escape');
    expect(await visibleNavTitles(page)).toEqual([]);
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toContain('Menu');
  });

  test('the keyboard alone opens the menu and reaches every page through it', async () => {
    await open(page, 'getting-started.html');
    await page.locator('body').focus();
    await page.keyboard.press('Tab'); // the API's name, a link to the reference
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toContain('Menu');
    await page.keyboard.press('Enter');
    const reached: string[] = [];
    for (let press = 0; press < navTitles.length; press++) {
      await page.keyboard.press('Tab');
      reached.push(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''));
    }
    expect(reached).toEqual(navTitles);
    await page.keyboard.press('Enter');
    await page.waitForURL(/not-documented\.html$/);
  });

  test('loaded nothing from outside 127.0.0.1 and logged no console errors', () => {
    expect(session.offsiteRequests).toEqual([]);
    expect(session.consoleErrors).toEqual([]);
  });
});

describe('at 1280 px', () => {
  let session: SiteContext;
  let page: Page;

  beforeAll(async () => {
    session = await newSiteContext(browser, 1280);
    page = await session.context.newPage();
  });

  test.each(pages)('%s: every page is a visible link in the header, with no Menu button', async (pagePath) => {
    await open(page, pagePath);
    expect(await page.locator('.site-header').getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    expect(await visibleNavTitles(page)).toEqual(navTitles);
    const header = await page.locator('.site-header').boundingBox();
    for (const link of await page.locator('.site-nav a').all()) {
      const box = await link.boundingBox();
      expect(box && header && box.x + box.width <= 1280 && box.y + box.height <= header.y + header.height, await link.innerText()).toBe(true);
    }
  });

  test.each(guides.map((guide) => [guide.title, `${guide.slug}.html`] as const))('"%s": the Tab key reaches every link of the page', async (_, pagePath) => {
    await open(page, pagePath);
    const links = await page
      .locator('a[href]')
      .filter({ visible: true })
      .evaluateAll((anchors) => anchors.map((anchor) => `link:${anchor.getAttribute('href')}`));
    const reached = new Set(await tabThrough(page, links.length * 2 + 80));
    expect(links.filter((link) => !reached.has(link))).toEqual([]);
  });

  test('the reference: the Tab key reaches the header links and every link of the sidebar', async () => {
    await open(page, 'index.html');
    const header = await page.locator('.site-header a').evaluateAll((anchors) => anchors.map((anchor) => `link:${anchor.getAttribute('href')}`));
    const sidebar = await page
      .locator('.menu-content a[href]')
      .filter({ visible: true })
      .evaluateAll((anchors) => anchors.map((anchor) => `link:${anchor.getAttribute('href')}`));
    expect(sidebar.length).toBeGreaterThan(3);
    const reached = new Set(await tabThrough(page, header.length + sidebar.length + 40));
    expect([...header, ...sidebar].filter((link) => !reached.has(link))).toEqual([]);
  });

  test('loaded nothing from outside 127.0.0.1 and logged no console errors', () => {
    expect(session.offsiteRequests).toEqual([]);
    expect(session.consoleErrors).toEqual([]);
  });
});
