// The browser refusal, checked in a real browser (Debian's headless Chromium): the client, bundled as users
// bundle it, is loaded by a page and by a module worker served from 127.0.0.1.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { bundleClientForBrowser, launchChromium } from './support/chromium.js';
import { json, type LocalServer, startLocalServer, text } from './support/local-server.js';

let server: LocalServer;
let browser: Browser;
let page: Page;

const workerScript = `
import { ThumbnailClient } from '/client.js';
try {
  new ThumbnailClient({ apiKey: 'browser-key', baseUrl: self.location.origin });
  postMessage('created');
} catch (error) {
  postMessage(error.name + ': ' + error.message);
}`;

beforeAll(async () => {
  const clientJs = await bundleClientForBrowser();
  server = await startLocalServer((request, res) => {
    if (request.url === '/') return text(res, 200, '<!doctype html><title>client</title>', { 'content-type': 'text/html' });
    if (request.url === '/client.js') return text(res, 200, clientJs, { 'content-type': 'text/javascript' });
    if (request.url === '/worker.js') return text(res, 200, workerScript, { 'content-type': 'text/javascript' });
    if (request.url?.startsWith('/moved/')) return text(res, 302, '', { location: '/elsewhere' });
    return json(res, 200, {
      seenKey: request.headers['x-api-key'] ?? null,
      userAgent: request.headers['user-agent'] ?? null,
      runtime: request.headers['x-thumbnail-client-runtime'] ?? null,
      runtimeVersion: request.headers['x-thumbnail-client-runtime-version'] ?? null,
    });
  });
  browser = await launchChromium();
  page = await browser.newPage();
  await page.goto(`${server.url}/`);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

// Page scripts are strings: the test runner would rewrite a dynamic import() written in this file.
test('refuses to run in a browser page, naming the option that allows it', async () => {
  const outcome: unknown = await page.evaluate(`(async () => {
    const { ThumbnailClient, ConfigurationError } = await import('/client.js');
    try {
      new ThumbnailClient({ apiKey: 'browser-key', baseUrl: location.origin });
      return { created: true };
    } catch (error) {
      return { created: false, name: error.name, message: error.message, typed: error instanceof ConfigurationError };
    }
  })()`);
  expect(outcome).toEqual({
    created: false,
    name: 'ConfigurationError',
    typed: true,
    message:
      'Refusing to run in a browser: every visitor could read the API key (the service says keys belong in server-side code only). ' +
      'Call the API from your server, or pass dangerouslyAllowBrowser: true if you accept that risk.',
  });
});

test('refuses to run in a browser worker too', async () => {
  const message: unknown = await page.evaluate(`new Promise((resolve) => {
    const worker = new Worker('/worker.js', { type: 'module' });
    worker.onmessage = (event) => resolve(event.data);
    worker.onerror = (event) => resolve('worker failed: ' + event.message);
  })`);
  expect(message).toMatch(/^ConfigurationError: Refusing to run in a browser/);
});

test('runs in a browser with dangerouslyAllowBrowser: true, sending the key and no User-Agent of its own', async () => {
  const body = (await page.evaluate(`(async () => {
    const { ThumbnailClient } = await import('/client.js');
    const client = new ThumbnailClient({ apiKey: 'browser-key', baseUrl: location.origin, dangerouslyAllowBrowser: true });
    return client.thumbnails.list();
  })()`)) as { seenKey: string | null; userAgent: string | null; runtime: string | null; runtimeVersion: string | null };
  expect(body.seenKey).toBe('browser-key');
  expect(body.userAgent).toMatch(/Chrome/);
  expect(body.userAgent).not.toContain('thumbnail-api-client');
  // The runtime headers name the browser instead, with the version its own User-Agent gives.
  expect(body.runtime).toBe('browser');
  expect(body.runtimeVersion).toBe(/Chrome\/[\d.]+/.exec(body.userAgent ?? '')?.[0]);
});

// A browser hands a redirect it was told not to follow as an opaque answer with status 0, which a new Response cannot hold.
test('in a browser, a redirect is a ThumbnailApiError on the resource methods and client.raw alike, and is not followed', async () => {
  const outcome: unknown = await page.evaluate(`(async () => {
    const { ThumbnailApiError, ThumbnailClient } = await import('/client.js');
    const client = new ThumbnailClient({ apiKey: 'browser-key', baseUrl: location.origin + '/moved', dangerouslyAllowBrowser: true });
    const seen = [];
    for (const call of [() => client.thumbnails.list(), () => client.raw.GET('/api/thumbnails')]) {
      const error = await call().then(() => undefined, (caught) => caught);
      seen.push({ typed: error instanceof ThumbnailApiError, status: error?.status, message: error?.message });
    }
    return seen;
  })()`);
  const redirected = {
    typed: true,
    status: 0,
    message:
      'GET /moved/api/thumbnails was redirected: the client does not follow redirects, so the key is never sent to another address. ' +
      'Set baseUrl to the final address of the API.',
  };
  expect(outcome).toEqual([redirected, redirected]);
  expect(server.requests.filter((request) => request.url === '/moved/api/thumbnails')).toHaveLength(2);
  expect(server.requests.filter((request) => request.url === '/elsewhere')).toEqual([]);
});
