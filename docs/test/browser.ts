// What every browser test of the site shares: Debian's headless Chromium, the built site served the
// way a plain static host serves it, and a record of console errors and of every request that would
// leave 127.0.0.1 (blocked, so a test that finds one fails instead of reaching the network).
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromiumLaunchOptions } from '@thumbnail-api/dev-tools/chromium';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { REDOC_STATE_ATTRIBUTE } from '../src/redoc-loader.mjs';
import { type StaticServerOptions, serveSite as serveBuiltSite, siteDir } from '../src/serve-site.mjs';

export const distDir = siteDir;
export const artifactsDir = fileURLToPath(new URL('../test-results/', import.meta.url));
/** The widths every page is checked at: a phone and a laptop. */
export const WIDTHS = [390, 1280] as const;

export type Site = { url: string; close(): Promise<void> };
/** What the build records in dist/version.json about the pages it wrote. */
export type BuiltSite = { pages: string[]; markdown: string[]; referenceRoutes: string[] };

/** Reads dist/version.json, saying how to make it when the site was not built. */
export function readBuiltSite(): BuiltSite {
  const file = `${distDir}/version.json`;
  if (!existsSync(file)) throw new Error(`${file} does not exist: build the site first (pnpm --filter @thumbnail-api/docs build).`);
  return JSON.parse(readFileSync(file, 'utf8')) as BuiltSite;
}

/** Serves docs/dist like GitHub Pages or S3 (no fallback: unknown paths are 404), or like a host that rewrites them. */
export function serveSite(options: Omit<StaticServerOptions, 'host' | 'port'> = {}): Promise<Site> {
  return serveBuiltSite(options);
}

export function launchBrowser(): Promise<Browser> {
  mkdirSync(artifactsDir, { recursive: true });
  return chromium.launch(chromiumLaunchOptions());
}

export type SiteContext = { context: BrowserContext; consoleErrors: string[]; offsiteRequests: string[] };
/** How a test reads the site: a page in a {@link SiteContext}. */
export type Reader = SiteContext & { page: Page };

/**
 * An object that `open` fills in beforeAll, for the tests (and later hooks) of the file or describe block this is called
 * in, and that `close` ends in afterAll.
 */
function openForTests<T extends object>(open: () => Promise<T>, close: (opened: T) => Promise<unknown>): T {
  const opened = {} as T;
  let isOpen = false;
  beforeAll(async () => {
    Object.assign(opened, await open());
    isOpen = true;
  }, 60_000);
  afterAll(async () => {
    if (isOpen) await close(opened);
  });
  return opened;
}

/** The built site served (see {@link serveSite}) for the tests of the file or describe block. */
export function useServedSite(options: Omit<StaticServerOptions, 'host' | 'port'> = {}): Site {
  return openForTests(
    () => serveSite(options),
    (site) => site.close(),
  );
}

/** Chromium for the tests of the file or describe block. */
export function useChromium(): { browser: Browser } {
  return openForTests(
    async () => ({ browser: await launchBrowser() }),
    ({ browser }) => browser.close(),
  );
}

/** A reader in `chromium` at `width` × `height` for the tests of the file or describe block. */
export function useReader(chromium: { browser: Browser }, width: number, height = 900): Reader {
  return openForTests(
    async () => {
      const session = await newSiteContext(chromium.browser, width, height);
      return { ...session, page: await session.context.newPage() };
    },
    (reader) => reader.context.close(),
  );
}

/** A browser context that records console errors and blocks (and records) every request outside 127.0.0.1. */
export async function newSiteContext(browser: Browser, width: number, height = 900, options: BrowserContextOptions = {}): Promise<SiteContext> {
  const context = await browser.newContext({ ...options, viewport: { width, height } });
  const consoleErrors: string[] = [];
  const offsiteRequests: string[] = [];
  context.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${message.page()?.url()}: ${message.text()}`);
  });
  context.on('weberror', (error) => consoleErrors.push(`uncaught: ${error.error().message}`));
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1' || url.protocol === 'data:' || url.protocol === 'blob:') return route.continue();
    offsiteRequests.push(url.href);
    return route.abort();
  });
  return { context, consoleErrors, offsiteRequests };
}

/**
 * Loads `url` as a new document, as a reader does who opens a shared link, a bookmark or a new tab
 * (going through about:blank, so a hash change is not mistaken for a load). Returns the HTTP status.
 */
export async function openFresh(page: Page, url: string): Promise<number> {
  await page.goto('about:blank');
  const response = await page.goto(url, { waitUntil: 'load' });
  return response?.status() ?? 0;
}

/** How far Redoc is on the reference page: `static` (server-rendered HTML only), `loading`, `ready` or `failed`. */
export function redocState(page: Page): Promise<string | null> {
  return page.locator('#redoc').getAttribute(REDOC_STATE_ATTRIBUTE);
}

/**
 * Makes Redoc run on the reference the way a reader does, with a key press (the page loads Redoc's script on the first
 * key or mouse press), and waits until it has hydrated the page. Does nothing when Redoc runs already.
 */
export async function runRedoc(page: Page): Promise<void> {
  if ((await redocState(page)) === 'static') await page.keyboard.press('Shift');
  await page.waitForFunction((attribute) => document.getElementById('redoc')?.getAttribute(attribute) === 'ready', REDOC_STATE_ATTRIBUTE, { timeout: 30_000 });
}

/** Has Redoc run (see {@link runRedoc}), then waits until it has rendered the route (`/`, `/thumbnails/createthumbnail`, ...) and scrolled to it. */
export async function waitForReferenceRoute(page: Page, route: string): Promise<void> {
  await runRedoc(page);
  // Redoc renders the overview's section id twice, once hidden.
  await page.locator(`[data-section-id="${route}"]`).filter({ visible: true }).first().waitFor({ timeout: 30_000 });
  // Its search box says "Loading..." until it is ready, and it scrolls to the route in steps.
  await page.waitForFunction(() => !document.querySelector('[data-testid="search-trigger"]')?.textContent?.includes('Loading'), undefined, { timeout: 30_000 });
  let last = -1;
  for (let current = await page.evaluate(() => scrollY); current !== last; current = await page.evaluate(() => scrollY)) {
    last = current;
    await page.waitForTimeout(250);
  }
}

/** The file name a page's screenshot gets: `index.html#/thumbnails` → `index-thumbnails`. */
export function screenshotName(pagePath: string, width: number): string {
  const name = pagePath
    .replace(/\.html/, '')
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-+|-+$/g, '');
  return `${name || 'index'}-${width}.png`;
}
