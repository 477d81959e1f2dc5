// Opens the built site in Debian's headless Chromium, served from 127.0.0.1, and checks what a reader sees.
import { mkdirSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
// @ts-expect-error plain JavaScript module without declarations
import { serveStatic } from '../scripts/static-server.mjs';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
let site: { url: string; close(): Promise<void> };
let browser: Browser;
let page: Page;
const consoleErrors: string[] = [];
const offsiteRequests: string[] = [];

beforeAll(async () => {
  site = await serveStatic(new URL('../dist', import.meta.url).pathname);
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1' || url.protocol === 'data:' || url.protocol === 'blob:') return route.continue();
    offsiteRequests.push(url.href);
    return route.abort();
  });
  await page.goto(`${site.url}/`, { waitUntil: 'load' });
  await page.getByText('Generate a thumbnail').first().waitFor();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('the reference page', () => {
  test.each(['Generate a thumbnail', 'List thumbnails'])('shows the operation "%s"', async (summary) => {
    await expect(page.getByRole('heading', { name: summary }).first().isVisible()).resolves.toBe(true);
  });

  test('shows both security schemes', async () => {
    const text = await page.locator('body').innerText();
    expect(text).toContain('ApiKeyHeader');
    expect(text).toContain('x-api-key');
    expect(text).toContain('BearerAuth');
  });

  test('shows the error body of the 401 response', async () => {
    await page.locator('[data-section-id="tag/Thumbnails/operation/listThumbnails"]').getByRole('button', { name: /401/ }).first().click();
    const section = await page.locator('[data-section-id="tag/Thumbnails/operation/listThumbnails"]').innerText();
    expect(section).toContain('success');
    expect(section).toContain('The error text.');
  });

  test('loads nothing from outside 127.0.0.1 and logs no console errors', () => {
    mkdirSync(new URL('../test-results', import.meta.url), { recursive: true });
    expect(offsiteRequests).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
