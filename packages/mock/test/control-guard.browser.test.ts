// The attacks on a developer's mock from a web page they visit, made by a real browser (Debian's headless Chromium):
// a page on another origin posting a rule without a preflight, asking for a preflight to post JSON, and reading and
// driving the mock through a name it controls that resolves to 127.0.0.1 (DNS rebinding, simulated with Chromium's
// host resolver rules). Each is refused; a page on an origin named with corsOrigin still drives /__mock.
import { createServer, type Server } from 'node:http';
import { chromiumLaunchOptions } from '@thumbnail-api/dev-tools/chromium';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type RunningMock, startMock } from '../src/index.js';

const key = 'sk_browser_victim_key';
const rule = JSON.stringify({ operationId: 'listThumbnails', answer: { status: 200, body: { owned: true } } });

let browser: Browser;
let mock: RunningMock;
let site: { server: Server; port: number };
beforeAll(async () => {
  mock = await startMock({ port: 0 });
  site = await serveBlankPage();
  // evil.example resolves to this machine, as a rebinding attacker's DNS makes it.
  browser = await chromium.launch(chromiumLaunchOptions(['--host-resolver-rules=MAP evil.example 127.0.0.1']));
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await mock?.stop();
  site?.server.close();
});

/** A page at `url`, its scripts run with `evaluate` (strings, so that the test runner does not rewrite them). */
async function pageAt(url: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(url);
  return page;
}

/** The rules in force and what the API answers the victim's code, seen from outside the browser. */
async function victimView(target: RunningMock = mock) {
  const { rules } = (await (await fetch(`${target.url}/__mock/rules`)).json()) as { rules: unknown[] };
  const listing = await (await fetch(`${target.url}/api/thumbnails`, { headers: { 'x-api-key': key } })).json();
  return { rules: rules.length, listing };
}

describe('a page on another origin', () => {
  test('posting a rule as text/plain (no preflight) adds nothing', async () => {
    const page = await pageAt(`http://evil.example:${site.port}/`);
    await page.evaluate(`fetch(${JSON.stringify(`${mock.url}/__mock/rules`)}, { method: 'POST', mode: 'no-cors', body: ${JSON.stringify(rule)} })`);
    expect(await victimView()).toEqual({ rules: 0, listing: {} });
    await page.close();
  });

  test('posting a rule as JSON is stopped at its preflight', async () => {
    const page = await pageAt(`http://evil.example:${site.port}/`);
    const outcome = await page.evaluate(`fetch(${JSON.stringify(`${mock.url}/__mock/rules`)}, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: ${JSON.stringify(rule)},
    }).then((response) => 'answered ' + response.status, (error) => 'blocked: ' + error.name)`);
    expect(outcome).toBe('blocked: TypeError');
    expect(await victimView()).toEqual({ rules: 0, listing: {} });
    await page.close();
  });
});

describe('a page that rebinds its own name to the mock', () => {
  test('can neither read the journal nor add a rule: its Host is refused', async () => {
    await fetch(`${mock.url}/api/thumbnails`, { headers: { 'x-api-key': key } });
    const page = await pageAt(`http://evil.example:${new URL(mock.url).port}/`);
    const outcome = (await page.evaluate(`Promise.all([
      fetch('/__mock/requests').then(async (response) => [response.status, await response.text()]),
      fetch('/__mock/rules', { method: 'POST', headers: { 'content-type': 'application/json' }, body: ${JSON.stringify(rule)} }).then((response) => response.status),
    ])`)) as [[number, string], number];
    expect(outcome[0][0]).toBe(403);
    expect(outcome[0][1]).not.toContain('requests');
    expect(outcome[1]).toBe(403);
    expect(await victimView()).toEqual({ rules: 0, listing: {} });
    await page.close();
  });
});

describe('a page on an origin named with corsOrigin', () => {
  test('drives /__mock with JSON and reads the answer', async () => {
    const origin = `http://127.0.0.1:${site.port}`;
    const allowing = await startMock({ port: 0, corsOrigin: origin });
    try {
      const page = await pageAt(`${origin}/`);
      const added = await page.evaluate(`fetch(${JSON.stringify(`${allowing.url}/__mock/rules`)}, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: ${JSON.stringify(rule)},
      }).then(async (response) => [response.status, await response.json()])`);
      expect(added).toEqual([201, { id: expect.stringMatching(/^rule-/) }]);
      expect(await victimView(allowing)).toEqual({ rules: 1, listing: { owned: true } });
      await page.close();
    } finally {
      await allowing.stop();
    }
  });
});

/** A site on 127.0.0.1 whose every path is an empty page: the attacker's page, or the developer's own app. */
async function serveBlankPage(): Promise<{ server: Server; port: number }> {
  const server = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>a page</title>'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port };
}
