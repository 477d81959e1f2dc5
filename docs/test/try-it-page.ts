// How the browser tests use Try it as a reader does: open it from an operation's button, set the form, press Send,
// and read the answer as the dialog shows it.
import type { Page } from 'playwright-core';
import { ANSWERS_ATTRIBUTE, STATE_ATTRIBUTE, TRY_IT_ATTRIBUTE } from '../src/try-it/try-it-page.mjs';
import type { TryItChoices } from '../src/try-it/try-it-request.mjs';
import { waitForReferenceRoute } from './browser.js';

export const dialogSelector = 'dialog.try-it';

/** The route of an operation's page in the reference, e.g. `/thumbnails/createthumbnail`. */
export function operationRoute(operationId: string): string {
  return `/thumbnails/${operationId.toLowerCase()}`;
}

/** Opens the operation's page in the reference, as a fresh document, and waits until Redoc has rendered it. */
export async function openOperation(page: Page, siteUrl: string, operationId: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(`${siteUrl}/index.html#${operationRoute(operationId)}`, { waitUntil: 'load' });
  await waitForReferenceRoute(page, operationRoute(operationId));
}

/** Presses the operation's Try it button and waits until the dialog is open. */
export async function openTryIt(page: Page, operationId: string): Promise<void> {
  await page.locator(`[${TRY_IT_ATTRIBUTE}="${operationId}"]`).filter({ visible: true }).first().click();
  await page.waitForFunction((selector) => (document.querySelector(selector) as HTMLDialogElement | null)?.open === true, dialogSelector, { timeout: 30_000 });
}

/** Sets every field of the open dialog to `choices`, as a reader would (clicks, selects, typing). */
export async function setChoices(page: Page, choices: TryItChoices): Promise<void> {
  const dialog = page.locator(dialogSelector);
  await dialog.locator(`input[name="key"][value="${choices.key}"]`).check();
  await dialog.locator(`input[name="keyForm"][value="${choices.keyForm}"]`).check();
  await dialog.locator('select[name="answer"]').selectOption(choices.answer);
  await dialog.locator('select[name="fault"]').selectOption(choices.fault);
  if (choices.fault === 'hang') await dialog.locator('input[name="timeLimit"]').fill(String(choices.timeLimitSeconds));
  await dialog.locator('textarea[name="headers"]').fill(choices.headers);
  if (choices.body !== undefined) await dialog.locator('textarea[name="body"]').fill(choices.body);
}

/** What the dialog shows of an answer: the status line, the headers and the body as displayed. */
export type ShownAnswer = { status: string; headers: [string, string][]; body: string | undefined };

/** Presses Send and waits for the answer (a new one), then reads it. */
export async function sendAndRead(page: Page): Promise<ShownAnswer> {
  const dialog = page.locator(dialogSelector);
  const before = Number(await dialog.getAttribute(ANSWERS_ATTRIBUTE));
  await dialog.getByRole('button', { name: 'Send to the mock' }).click();
  await waitForAnswer(page, before + 1);
  return readAnswer(page);
}

/** Waits until the dialog has shown its `count`th answer. */
export async function waitForAnswer(page: Page, count: number): Promise<void> {
  await page.waitForFunction(
    ([selector, state, answers, expected]) => {
      const dialog = document.querySelector(selector as string);
      return dialog?.getAttribute(state as string) === 'answered' && Number(dialog.getAttribute(answers as string)) === expected;
    },
    [dialogSelector, STATE_ATTRIBUTE, ANSWERS_ATTRIBUTE, count] as const,
    { timeout: 30_000 },
  );
}

export async function readAnswer(page: Page): Promise<ShownAnswer> {
  const dialog = page.locator(dialogSelector);
  const status = await dialog.locator('.try-it-status').innerText();
  const headers = dialog.locator('pre[aria-label="Response headers"]');
  const body = dialog.locator('pre[aria-label="Response body"]');
  return {
    status,
    headers:
      (await headers.count()) === 0
        ? []
        : (await headers.innerText()).split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)] as [string, string]),
    body: (await body.count()) === 0 ? undefined : await body.innerText(),
  };
}

/** The code the dialog shows for copying, in the form `form` (`curl`, `client`, `vitest`, ...). */
export async function shownCopy(page: Page, form: string): Promise<string> {
  const dialog = page.locator(dialogSelector);
  await dialog.locator('select[name="copyForm"]').selectOption(form);
  return dialog.locator('.try-it-copy-code code').evaluate((element) => element.textContent ?? '');
}
