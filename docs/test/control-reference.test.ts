// The mock's control reference as built (mock-control.html): a Redoc page like the service's reference, loading the
// same Redoc script on demand, titled and introduced as the test double's routes, in every page's navigation, and
// without Try it (which answers the service's operations only).
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { REDOC_BUNDLE_FILE } from '../src/redoc-loader.mjs';
import { CONTROL_REFERENCE, SERVICE_REFERENCE } from '../src/reference-pages.mjs';
import { TRY_IT_ATTRIBUTE, TRY_IT_BUNDLE_FILE } from '../src/try-it/try-it-page.mjs';
import { distDir, readBuiltSite } from './browser.js';

const built = (page: string) => readFileSync(`${distDir}/${page}`, 'utf8');
const control = built(CONTROL_REFERENCE.href);

describe(CONTROL_REFERENCE.href, () => {
  test("is titled as the mock's control surface, and its first words say it is not the service's API", () => {
    expect(/<title>([^<]*)<\/title>/.exec(control)?.[1]).toBe('Thumbnail API mock: control surface');
    const text = control.replace(/<script\b[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, '');
    const overview = text.slice(text.indexOf('Thumbnail API mock: control surface (')).replace(/\s+/g, ' ');
    expect(overview).toMatch(/^Thumbnail API mock: control surface \(\S+\).{0,200}The test double’s routes, not the service’s\./);
  });

  test('links its Markdown version, as every page does', () => {
    expect(control).toContain(`<link rel="alternate" type="text/markdown" href="${CONTROL_REFERENCE.href}.md"`);
  });

  test.each([
    [SERVICE_REFERENCE.href, true],
    [CONTROL_REFERENCE.href, false],
  ])("%s: loads Redoc's script on demand; Try it's buttons and loader: %s", (page, tryIt) => {
    const html = built(page);
    expect(html).toContain(`import('./${REDOC_BUNDLE_FILE}')`);
    expect(html.includes(`${TRY_IT_ATTRIBUTE}=`)).toBe(tryIt);
    expect(html.includes(`import('./${TRY_IT_BUNDLE_FILE}')`)).toBe(tryIt);
  });

  test.each(readBuiltSite().pages)('is in the navigation of %s', (page) => {
    const nav = /<nav class="site-nav"[\s\S]*?<\/nav>/.exec(built(page))?.[0] ?? '';
    expect(nav).toContain(`<a href="${CONTROL_REFERENCE.href}"${page === CONTROL_REFERENCE.href ? ' aria-current="page"' : ''}>${CONTROL_REFERENCE.title}</a>`);
  });
});
