// Try it in real Chromium, as a reader uses it: opened from an operation's button (its script loaded only then),
// every key, key form, documented answer and fault sent through the form and compared with what startMock() answers
// the same request; with the network watched (the page loads only its own static files, and no request goes out for
// an answer) and storage checked (nothing written); the copied code equal to what the generators write (which the
// quick suite runs); with the keyboard alone; at 390 px; axe with the dialog open; and a bundle that cannot load.
import { type AnyOperations, type RunningMock, startMock } from '@thumbnail-api/mock';
import { loadContract } from '@thumbnail-api/spec';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseJson } from '../src/samples/literals.mjs';
import { MOCK_KEYS, type SampleRequest } from '../src/samples/sample-request.mjs';
import { ASSERTED_HEADERS, type ObservedAnswer } from '../src/samples/vitest-sample.mjs';
import { everyChoiceOnce } from '../src/try-it/choice-coverage.mjs';
import { COPY_FORMS } from '../src/try-it/try-it-copies.mjs';
import { TRY_IT_BUNDLE_FILE } from '../src/try-it/try-it-page.mjs';
import { defaultChoices, observe, toFetchRequest, tryItRequest } from '../src/try-it/try-it-request.mjs';
import { artifactsDir, newSiteContext, type Reader, useChromium, useReader, useServedSite } from './browser.js';
import { auditAccessibility, findLayoutProblems } from './page-checks.js';
import { dialogSelector, openOperation, openTryIt, readAnswer, type ShownAnswer, sendAndRead, setChoices, shownCopy, waitForAnswer } from './try-it-page.js';

const contract = loadContract();
const operations = contract.operations.map((operation) => ({ operation, operationId: operation.operationId ?? '' }));
const site = useServedSite();
const chromium = useChromium();

let mock: RunningMock<AnyOperations>;
beforeAll(async () => {
  mock = await startMock<AnyOperations>({ port: 0, keys: MOCK_KEYS });
});
afterAll(async () => {
  await mock?.stop();
});

/** Every request the reader's browser makes from now on, by URL (the reader is opened in an earlier beforeAll). */
function watchRequests(reader: Reader): string[] {
  const urls: string[] = [];
  beforeAll(() => {
    reader.context.on('request', (request) => urls.push(request.url()));
  });
  return urls;
}

/** What startMock() answers the request Try it made, as the page would observe it. */
async function nodeAnswer(request: SampleRequest): Promise<ObservedAnswer> {
  mock.reset();
  if (request.rule !== undefined) await mock.rule(request.rule);
  const signal = request.timeoutMs === undefined ? undefined : AbortSignal.timeout(request.timeoutMs);
  const sent = toFetchRequest(request);
  const response = await fetch(`${mock.url}${request.path}`, { method: sent.method, headers: sent.headers, body: request.body, signal }).catch(
    (error: Error) => (error.name === 'TimeoutError' || error.name === 'TypeError' ? Response.error() : Promise.reject(error)),
  );
  return observe(response, signal);
}

/** Everything the page has in storage: Web Storage, cookies, IndexedDB, Cache Storage. */
function storageOf(page: Page) {
  return page.evaluate(async () => ({
    localStorage: Object.entries(localStorage),
    sessionStorage: Object.entries(sessionStorage),
    cookies: document.cookie,
    indexedDB: (await indexedDB.databases()).map((database) => database.name),
    caches: await caches.keys(),
  }));
}

describe('at 1280 px', () => {
  const reader = useReader(chromium, 1280, 900);
  const requests = watchRequests(reader);
  let storedBeforeTryIt: Awaited<ReturnType<typeof storageOf>>;

  test("Try it's script loads only when a reader opens it", async () => {
    await openOperation(reader.page, site.url, 'listThumbnails');
    storedBeforeTryIt = await storageOf(reader.page);
    expect(requests.filter((url) => url.endsWith(TRY_IT_BUNDLE_FILE))).toEqual([]);
    // Redoc renders the operations next to the route's too: each has its own button.
    const button = reader.page.locator('[data-try-it="listThumbnails"]');
    expect(await button.count()).toBe(1);
    expect(await button.innerText()).toBe('Try it');
    await openTryIt(reader.page, 'listThumbnails');
    expect(requests.filter((url) => url.endsWith(TRY_IT_BUNDLE_FILE))).toEqual([`${site.url}/${TRY_IT_BUNDLE_FILE}`]);
    const dialog = reader.page.getByRole('dialog', { name: 'Try it: List thumbnails' });
    expect(await dialog.isVisible()).toBe(true);
    const text = await dialog.innerText();
    expect(text).toContain('There is no real-service mode');
    expect(await dialog.getByRole('link', { name: 'Testing your integration' }).getAttribute('href')).toBe('testing.html');
  });

  test('the time limit is shown only while the hang fault is chosen', async () => {
    const dialog = reader.page.locator(dialogSelector);
    const limit = dialog.getByLabel('Time limit of the hang, in seconds');
    expect(await dialog.locator('select[name="fault"]').inputValue()).toBe('none');
    expect(await limit.isVisible()).toBe(false);
    await dialog.locator('select[name="fault"]').selectOption('hang');
    expect(await limit.isVisible()).toBe(true);
    await dialog.locator('select[name="fault"]').selectOption('503');
    expect(await limit.isVisible()).toBe(false);
    await dialog.locator('select[name="fault"]').selectOption('none');
  });

  describe.each(operations.map(({ operation, operationId }) => [operationId, operation] as const))('%s', (operationId, operation) => {
    beforeAll(async () => {
      await openOperation(reader.page, site.url, operationId);
      await openTryIt(reader.page, operationId);
    }, 60_000);

    test.each(everyChoiceOnce(contract, operation).map(({ name, choices }) => [name, choices] as const))(
      '%s: the page answers as startMock() does, and copies what the generators write',
      async (_, choices) => {
        await setChoices(reader.page, choices);
        const shown = await sendAndRead(reader.page);
        const request = tryItRequest(contract, operation, choices);
        const expected = await nodeAnswer(request);
        expectShown(shown, expected, request);
        for (const form of COPY_FORMS) expect(await shownCopy(reader.page, form.id), form.label).toBe(form.write(request, expected));
      },
    );
  });

  test('Copy puts the shown code on the clipboard', async () => {
    await reader.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    const dialog = reader.page.locator(dialogSelector);
    const code = await shownCopy(reader.page, 'python');
    await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect.poll(() => dialog.locator('.try-it-copy-status').innerText()).toBe('Copied.');
    expect(await reader.page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  });

  test('no request left the page for an answer: it loaded only its own static files, and wrote no storage', async () => {
    // data: URLs (Redoc's inline logo) and blob: URLs (its search worker) never leave the page.
    const fetched = requests.map((url) => new URL(url)).filter((url) => url.protocol !== 'data:' && url.protocol !== 'blob:');
    const files = new Set(fetched.map((url) => (url.origin === site.url ? url.pathname : url.href)));
    expect([...files].sort()).toEqual(['/index.html', '/redoc.standalone.js', '/site.css', `/${TRY_IT_BUNDLE_FILE}`]);
    // Redoc keeps its own layout and server choice (a redoc.appStore cookie and session entry) once it runs; Try it adds nothing.
    const stored = await storageOf(reader.page);
    expect(stored).toEqual(storedBeforeTryIt);
    expect({
      ...stored,
      cookies: stored.cookies.replace(/^redoc\.appStore=[^;]*$/, ''),
      sessionStorage: stored.sessionStorage.filter(([key]) => key !== 'redoc.redoc.appStore'),
    }).toEqual({
      localStorage: [],
      sessionStorage: [],
      cookies: '',
      indexedDB: [],
      caches: [],
    });
    expect(reader.offsiteRequests).toEqual([]);
    expect(reader.consoleErrors).toEqual([]);
  });

  test('with the keyboard alone: Tab reaches Try it, Enter opens it, the form sends, Tab stays in the dialog, Escape closes it', async () => {
    const { page } = reader;
    await openOperation(page, site.url, 'createThumbnail');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    let reached = false;
    for (let press = 0; press < 300 && !reached; press++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.getAttribute('data-try-it') === 'createThumbnail');
    }
    expect(reached, 'Tab reached the Try it button').toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForFunction((selector) => (document.querySelector(selector) as HTMLDialogElement | null)?.open === true, dialogSelector);
    // The key choice has the focus: the arrow keys move through it, as in any radio group.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe('key');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe('forbidden');
    let onSend = false;
    for (let press = 0; press < 40 && !onSend; press++) {
      await page.keyboard.press('Tab');
      expect(await focusIsInDialog(page)).toBe(true);
      onSend = await page.evaluate(() => document.activeElement?.textContent === 'Send to the mock');
    }
    expect(onSend).toBe(true);
    const answers = Number(await page.locator(dialogSelector).getAttribute('data-try-it-answers'));
    await page.keyboard.press('Enter');
    await waitForAnswer(page, answers + 1);
    expect((await readAnswer(page)).status).toBe('403 Forbidden');
    for (let press = 0; press < 60; press++) {
      await page.keyboard.press('Tab');
      expect(await focusIsInDialog(page)).toBe(true);
    }
    await page.keyboard.press('Escape');
    expect(await page.locator(dialogSelector).evaluate((dialog) => (dialog as HTMLDialogElement).open)).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-try-it'))).toBe('createThumbnail');
  });
});

describe.each([390, 1280])('with Try it open and answered at %i px', (width) => {
  const reader = useReader(chromium, width, 844);

  beforeAll(async () => {
    await openOperation(reader.page, site.url, 'createThumbnail');
    await openTryIt(reader.page, 'createThumbnail');
    await setChoices(reader.page, { ...defaultChoices(contract.operationById('createThumbnail')!), fault: '503' });
    await sendAndRead(reader.page);
    await reader.page.screenshot({ path: `${artifactsDir}try-it-${width}.png` });
  }, 90_000);

  test('the dialog fits the window: nothing wider than it, code scrolls inside its box', async () => {
    expect(await findLayoutProblems(reader.page)).toEqual([]);
    const widths = await reader.page
      .locator(dialogSelector)
      .evaluate((dialog) => ({ scroll: dialog.scrollWidth, client: dialog.clientWidth, window: innerWidth }));
    expect(widths.scroll).toBe(widths.client);
    expect(widths.client).toBeLessThanOrEqual(widths.window);
  });

  test('axe finds no serious or critical violation', async () => {
    expect(await auditAccessibility(reader.page)).toEqual([]);
  });

  test("the answer says it is the mock's, with its notes in view", async () => {
    const dialog = reader.page.locator(dialogSelector);
    expect(await dialog.locator('.try-it-result').innerText()).toMatch(
      /^The mock's answer, simulated in this page \(not the service's\):\s*503 Service Unavailable$/,
    );
    // The rule that made it (its id, the first rule of this page), and what it simulates.
    expect(await dialog.locator('.try-it-notes p').allInnerTexts()).toEqual([
      'x-thumbnail-api-mock-rule: rule-1',
      'x-thumbnail-api-mock-simulated: status=503 (not documented by the service)',
    ]);
    expect(reader.consoleErrors).toEqual([]);
  });
});

test('a bundle that cannot load leaves the reference readable, and says why in the console', async () => {
  const { context, consoleErrors } = await newSiteContext(chromium.browser, 1280);
  try {
    await context.route(`**/${TRY_IT_BUNDLE_FILE}`, (route) => route.fulfill({ status: 404, body: 'gone' }));
    const page: Page = await context.newPage();
    await openOperation(page, site.url, 'listThumbnails');
    await page.locator('[data-try-it="listThumbnails"]').click();
    await expect.poll(() => consoleErrors.some((error) => error.includes('Try it could not open'))).toBe(true);
    expect(await page.locator(dialogSelector).count()).toBe(0);
    expect(await page.locator('[data-try-it="listThumbnails"]').getAttribute('aria-busy')).toBeNull();
    expect(await page.locator('[data-section-id="/thumbnails/listthumbnails"]').first().innerText()).toContain('List thumbnails');
  } finally {
    await context.close();
  }
});

/**
 * Whether the focus is in the open dialog. Past its last control the browser moves the focus to its own interface
 * (the page then reports the body as focused), then back to the dialog: the page behind is inert, never focused.
 */
function focusIsInDialog(page: Page): Promise<boolean> {
  return page.evaluate((selector) => document.activeElement === document.body || Boolean(document.activeElement?.closest(selector)), dialogSelector);
}

/** The dialog shows what startMock() answers: the same status, the contract-relevant headers and the same body. */
function expectShown(shown: ShownAnswer, expected: ObservedAnswer, request: SampleRequest): void {
  if (expected.kind === 'no-answer') {
    expect(shown.status).toMatch(expected.cause === 'reset' ? /^No answer: the connection was reset/ : `No answer within ${(request.timeoutMs ?? 0) / 1000} s`);
    return;
  }
  expect(shown.status).toBe(`${expected.status} ${expected.statusText}`);
  const relevant = (headers: [string, string][]) => headers.filter(([name]) => ASSERTED_HEADERS.includes(name)).sort();
  expect(relevant(shown.headers)).toEqual(relevant(expected.headers));
  const json = parseJson(expected.body);
  if (json) expect(parseJson(shown.body ?? '')?.value).toEqual(json.value);
  else expect(shown.body).toBe(expected.body === '' ? '(empty)' : expected.body);
}
