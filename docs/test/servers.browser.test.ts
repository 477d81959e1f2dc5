// The reference's Servers box shows a usable API address (the contract's server URL with its
// variable's default filled in, and explained) whichever way the reader reached the page: a fresh
// load, an in-page link, or a path-style link on a host that rewrites unknown paths to the page
// (at the site's root or in a folder), and likewise the mock's control reference, whose path-style routes go to its
// own page. Redoc used to show `{base_url}`, or, after in-page navigation, the docs' own address (`<docs>/{base_url}`,
// `<docs>/index.html/{base_url}`).
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readControlDocument } from '../src/reference-pages.mjs';
import { serveStatic } from '../src/serve-site.mjs';
import { distDir, openFresh, type Site, useChromium, useReader, useServedSite, waitForReferenceRoute } from './browser.js';
import { expectedServerUrl, shownServerUrls as serverUrlsOf } from './page-checks.js';

const expectedUrl = expectedServerUrl();

const plain = useServedSite();
const rewriting = useServedSite({ rewriteUnknownPathsTo: 'index.html' });
const reader = useReader(useChromium(), 1280);
let rewritingFolder: Site;
let folderRoot: string;

beforeAll(async () => {
  // The site in a folder (`/docs/`) of a host that rewrites unknown paths, as project sites often are.
  folderRoot = mkdtempSync(join(tmpdir(), 'docs-folder-'));
  symlinkSync(distDir, join(folderRoot, 'docs'));
  rewritingFolder = await serveStatic(folderRoot, { rewriteUnknownPathsTo: 'docs/index.html' });
}, 60_000);

afterAll(async () => {
  await rewritingFolder?.close();
  rmSync(folderRoot, { recursive: true, force: true });
});

/** Every server URL the Servers box shows. */
function shownServerUrls(): Promise<string[]> {
  return serverUrlsOf(reader.page);
}

/** Goes to the overview through the sidebar, as a reader does, and returns the Servers box's URLs. */
async function serversAfterSidebarClick(): Promise<string[]> {
  await reader.page.locator('.menu-content a[href="#/"]').first().click();
  await waitForReferenceRoute(reader.page, '/');
  await expect.poll(shownServerUrls).toHaveLength(1);
  return shownServerUrls();
}

test("the expected URL is the contract's server URL with its variable's default filled in", () => {
  expect(expectedUrl).toMatch(/^https?:\/\/[^{}]+$/);
});

describe('the Servers box shows the API address', () => {
  test("on a fresh load of the overview, with the contract's URL and the variable explained", async () => {
    expect(await openFresh(reader.page, `${plain.url}/index.html`)).toBe(200);
    await waitForReferenceRoute(reader.page, '/');
    expect(await shownServerUrls()).toEqual([expectedUrl]);
    const box = reader.page.locator('#redoc').getByText(/The contract's URL is \{base_url\}/);
    expect(await box.innerText()).toContain(`base_url = ${expectedUrl}`);
  });

  test.each(['/persons', '/thumbnails/createthumbnail', '/section/authentication'])(
    'after a fresh load of index.html#%s and a click back to the overview',
    async (route) => {
      expect(await openFresh(reader.page, `${plain.url}/index.html#${route}`)).toBe(200);
      await waitForReferenceRoute(reader.page, route);
      expect(await serversAfterSidebarClick()).toEqual([expectedUrl]);
    },
  );

  test('after following an in-page link from a guide into the reference', async () => {
    expect(await openFresh(reader.page, `${plain.url}/not-documented.html`)).toBe(200);
    await reader.page.locator('.gap-shown-at a[href^="index.html#/"]').first().click();
    await reader.page.waitForURL(/index\.html#\//);
    await reader.page.locator('#redoc [data-section-id]').filter({ visible: true }).first().waitFor();
    expect(await serversAfterSidebarClick()).toEqual([expectedUrl]);
  });

  // The mock's control reference's routes go to its own page, whichever page the host rewrote the address to.
  const controlUrl = expectedServerUrl(readControlDocument());
  test.each([
    ['its root', '/section/authentication', '/index.html#/section/authentication', () => rewriting.url, expectedUrl],
    ['its root', '/thumbnails/createthumbnail', '/index.html#/thumbnails/createthumbnail', () => rewriting.url, expectedUrl],
    ['its root', '/index.html/persons', '/index.html#/persons', () => rewriting.url, expectedUrl],
    ['a folder', '/docs/section/organizations-and-scoping', '/docs/index.html#/section/organizations-and-scoping', () => rewritingFolder.url, expectedUrl],
    ['a folder', '/docs/thumbnails/listthumbnails', '/docs/index.html#/thumbnails/listthumbnails', () => rewritingFolder.url, expectedUrl],
    ['its root', '/mock-control.html/rules', '/mock-control.html#/rules', () => rewriting.url, controlUrl],
    ['its root', '/journal/listrequests', '/mock-control.html#/journal/listrequests', () => rewriting.url, controlUrl],
    [
      'a folder',
      '/docs/mock-control.html/held-requests/endpending',
      '/docs/mock-control.html#/held-requests/endpending',
      () => rewritingFolder.url,
      controlUrl,
    ],
    ['a folder', '/docs/rules/addrules', '/docs/mock-control.html#/rules/addrules', () => rewritingFolder.url, controlUrl],
  ])('on a host that rewrites paths, with the site in %s: %s goes to %s', async (_, path, expected, base, serverUrl) => {
    expect(await openFresh(reader.page, `${base()}${path}`)).toBe(200);
    await reader.page.waitForURL(`${base()}${expected}`);
    await waitForReferenceRoute(reader.page, expected.split('#')[1] ?? '/');
    // The page's own files load from the right place: the header is styled by site.css.
    expect(await reader.page.locator('.site-header').evaluate((header) => getComputedStyle(header).position)).toBe('sticky');
    expect(await serversAfterSidebarClick()).toEqual([serverUrl]);
  });

  test('a path-style link is a 404 on a host without rewrites, which is why the site never renders one', async () => {
    expect(await openFresh(reader.page, `${plain.url}/section/authentication`)).toBe(404);
  });
});

test('loaded nothing from outside 127.0.0.1 and logged no console errors', () => {
  // The 404 page above is the server's plain text, not a console error.
  expect(reader.offsiteRequests).toEqual([]);
  expect(reader.consoleErrors.filter((error) => !error.includes('404'))).toEqual([]);
});
