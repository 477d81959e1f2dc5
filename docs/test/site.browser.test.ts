// Opens the built site in Debian's headless Chromium, served from 127.0.0.1 like a plain static host,
// and checks what a reader sees: the reference (operations, security, error body, samples, markers,
// version), the mock's control reference (every route, said to be the test double's, no Try it), every guide
// through the navigation, no console errors, and nothing loaded from anywhere but 127.0.0.1. Links, layout,
// accessibility and the Servers box have their own browser tests.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { extractCodeBlocks } from '@thumbnail-api/dev-tools/code-blocks';
import { loadContract, openapiJsonPath } from '@thumbnail-api/spec';
import { createContractModel } from '@thumbnail-api/spec/model';
import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { generateCodeSamples, SAMPLE_KINDS } from '../src/code-samples.mjs';
import { listGuides } from '../src/guides.mjs';
import { CONTROL_REFERENCE, readControlDocument } from '../src/reference-pages.mjs';
import { MARKER_TITLE } from '../src/undocumented.mjs';
import { referenceRoute } from '../src/undocumented-model.mjs';
import { artifactsDir, openFresh, useChromium, useReader, useServedSite, waitForReferenceRoute } from './browser.js';

const contractBytes = readFileSync(openapiJsonPath);
const contract = JSON.parse(contractBytes.toString('utf8')) as { info: { version: string } };
const bundleHash = createHash('sha256').update(contractBytes).digest('hex').slice(0, 12);
const guides = listGuides(new URL('../guides', import.meta.url).pathname);
const samples = generateCodeSamples(loadContract());

const operations = [
  { operationId: 'createThumbnail', summary: 'Generate a thumbnail', method: 'POST', hasBody: true },
  { operationId: 'listThumbnails', summary: 'List thumbnails', method: 'GET', hasBody: false },
];

const site = useServedSite();
const reader = useReader(useChromium(), 1400, 1000);

/** Opens a page of the reference by its Redoc route and waits until Redoc has rendered it. */
async function openReference(route: string): Promise<Locator> {
  await reader.page.goto(`${site.url}/index.html#/${route}`, { waitUntil: 'load' });
  await waitForReferenceRoute(reader.page, `/${route}`);
  return reader.page.locator(`[data-section-id="/${route}"]`).first();
}

describe('the reference', () => {
  test('shows the contract version and the short hash of spec/dist/openapi.json', async () => {
    await reader.page.goto(`${site.url}/`, { waitUntil: 'load' });
    await expect.poll(() => reader.page.locator('.site-version').innerText()).toBe(`Contract v${contract.info.version} · bundle ${bundleHash}`);
    await expect.poll(() => reader.page.locator('#redoc').innerText()).toContain(`Contract version ${contract.info.version} · bundle ${bundleHash}`);
    const published = await reader.page.request.get(`${site.url}/version.json`);
    expect(await published.json()).toMatchObject({ contractVersion: contract.info.version, bundleHash });
  });

  describe.each(operations.map((operation) => [operation.summary, operation] as const))('operation "%s"', (summary, { operationId, method, hasBody }) => {
    let section: Locator;
    beforeAll(async () => {
      section = await openReference(`thumbnails/${operationId.toLowerCase()}`);
    }, 60_000);

    test('shows its heading, its request and its responses', async () => {
      await expect.poll(() => section.getByRole('heading', { level: 2 }).first().innerText()).toBe(summary);
      const text = await section.innerText();
      expect(text).toContain('Request');
      expect(text).toContain('Responses');
      if (hasBody) expect(text).toMatch(/Body\s*application\/json\s*required/);
      expect(text).toContain('/api/thumbnails');
      expect(text).toContain(method);
    });

    test('shows both security schemes', async () => {
      await expect.poll(() => section.innerText()).toMatch(/ApiKeyHeader\s+or\s+BearerAuth/);
      await section.getByText('View security details').first().click();
      await reader.page.getByRole('tab', { name: 'ApiKeyHeader', exact: true }).click();
      await expect.poll(() => reader.page.locator('body').innerText()).toMatch(/Header parameter name:\s*x-api-key/);
      await reader.page.getByRole('tab', { name: 'BearerAuth', exact: true }).click();
      await expect.poll(() => reader.page.locator('body').innerText()).toContain('Authorization: Bearer <API_KEY>');
      await reader.page.keyboard.press('Escape');
      await expect.poll(() => reader.page.getByRole('tab', { name: 'BearerAuth', exact: true }).isVisible()).toBe(false);
    });

    test('shows the error body of the 401 and 403 responses', async () => {
      for (const status of ['401', '403']) {
        await section.getByRole('tablist', { name: 'Response status' }).getByRole('tab', { name: status, exact: true }).click();
        await expect.poll(() => section.innerText()).toContain('The error text.');
        const text = await section.innerText();
        expect(text).toContain('success');
        expect(text).toContain(status === '401' ? 'The API key is missing or invalid.' : 'The API key does not have access to the requested resource.');
      }
    });

    test.each(SAMPLE_KINDS.map((kind) => [kind.label, kind.id] as const))('shows the %s code sample its generator writes', async (label, kind) => {
      const source = samples.get(operationId)?.find((sample) => sample.kind === kind)?.source ?? '';
      expect(source).not.toBe('');
      const panel = section.locator('.panel-request-samples');
      // The language menu's button is named after the language shown.
      await panel.getByRole('button', { name: new RegExp(`^(${SAMPLE_KINDS.map((kind) => escapeRegExp(kind.label)).join('|')})$`) }).click();
      await reader.page.getByRole('menuitem', { name: label, exact: true }).click();
      await expect.poll(() => panel.getByRole('button', { name: label, exact: true }).isVisible()).toBe(true);
      const shown = await panel.locator('code, pre').first().innerText();
      expect(normalizeSpace(shown)).toBe(normalizeSpace(source));
    });

    test('marks what the service does not document', async () => {
      const markers = section.locator('.not-documented');
      await expect.poll(() => markers.first().isVisible()).toBe(true);
      expect(await markers.first().innerText()).toContain(MARKER_TITLE);
    });
  });

  test('marks the overview and the Persons and Templates tags, and links every marker to the list', async () => {
    for (const route of ['persons', 'templates']) {
      const section = await openReference(route);
      await expect.poll(() => section.locator('.not-documented').first().innerText()).toContain(MARKER_TITLE);
    }
    await reader.page.goto(`${site.url}/`, { waitUntil: 'load' });
    const overviewMarker = reader.page.locator('#redoc .not-documented').first();
    await expect.poll(() => overviewMarker.innerText()).toContain('Rate limits, quotas, size limits and time-outs.');
    await overviewMarker.getByRole('link', { name: 'Everything not documented by the service' }).click();
    await reader.page.waitForURL(/not-documented\.html$/);
  });

  test('renders completely: screenshots test-results/reference.png and reference-overview.png', async () => {
    // A tall window instead of a full-page capture: Redoc renders sections near the window, and its
    // sticky sidebar and the site header would land mid-page in a stitched full-page image.
    await reader.page.setViewportSize({ width: 1400, height: 2800 });
    try {
      const section = await openReference('thumbnails/createthumbnail');
      await section.getByRole('tablist', { name: 'Response status' }).getByRole('tab', { name: '401', exact: true }).click();
      await expect.poll(() => section.innerText()).toContain('The error text.');
      await reader.page.screenshot({ path: `${artifactsDir}reference.png` });
    } finally {
      await reader.page.setViewportSize({ width: 1400, height: 1000 });
    }
    await reader.page.goto(`${site.url}/`, { waitUntil: 'load' });
    await reader.page.locator('#redoc .not-documented').first().waitFor();
    await reader.page.screenshot({ path: `${artifactsDir}reference-overview.png` });
  });
});

describe('the guides', () => {
  test("every guide in docs/guides is in the navigation, in the same order, with the mock's control reference after 'Testing from any language'", async () => {
    await reader.page.goto(`${site.url}/`, { waitUntil: 'load' });
    const titles = await reader.page.locator('.site-nav a').allInnerTexts();
    const guideTitles = guides.map((guide) => guide.title);
    const after = guideTitles.indexOf('Testing from any language') + 1;
    expect(after).toBeGreaterThan(0);
    expect(titles).toEqual(['API reference', ...guideTitles.slice(0, after), CONTROL_REFERENCE.title, ...guideTitles.slice(after)]);
  });

  test.each(guides.map((guide) => [guide.title, guide.slug] as const))('navigation reaches "%s" and back to the reference', async (title, slug) => {
    await reader.page.goto(`${site.url}/`, { waitUntil: 'load' });
    await reader.page.locator('.site-nav').getByRole('link', { name: title, exact: true }).click();
    await reader.page.waitForURL(new RegExp(`/${slug}\\.html$`));
    await expect.poll(() => reader.page.getByRole('heading', { level: 1 }).innerText()).toBe(title);
    expect(await reader.page.locator('.site-nav a[aria-current="page"]').innerText()).toBe(title);
    expect(await reader.page.locator('.site-version').innerText()).toContain(bundleHash);
    await reader.page.locator('.site-nav').getByRole('link', { name: 'API reference', exact: true }).click();
    await reader.page.waitForURL(/index\.html$/);
    await reader.page.locator('#redoc [data-section-id]').first().waitFor();
  });

  test('the not-documented page lists every place the contract marks, each linked to the reference', async () => {
    await reader.page.goto(`${site.url}/not-documented.html`, { waitUntil: 'load' });
    const places = reader.page.locator('.gap-list > li');
    expect(await places.count()).toBe(countMarkedPlaces(contract));
    const links = await reader.page
      .locator('.gap-shown-at a')
      .evaluateAll((anchors) => [...new Set(anchors.map((anchor) => anchor.getAttribute('href') ?? ''))]);
    // Both operations carry marks (each shows its markers, above), so the list leads to both.
    expect(links).toEqual(expect.arrayContaining(operations.map(({ operationId }) => `index.html#/thumbnails/${operationId.toLowerCase()}`)));
    for (const href of links) {
      const route = href.split('#/')[1];
      if (route) await openReference(route);
      else expect(href).toBe('index.html');
    }
  });

  test('render completely, every code block included: screenshot test-results/guide.png', async () => {
    await reader.page.goto(`${site.url}/getting-started.html`, { waitUntil: 'load' });
    await reader.page.screenshot({ path: `${artifactsDir}guide.png`, fullPage: true });
    const guide = guides.find((candidate) => candidate.slug === 'getting-started')!;
    expect(await reader.page.locator('main pre').count()).toBe(extractCodeBlocks(guide.markdown).length);
  });
});

describe("the mock's control reference", () => {
  const control = createContractModel(readControlDocument());

  test("is reached from the navigation, and says it is the test double's routes, not the service's", async () => {
    await openFresh(reader.page, `${site.url}/index.html`);
    await reader.page.locator('.site-nav').getByRole('link', { name: CONTROL_REFERENCE.title, exact: true }).click();
    await reader.page.waitForURL(new RegExp(`/${CONTROL_REFERENCE.href}$`));
    expect(await reader.page.title()).toBe('Thumbnail API mock: control surface');
    expect(await reader.page.locator('.site-nav a[aria-current="page"]').innerText()).toBe(CONTROL_REFERENCE.title);
    const note = reader.page.locator('#redoc .control-note');
    expect(await note.innerText()).toMatch(/^The test double’s routes, not the service’s\. .*The Thumbnail Generation Service has no such routes/);
    expect(await note.getByRole('link', { name: 'API reference' }).getAttribute('href')).toBe('index.html');
    expect(await note.getByRole('link', { name: 'Testing your integration' }).getAttribute('href')).toBe('testing.html');
  });

  test.each(control.operations.map((operation) => [operation.operationId, operation] as const))(
    'shows %s: its summary, method and path, and no Try it button',
    async (operationId, { method, path, tags, object }) => {
      const route = `/${referenceRoute(tags[0] ?? '', operationId)}`;
      await reader.page.goto(`${site.url}/${CONTROL_REFERENCE.href}#${route}`, { waitUntil: 'load' });
      await waitForReferenceRoute(reader.page, route);
      const section = reader.page.locator(`[data-section-id="${route}"]`).first();
      await expect.poll(() => section.getByRole('heading', { level: 2 }).first().innerText()).toBe(String(object.summary));
      const text = await section.innerText();
      expect(text).toContain(method.toUpperCase());
      expect(text).toContain(path);
      expect(await reader.page.locator('[data-try-it]').count()).toBe(0);
    },
  );
});

describe('the whole site', () => {
  test('offers no action that sends a page to another site (no "Open in Claude" or "Open in ChatGPT")', async () => {
    for (const [page, route] of [
      ['index.html', '/'],
      ['index.html', '/thumbnails/createthumbnail'],
      ['index.html', '/persons'],
      [CONTROL_REFERENCE.href, '/'],
      [CONTROL_REFERENCE.href, '/rules/addrules'],
    ] as const) {
      await openFresh(reader.page, `${site.url}/${page}#${route}`);
      await waitForReferenceRoute(reader.page, route);
      const actions = reader.page.locator('[data-testid="page-actions"]');
      // Without a dropdown, only "Copy" (to the clipboard) is left.
      await expect.poll(() => actions.first().getByRole('button').allInnerTexts()).toEqual(['Copy']);
      expect(await reader.page.getByText(/Open in (Claude|ChatGPT)/).count()).toBe(0);
    }
  });

  test('loads nothing from outside 127.0.0.1 and logs no console errors', () => {
    expect(reader.offsiteRequests).toEqual([]);
    expect(reader.consoleErrors).toEqual([]);
  });
});

/** Counts the objects of the contract carrying x-not-shown or x-assumptions, outside example values. */
function countMarkedPlaces(node: unknown, path: string[] = []): number {
  if (Array.isArray(node)) return node.reduce<number>((sum, item, index) => sum + countMarkedPlaces(item, [...path, String(index)]), 0);
  if (typeof node !== 'object' || node === null) return 0;
  const record = node as Record<string, unknown>;
  let count = 'x-not-shown' in record || 'x-assumptions' in record ? 1 : 0;
  for (const [key, value] of Object.entries(record)) {
    if (key === 'value' && path.at(-2) === 'examples') continue;
    count += countMarkedPlaces(value, [...path, key]);
  }
  return count;
}

function normalizeSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
