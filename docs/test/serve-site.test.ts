// The site as the quick start serves it (`@thumbnail-api/docs/serve`): the built pages, over real HTTP on 127.0.0.1.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { serveSite, siteDir } from '../src/serve-site.mjs';

let site: { url: string; close(): Promise<void> };
beforeAll(async () => {
  site = await serveSite({ port: 0 });
});
afterAll(async () => {
  await site?.close();
});

test('serves the built reference at / and the contract as JSON', async () => {
  const page = await fetch(`${site.url}/`);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(await page.text()).toBe(readFileSync(`${siteDir}/index.html`, 'utf8'));
  const contract = await fetch(`${site.url}/openapi.json`);
  expect(contract.headers.get('content-type')).toBe('application/json');
});

test.each([
  ['a page that is not there', '/nope.html', 404],
  ['a path out of the site', '/..%2fpackage.json', 403],
])('answers %s (%s) with %i', async (_case, path, status) => {
  expect((await fetch(`${site.url}${path}`)).status).toBe(status);
});
