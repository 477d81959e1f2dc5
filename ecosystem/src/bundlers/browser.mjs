// Headless Chromium (Debian's, or CHROMIUM_PATH) through playwright-core from the tool set: opens a built page
// and reads the smoke report the bundle leaves in globalThis.__smokeReport.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { verdictOfReport } from '../case-runner.mjs';
import { startStaticServer } from '../local-servers.mjs';
import { recordOutput } from '../processes.mjs';
import { tools } from '../tools.mjs';

/** @type {Promise<any> | undefined} playwright's Browser */
let browserPromise;

async function browser() {
  browserPromise ??= (async () => {
    const entry = createRequire(join(tools.modules, 'noop.js')).resolve('playwright-core');
    const playwright = await import(pathToFileURL(entry).href);
    const chromium = playwright.chromium ?? playwright.default.chromium;
    // Imported here, not at the top: dev-tools is built by the suite's build step, after this module is loaded.
    const { chromiumLaunchOptions } = await import('@thumbnail-api/dev-tools/chromium');
    return chromium.launch(chromiumLaunchOptions());
  })();
  return browserPromise;
}

/** Closes the browser if a case opened it. */
export async function closeBrowser() {
  if (browserPromise) await (await browserPromise.catch(() => undefined))?.close();
  browserPromise = undefined;
}

/**
 * Serves `dir`, opens its index.html, and returns the verdict of the smoke report the page produced.
 * @param {string} dir
 */
export async function smokeInBrowser(dir) {
  const server = await startStaticServer(dir);
  const page = await (await browser()).newPage();
  /** @type {string[]} */
  const errors = [];
  page.on('console', (/** @type {{ text(): string }} */ message) => recordOutput(`${message.text()}\n`));
  page.on('pageerror', (/** @type {Error} */ error) => {
    errors.push(error.message);
    recordOutput(`${error.message}\n`);
  });
  try {
    await page.goto(`${server.url}/`);
    await page.waitForFunction('globalThis.__smokeReport !== undefined', null, { timeout: 30_000 }).catch(() => {
      throw new Error(`the page never ran the smoke program${errors.length > 0 ? `: ${errors.join(' / ')}` : ''}`);
    });
    const report = await page.evaluate('globalThis.__smokeReport');
    recordOutput(JSON.stringify(report));
    return verdictOfReport(report);
  } finally {
    await page.close();
    await server.close();
  }
}
