// The parts every page of the site shares: the navigation header (reference, every guide, the
// not-documented list, the contract version; a menu on narrow screens) and the page shell of the guides.

/**
 * @typedef {{ href: string, title: string }} NavItem
 * @typedef {import('./contract-version.mjs').ContractVersion} ContractVersion
 */

/** Title of the API reference in the navigation. */
export const REFERENCE_TITLE = 'API reference';
/** Height of the header in CSS pixels; Redoc scrolls deep links this far below the top. */
export const SITE_HEADER_HEIGHT = 52;
/** Below this window width the header's links open as a menu; above it they take two rows (every page's fit from about 1200 px). */
export const SITE_MENU_BREAKPOINT = 1240;

/**
 * The site header, with `current` marked as the current page. Below {@link SITE_MENU_BREAKPOINT}
 * the links sit behind a Menu button; without JavaScript they stay listed.
 * @param {{ items: NavItem[], current: string, version: ContractVersion, apiTitle: string }} options
 */
export function renderSiteHeader({ items, current, version, apiTitle }) {
  const links = items.map(({ href, title }) => `<li><a href="${href}"${href === current ? ' aria-current="page"' : ''}>${escapeHtml(title)}</a></li>`).join('');
  return (
    `<header class="site-header"><div class="site-brand"><a href="index.html">${escapeHtml(apiTitle)}</a>` +
    `<p class="site-version" data-contract-version="${escapeHtml(version.contractVersion)}" data-bundle-hash="${version.bundleHash}" ` +
    `title="SHA-256 of openapi.json: ${version.bundleSha256}">Contract <strong>v${escapeHtml(version.contractVersion)}</strong> · ` +
    `bundle <code>${version.bundleHash}</code></p></div>` +
    '<button class="site-menu-button" type="button" aria-expanded="false" aria-controls="site-nav" hidden>Menu</button>' +
    `<nav class="site-nav" id="site-nav" aria-label="Site"><ul>${links}</ul></nav></header>` +
    `<script>${MENU_SCRIPT}</script>`
  );
}

// Shows the Menu button (it is hidden for readers without JavaScript, who get the plain list), opens
// and closes the list, and closes it with Escape, returning the focus to the button.
const MENU_SCRIPT = `
(function () {
  var header = document.currentScript.previousElementSibling;
  var button = header.querySelector('.site-menu-button');
  header.classList.add('site-header-menu');
  button.hidden = false;
  function setOpen(open) {
    button.setAttribute('aria-expanded', String(open));
    header.classList.toggle('site-menu-open', open);
  }
  button.addEventListener('click', function () { setOpen(button.getAttribute('aria-expanded') !== 'true'); });
  header.addEventListener('keydown', function (event) {
    if (event.key === 'Escape' && button.getAttribute('aria-expanded') === 'true') { setOpen(false); button.focus(); }
  });
})();
`
  .trim()
  .replace(/\n\s*/g, ' ');

/**
 * A complete guide page.
 * @param {{ title: string, apiTitle: string, description: string, header: string, body: string, sourceFile: string, markdownHref: string }} options
 */
export function renderGuidePage({ title, apiTitle, description, header, body, sourceFile, markdownHref }) {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(apiTitle)}</title>
<meta name="description" content="${escapeHtml(description)}">
<link rel="icon" href="data:,">
<link rel="stylesheet" href="site.css">
<link rel="alternate" type="text/markdown" href="${escapeHtml(markdownHref)}" title="This page as Markdown">
</head>
<body class="site-guide">
${header}
<main class="guide"><article>
${body}
</article>
<footer class="guide-footer">Generated from <code>${escapeHtml(sourceFile)}</code> · <a href="${escapeHtml(markdownHref)}">This page as Markdown</a> · <a href="llms.txt">llms.txt</a></footer>
</main>
</body>
</html>
`;
}

/** @param {string} text */
export function escapeHtml(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
