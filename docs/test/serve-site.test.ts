// The site's own server (`@thumbnail-api/docs/serve`, also `npm start`'s) answers like the plain static hosts the
// site is published on (GitHub Pages, S3): a file or a folder's index.html, otherwise 404, never a fallback page that
// would hide a broken link. With `rewriteUnknownPathsTo` it plays a host that rewrites unknown paths to one page.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serveSite, serveStatic, siteDir } from '../src/serve-site.mjs';

let root: string;
let plain: { url: string; close(): Promise<void> };
let rewriting: { url: string; close(): Promise<void> };
let site: { url: string; close(): Promise<void> };
let compressing: { url: string; close(): Promise<void> };

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'docs-static-'));
  writeFileSync(join(root, 'index.html'), '<p>index</p>');
  writeFileSync(join(root, 'guide.html'), '<p>guide</p>');
  writeFileSync(join(root, 'guide.html.md'), '# Guide\n');
  mkdirSync(join(root, 'folder'));
  writeFileSync(join(root, 'folder', 'index.html'), '<p>folder</p>');
  writeFileSync(join(root, 'image.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  plain = await serveStatic(root);
  rewriting = await serveStatic(root, { rewriteUnknownPathsTo: 'index.html' });
  site = await serveSite({ port: 0 });
  compressing = await serveStatic(root, { compress: true });
});

afterAll(async () => {
  await plain?.close();
  await rewriting?.close();
  await site?.close();
  await compressing?.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (base: string, path: string) => fetch(`${base}${path}`, { redirect: 'manual' });

describe('like GitHub Pages or S3', () => {
  test.each([
    ['/', 200, '<p>index</p>'],
    ['/index.html', 200, '<p>index</p>'],
    ['/guide.html', 200, '<p>guide</p>'],
    ['/folder/', 200, '<p>folder</p>'],
  ])('serves %s as the file (%i)', async (path, status, body) => {
    const response = await get(plain.url, path);
    expect(response.status).toBe(status);
    expect(await response.text()).toBe(body);
  });

  test.each(['/section/authentication', '/thumbnails/createthumbnail', '/index.html/persons', '/guide', '/guide.html/', '/missing.html'])(
    'answers %s with 404, not with a fallback page',
    async (path) => {
      const response = await get(plain.url, path);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe('Not found');
    },
  );

  test('redirects a folder addressed without its slash to the address with it', async () => {
    const response = await get(plain.url, '/folder?x=1');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/folder/?x=1');
  });

  test('serves Markdown as text/markdown', async () => {
    const response = await get(plain.url, '/guide.html.md');
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
  });

  test('refuses paths outside the site', async () => {
    expect((await get(plain.url, '/..%2f..%2fetc/passwd')).status).toBe(403);
  });
});

/** The raw answer (fetch would decode gzip and hide it): status, headers and the bytes as sent. */
function getRaw(base: string, path: string, acceptEncoding?: string): Promise<{ headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet(`${base}${path}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('with compress, like GitHub Pages', () => {
  test('gzips a page for a client that accepts gzip', async () => {
    const { headers, body } = await getRaw(compressing.url, '/guide.html', 'gzip, deflate, br');
    expect(headers['content-encoding']).toBe('gzip');
    expect(headers.vary).toBe('Accept-Encoding');
    expect(gunzipSync(body).toString('utf8')).toBe('<p>guide</p>');
  });

  test.each([
    ['a client that does not accept gzip', '/guide.html', undefined],
    ['an image, compressed already', '/image.png', 'gzip'],
  ])('sends the bytes as they are to %s', async (_case, path, acceptEncoding) => {
    const { headers, body } = await getRaw(compressing.url, path, acceptEncoding);
    expect(headers['content-encoding']).toBeUndefined();
    expect(body).toEqual(readFileSync(join(root, path)));
  });

  test('never compresses without the option', async () => {
    expect((await getRaw(plain.url, '/guide.html', 'gzip')).headers['content-encoding']).toBeUndefined();
  });
});

describe('like a host that rewrites unknown paths', () => {
  test.each(['/section/authentication', '/index.html/persons', '/missing.html'])('answers %s with index.html', async (path) => {
    const response = await get(rewriting.url, path);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('<p>index</p>');
  });

  test('still serves the files that exist', async () => {
    expect(await (await get(rewriting.url, '/guide.html')).text()).toBe('<p>guide</p>');
  });
});

describe('the built site (serveSite)', () => {
  test('serves the built reference at / and the contract as JSON', async () => {
    const page = await get(site.url, '/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toBe(readFileSync(`${siteDir}/index.html`, 'utf8'));
    const contract = await get(site.url, '/openapi.json');
    expect(contract.headers.get('content-type')).toBe('application/json');
  });

  test.each([
    ['a page that is not there', '/nope.html', 404],
    ['a path out of the site', '/..%2fpackage.json', 403],
  ])('answers %s (%s) with %i', async (_case, path, status) => {
    expect((await get(site.url, path)).status).toBe(status);
  });
});
