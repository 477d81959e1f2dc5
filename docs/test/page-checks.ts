// Checks run inside a rendered page of the site: every page of it (each guide and each route of both
// references), an axe-core audit, and the layout rules a narrow screen breaks first.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadContract } from '@thumbnail-api/spec';
import { type ContractModel, createContractModel } from '@thumbnail-api/spec/model';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { CONTROL_REFERENCE, REFERENCE_PAGES, readControlDocument, SERVICE_REFERENCE } from '../src/reference-pages.mjs';
import { referenceRoute } from '../src/undocumented-model.mjs';
import { readBuiltSite } from './browser.js';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Each reference page with the model of the document it renders: the contract, and the mock's control surface. */
export function referenceDocuments(): { page: string; model: ContractModel }[] {
  return [
    { page: SERVICE_REFERENCE.href, model: loadContract() },
    { page: CONTROL_REFERENCE.href, model: createContractModel(readControlDocument()) },
  ];
}

/** Every page of the site as a reader reaches it: the guides, each reference's overview, and each tag and operation of both references. */
export function listSitePages(): string[] {
  const version = readBuiltSite();
  const operations = referenceDocuments().flatMap(({ page, model }) =>
    model.operations
      .filter((operation) => operation.operationId && operation.tags[0])
      .map((operation) => `${page}#/${referenceRoute(operation.tags[0] ?? '', operation.operationId)}`),
  );
  const tagRoutes = version.referenceRoutes.filter((route) => !route.includes('/section/') && !route.endsWith('#/'));
  return [...version.pages, ...tagRoutes, ...operations];
}

/** The route of a reference page (`/` for `mock-control.html`, `/thumbnails/createthumbnail` for `index.html#/thumbnails/createthumbnail`), or undefined for a guide. */
export function referenceRouteOf(pagePath: string): string | undefined {
  const [file = '', route] = pagePath.split(/#(.*)/s);
  if (!REFERENCE_PAGES.includes(file)) return undefined;
  return route || '/';
}

export type Violation = { id: string; impact: string; help: string; nodes: string[] };

/** Runs axe-core (from node_modules, injected: no CDN) on the page; returns the serious and critical violations. */
export async function auditAccessibility(page: Page): Promise<Violation[]> {
  await page.addScriptTag({ content: axeSource });
  const results = (await page.evaluate(() => (globalThis as unknown as { axe: { run(context: Document): Promise<unknown> } }).axe.run(document))) as AxeResults;
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: String(violation.impact),
      help: violation.help,
      nodes: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`.slice(0, 300)),
    }));
}

/**
 * What breaks the page's layout at its current width: a page wider than the window, visible text
 * cut off at the right edge outside a box that scrolls, code that overflows its box without
 * scrolling, and headings or the site title broken inside a word.
 */
export function findLayoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.className && typeof element.className === 'string' ? `.${element.className.split(' ')[0]}` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    const scrollsSideways = (element: Element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowX);
    const insideScroller = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) if (scrollsSideways(parent)) return true;
      return false;
    };

    if (document.documentElement.scrollWidth > width) problems.push(`the page is ${document.documentElement.scrollWidth}px wide in a ${width}px window`);

    for (const element of Array.from(
      document.querySelectorAll('main p, main li, main h1, main h2, main h3, main pre, main table, .site-header a, .site-header p'),
    )) {
      if (!element.checkVisibility() || insideScroller(element) || scrollsSideways(element)) continue;
      const right = element.getBoundingClientRect().right;
      if (right > width + 1) problems.push(`${describe(element)} reaches ${Math.round(right)}px in a ${width}px window`);
    }

    for (const pre of Array.from(document.querySelectorAll('pre'))) {
      if (!pre.checkVisibility()) continue;
      if (pre.scrollWidth > pre.clientWidth + 1 && !scrollsSideways(pre) && !insideScroller(pre))
        problems.push(`${describe(pre)} cuts its lines instead of scrolling`);
    }

    // A word broken across lines has more than one line box.
    for (const element of Array.from(document.querySelectorAll('h1, h2, h3, .site-brand a'))) {
      if (!element.checkVisibility()) continue;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index ?? 0);
          range.setEnd(node, (match.index ?? 0) + match[0].length);
          const lines = new Set(
            Array.from(range.getClientRects())
              .filter((rect) => rect.width > 0)
              .map((rect) => Math.round(rect.top)),
          );
          if (lines.size > 1) problems.push(`${describe(element)} breaks the word "${match[0]}" across ${lines.size} lines`);
        }
      }
    }
    return problems;
  });
}

/**
 * Every server URL the reference's Servers box shows (a visible element of the box whose whole text is one URL-like
 * word). Only the box: an overview may also show a tag's operation paths (`/__mock/rules/{id}`) beside it.
 */
export function shownServerUrls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('#redoc [data-testid="panel-servers"] *'))
      .filter((element) => element.children.length === 0 && element.checkVisibility())
      .map((element) => (element.textContent ?? '').trim())
      .filter((text) => /^(https?:\/\/\S+|\S*\{\w+\}\S*)$/.test(text)),
  );
}

/** A document's first server URL with its variables' defaults filled in (the contract's unless told): what the Servers box must show. */
export function expectedServerUrl(document: unknown = loadContract().document): string {
  const server = (document as { servers: { url: string; variables?: Record<string, { default: string }> }[] }).servers[0];
  return server?.url.replace(/\{([^}]+)\}/g, (_, name: string) => server.variables?.[name]?.default ?? '') ?? '';
}
