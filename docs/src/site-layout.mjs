// The parts every page of the site shares: the navigation header (reference, every guide, the
// not-documented list, the contract version) and the page shell of the guides.

/**
 * @typedef {{ href: string, title: string }} NavItem
 * @typedef {import('./contract-version.mjs').ContractVersion} ContractVersion
 */

/** Title of the API reference in the navigation. */
export const REFERENCE_TITLE = 'API reference';
/** Height of the header in CSS pixels; Redoc scrolls deep links this far below the top. */
export const SITE_HEADER_HEIGHT = 52;

/**
 * The site header, with `current` marked as the current page.
 * @param {{ items: NavItem[], current: string, version: ContractVersion, apiTitle: string }} options
 */
export function renderSiteHeader({ items, current, version, apiTitle }) {
  const links = items
    .map(({ href, title }) => `<li><a href="${href}"${href === current ? ' aria-current="page"' : ''}>${escapeHtml(title)}</a></li>`)
    .join('');
  return (
    `<header class="site-header"><div class="site-brand"><a href="index.html">${escapeHtml(apiTitle)}</a>` +
    `<p class="site-version" data-contract-version="${escapeHtml(version.contractVersion)}" data-bundle-hash="${version.bundleHash}" ` +
    `title="SHA-256 of openapi.json: ${version.bundleSha256}">Contract <strong>v${escapeHtml(version.contractVersion)}</strong> · ` +
    `bundle <code>${version.bundleHash}</code></p></div>` +
    `<nav class="site-nav" aria-label="Site"><ul>${links}</ul></nav></header>`
  );
}

/**
 * A complete guide page.
 * @param {{ title: string, apiTitle: string, header: string, body: string, sourceFile: string }} options
 */
export function renderGuidePage({ title, apiTitle, header, body, sourceFile }) {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(apiTitle)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="site.css">
</head>
<body class="site-guide">
${header}
<main class="guide"><article>
${body}
</article>
<footer class="guide-footer">Generated from <code>${escapeHtml(sourceFile)}</code>.</footer>
</main>
</body>
</html>
`;
}

/** @param {string} text */
export function escapeHtml(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The site's stylesheet, `site.css`: the header, the guides and the not-documented markers. */
export const SITE_CSS = `
:root {
  --site-header-height: ${SITE_HEADER_HEIGHT}px;
  --site-accent: #2350c8;
  --site-text: #1f2328;
  --site-muted: #59636e;
  --site-border: #d1d9e0;
  --site-code-bg: #f6f8fa;
  --site-marker-bg: #fff8e5;
  --site-marker-border: #d4a72c;
  --site-font: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  --site-mono: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace;
}
body { margin: 0; }
.site-header {
  position: sticky; top: 0; z-index: 1000; box-sizing: border-box;
  display: flex; align-items: center; gap: 20px; height: var(--site-header-height);
  padding: 0 20px; background: #14213d; color: #fff; font: 13px/1.4 var(--site-font);
}
.site-brand { flex: none; line-height: 1.25; }
.site-brand a { color: #fff; font-size: 14px; font-weight: 700; text-decoration: none; white-space: nowrap; }
.site-version { margin: 0; color: #c9d5f5; font-size: 11.5px; white-space: nowrap; }
.site-version strong { color: #fff; font-weight: 600; }
.site-version code { font-family: var(--site-mono); color: #fff; }
.site-nav { min-width: 0; overflow-x: auto; }
.site-nav ul { display: flex; gap: 12px; margin: 0; padding: 4px 0; list-style: none; }
.site-nav a { color: #c9d5f5; text-decoration: none; white-space: nowrap; }
.site-nav a:hover { color: #fff; text-decoration: underline; }
.site-nav a[aria-current="page"] { color: #fff; font-weight: 600; border-bottom: 2px solid #8fb0ff; }

/* Redoc's sidebar sticks to the top of the window: keep it below the header. */
.site-reference .menu-content { top: var(--site-header-height) !important; height: calc(100vh - var(--site-header-height)) !important; }

.guide { box-sizing: border-box; max-width: 820px; margin: 0 auto; padding: 32px 24px 64px; color: var(--site-text); font: 16px/1.6 var(--site-font); }
.guide h1 { font-size: 2em; line-height: 1.2; margin: 0.2em 0 0.6em; }
.guide h2 { font-size: 1.4em; margin: 1.8em 0 0.5em; padding-bottom: 0.2em; border-bottom: 1px solid var(--site-border); }
.guide h3 { font-size: 1.15em; margin: 1.4em 0 0.4em; }
.guide a { color: var(--site-accent); }
.guide code { font-family: var(--site-mono); font-size: 0.9em; background: var(--site-code-bg); padding: 0.1em 0.3em; border-radius: 4px; }
.guide pre { background: var(--site-code-bg); border: 1px solid var(--site-border); border-radius: 6px; padding: 12px 16px; overflow-x: auto; line-height: 1.45; }
.guide pre code { background: none; padding: 0; font-size: 0.85em; }
.guide table { border-collapse: collapse; margin: 1em 0; }
.guide th, .guide td { border: 1px solid var(--site-border); padding: 6px 12px; text-align: left; vertical-align: top; }
.guide th { background: var(--site-code-bg); }
.guide blockquote { margin: 1em 0; padding: 0.2em 1em; border-left: 4px solid var(--site-border); color: var(--site-muted); }
.guide-footer { margin-top: 48px; padding-top: 12px; border-top: 1px solid var(--site-border); color: var(--site-muted); font-size: 0.85em; }

.not-documented {
  margin: 16px 0; padding: 10px 16px; border: 1px solid var(--site-marker-border); border-left-width: 4px;
  border-radius: 6px; background: var(--site-marker-bg); color: #3b2e00; font-size: 14px; line-height: 1.5;
}
.not-documented p { margin: 4px 0; }
.not-documented ul { margin: 4px 0 8px; padding-left: 20px; }
.not-documented .not-documented-title { font-weight: 700; }
.not-documented .not-documented-title::before { content: "⚠ "; }
.not-documented a { color: #7a4d00; }
.gap-list { margin: 0; padding: 0; list-style: none; }
.gap-list > li { margin: 0 0 24px; }
.gap-list h3 { margin-bottom: 2px; }
.gap-pointer, .gap-shown-at { margin: 0; color: var(--site-muted); font-size: 0.9em; }
`;
