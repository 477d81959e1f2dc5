// The site's stylesheet, `site.css`: the header and its menu, the guides, the not-documented
// markers, and the fixes Redoc's own styles need on narrow screens and for contrast.
import { SITE_HEADER_HEIGHT, SITE_MENU_BREAKPOINT } from './site-layout.mjs';

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

/* The header: the API's name and contract version, then the links (a menu on narrow screens). */
.site-header {
  position: sticky; top: 0; z-index: 1000; box-sizing: border-box;
  display: flex; align-items: center; gap: 12px 20px; min-height: var(--site-header-height);
  padding: 6px 20px; background: #14213d; color: #fff; font: 13px/1.4 var(--site-font);
}
.site-brand { min-width: 0; line-height: 1.25; }
.site-brand a { color: #fff; font-size: 14px; font-weight: 700; text-decoration: none; overflow-wrap: normal; word-break: normal; }
.site-version { margin: 0; color: #c9d5f5; font-size: 11.5px; }
.site-version strong { color: #fff; font-weight: 600; }
.site-version code { font-family: var(--site-mono); color: #fff; }
.site-nav ul { display: flex; flex-wrap: wrap; gap: 4px 12px; margin: 0; padding: 4px 0; list-style: none; }
.site-nav a { display: inline-block; padding: 2px 0; color: #c9d5f5; text-decoration: none; white-space: nowrap; }
.site-nav a:hover { color: #fff; text-decoration: underline; }
.site-nav a[aria-current="page"] { color: #fff; font-weight: 600; border-bottom: 2px solid #8fb0ff; }
.site-header a:focus-visible, .site-menu-button:focus-visible { outline: 2px solid #8fb0ff; outline-offset: 2px; }
.site-menu-button {
  flex: none; margin-left: auto; padding: 6px 12px; border: 1px solid #8fb0ff; border-radius: 6px;
  background: transparent; color: #fff; font: 600 13px/1.2 var(--site-font); cursor: pointer;
}
.site-menu-button::before { content: "☰ " / ""; }
.site-menu-open .site-menu-button::before { content: "✕ " / ""; }
@media (max-width: ${SITE_MENU_BREAKPOINT - 0.02}px) {
  .site-header:not(.site-header-menu) { flex-wrap: wrap; }
  .site-header-menu .site-nav {
    display: none; position: absolute; top: 100%; left: 0; right: 0; max-height: calc(100vh - var(--site-header-height));
    overflow-y: auto; background: #14213d; border-top: 1px solid #2c3d66; box-shadow: 0 8px 16px rgba(0, 0, 0, 0.25);
  }
  .site-menu-open .site-nav { display: block; }
  .site-header-menu .site-nav ul { flex-direction: column; gap: 0; padding: 8px 20px 16px; }
  .site-header-menu .site-nav a { display: block; padding: 10px 0; font-size: 15px; white-space: normal; }
  .site-header-menu .site-nav a[aria-current="page"] { border-bottom: none; border-left: 3px solid #8fb0ff; padding-left: 10px; }
}
@media (min-width: ${SITE_MENU_BREAKPOINT}px) {
  /* Every link stays visible; where one row is not wide enough they take two, within the header's height,
     each row 24px high: the smallest pointer target WCAG 2.2 (2.5.8) accepts without spacing. */
  .site-header { padding-top: 2px; padding-bottom: 2px; height: var(--site-header-height); }
  .site-menu-button { display: none; }
  .site-brand { flex: none; }
  .site-brand a, .site-version { white-space: nowrap; }
  .site-nav ul { gap: 0 14px; padding: 0; }
  .site-nav a { padding: 0; line-height: 24px; }
}
@media (max-width: 600px) {
  .site-header { gap: 8px; padding: 4px 12px; }
  .site-brand a { font-size: 13px; }
  .site-menu-button { padding: 6px 10px; }
}

/* Redoc's sidebar sticks to the top of the window: keep it below the header. */
@media (min-width: 672px) {
  .site-reference .menu-content { top: var(--site-header-height) !important; height: calc(100vh - var(--site-header-height)) !important; }
}
/* Redoc's light theme, with the colours that fell short of WCAG AA contrast (4.5:1) darkened;
   declared on html (more specific than Redoc's :root), dark mode untouched. */
html:not(.dark) {
  --color-blue-6: #1658c9;
  --color-blue-7: #2459b8;
  --color-carrot-7: #9a4d00;
  --color-green-7: #11703f;
  --color-warm-grey-7: #5f6069;
  --search-trigger-color: #5f6069;
  --code-block-tokens-comment-color: #5f6069;
}
html:not(.dark) .tag-get, html:not(.dark) .tag-query { --tag-color: #11703f; }
html:not(.dark) .tag-post { --tag-color: #1b55c9; }
html:not(.dark) .tag-delete { --tag-color: #c40a3c; }
/* Redoc colours a nested schema's "property name*" by depth, from the third level on below 4.5:1 (the control document nests deeper). */
html:not(.dark) #redoc .schema-name { color: #5a3fc0; }
#redoc .not-documented a { color: #7a4d00; }
/* Headings and the title wrap between words, never inside one ("Thumbna / il"). */
.site-reference h1, .site-reference h2, .site-reference h3 { overflow-wrap: normal; word-break: normal; hyphens: manual; }
/* Code scrolls inside its panel instead of being cut or widening the page. */
.site-reference pre { max-width: 100%; overflow-x: auto; }
.site-reference .contract-version, .site-reference .control-note, .site-reference .site-downloads { overflow-wrap: anywhere; }
/* Each operation's Try it button (the dialog's own styles come with its script). */
.try-it-entry { display: flex; flex-wrap: wrap; gap: 4px 12px; align-items: center; }
.try-it-entry span { color: #59636e; font-size: 14px; }
.try-it-open {
  min-height: 36px; padding: 6px 16px; border: 1px solid #2350c8; border-radius: 6px; background: #2350c8; color: #fff;
  font: 600 15px/1.2 var(--site-font); cursor: pointer;
}
.try-it-open:hover { background: #1b3f9e; }
.try-it-open:focus-visible { outline: 2px solid #2350c8; outline-offset: 2px; }
.try-it-open[aria-busy="true"] { cursor: progress; opacity: 0.8; }

.guide { box-sizing: border-box; max-width: 820px; margin: 0 auto; padding: 32px 24px 64px; color: var(--site-text); font: 16px/1.6 var(--site-font); }
.guide h1 { font-size: 2em; line-height: 1.2; margin: 0.2em 0 0.6em; }
.guide h2 { font-size: 1.4em; margin: 1.8em 0 0.5em; padding-bottom: 0.2em; border-bottom: 1px solid var(--site-border); }
.guide h3 { font-size: 1.15em; margin: 1.4em 0 0.4em; }
.guide h1, .guide h2, .guide h3 { overflow-wrap: normal; word-break: normal; }
.guide p, .guide li { overflow-wrap: anywhere; }
.guide a { color: var(--site-accent); }
.guide code { font-family: var(--site-mono); font-size: 0.9em; background: var(--site-code-bg); padding: 0.1em 0.3em; border-radius: 4px; }
.guide pre { background: var(--site-code-bg); border: 1px solid var(--site-border); border-radius: 6px; padding: 12px 16px; overflow-x: auto; line-height: 1.45; }
.guide pre code { background: none; padding: 0; font-size: 0.85em; overflow-wrap: normal; }
.guide pre:focus-visible, .table-scroll:focus-visible { outline: 2px solid var(--site-accent); outline-offset: 2px; }
.table-scroll { max-width: 100%; overflow-x: auto; margin: 1em 0; }
.guide table { border-collapse: collapse; margin: 0; }
.guide th, .guide td { border: 1px solid var(--site-border); padding: 6px 12px; text-align: left; vertical-align: top; }
.guide td code { overflow-wrap: normal; white-space: nowrap; }
.guide th { background: var(--site-code-bg); }
.guide blockquote { margin: 1em 0; padding: 0.2em 1em; border-left: 4px solid var(--site-border); color: var(--site-muted); }
.guide-footer { margin-top: 48px; padding-top: 12px; border-top: 1px solid var(--site-border); color: var(--site-muted); font-size: 0.85em; }
@media (max-width: 600px) {
  .guide { padding: 20px 16px 48px; }
  .guide h1 { font-size: 1.7em; }
}

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
.gap-pointer, .gap-shown-at { margin: 0; color: var(--site-muted); font-size: 0.9em; overflow-wrap: anywhere; }
`;
