// Every page of the site (each guide, and each route of both references) at a phone's width (390 px) and a
// laptop's (1280 px): no horizontal overflow, code that scrolls instead of being cut, headings that wrap between
// words, and an axe-core audit with no serious or critical violation. Screenshots of every page at both widths go to
// test-results/screenshots/.
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { SAMPLE_KINDS } from '../src/code-samples.mjs';
import { SERVICE_REFERENCE } from '../src/reference-pages.mjs';
import { artifactsDir, openFresh, screenshotName, useChromium, useReader, useServedSite, WIDTHS, waitForReferenceRoute } from './browser.js';
import { auditAccessibility, findLayoutProblems, listSitePages, referenceRouteOf } from './page-checks.js';

const pages = listSitePages();
const screenshots = `${artifactsDir}screenshots/`;

mkdirSync(screenshots, { recursive: true });
const site = useServedSite();
const chromium = useChromium();

describe.each(WIDTHS)('at %i px', (width) => {
  const reader = useReader(chromium, width);

  describe.each(pages)('%s', (pagePath) => {
    beforeAll(async () => {
      expect(await openFresh(reader.page, `${site.url}/${pagePath}`)).toBe(200);
      const route = referenceRouteOf(pagePath);
      if (route) await waitForReferenceRoute(reader.page, route);
      await reader.page.screenshot({ path: `${screenshots}${screenshotName(pagePath, width)}`, fullPage: !route });
    }, 60_000);

    test('fits the window: nothing wider than it, code scrolls inside its box, no word broken', async () => {
      expect(await findLayoutProblems(reader.page)).toEqual([]);
    });

    test('has no serious or critical accessibility violation (axe-core)', async () => {
      expect(await auditAccessibility(reader.page)).toEqual([]);
    });

    // An operation's panels change with the chosen response and sample: each of those states is audited too (only
    // operation pages have such panels, so other pages do not get the test at all rather than a skipped one).
    if (isOperation(pagePath))
      test('has none either with any response status or code sample shown', async () => {
        const section = reader.page.locator(`[data-section-id="${referenceRouteOf(pagePath)}"]`).first();
        const found: string[] = [];
        const statuses = section.getByRole('tablist', { name: 'Response status' }).getByRole('tab');
        for (const status of await statuses.allInnerTexts()) {
          await statuses.filter({ hasText: status }).first().click();
          found.push(...(await auditAccessibility(reader.page)).map((violation) => `status ${status}: ${JSON.stringify(violation)}`));
        }
        // Only the service's reference has code samples (the control surface's operations show Redoc's own payload).
        for (const { label } of pagePath.startsWith(`${SERVICE_REFERENCE.href}#`) ? SAMPLE_KINDS : []) {
          const panel = section.locator('.panel-request-samples');
          await panel.getByRole('button', { name: new RegExp(`^(${SAMPLE_KINDS.map((kind) => escapeRegExp(kind.label)).join('|')})$`) }).click();
          await reader.page.getByRole('menuitem', { name: label, exact: true }).click();
          found.push(...(await auditAccessibility(reader.page)).map((violation) => `sample ${label}: ${JSON.stringify(violation)}`));
        }
        expect(found).toEqual([]);
      });
  });

  test('loaded nothing from outside 127.0.0.1 and logged no console errors', () => {
    expect(reader.offsiteRequests).toEqual([]);
    expect(reader.consoleErrors).toEqual([]);
  });
});

/** `index.html#/thumbnails/createthumbnail` is an operation; `index.html#/thumbnails` a tag (and likewise on `mock-control.html`). */
function isOperation(pagePath: string): boolean {
  return (referenceRouteOf(pagePath) ?? '').split('/').length === 3;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
