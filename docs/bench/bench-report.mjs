// What the docs bench reports: the table of figures, and the targets of issue 22 checked against them.
import { CONTROL_REFERENCE, REFERENCE_PAGES, SERVICE_REFERENCE } from '../src/reference-pages.mjs';

/**
 * @typedef {object} PageResult
 * @property {string} page
 * @property {'mobile' | 'desktop'} preset
 * @property {number} performance
 * @property {number} accessibility
 * @property {number} bestPractices
 * @property {number} seo
 * @property {number} fcpMs
 * @property {number} lcpMs
 * @property {number} tbtMs
 * @property {number} transferredKiB Everything the first load transferred, compressed as served.
 * @property {string[]} failedAudits Accessibility, best-practice and SEO audits that failed.
 */

/** Issue 22's targets, for every page in the mobile preset; the references' LCP and TBT targets apply to both Redoc pages. */
export const TARGETS = {
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  referenceLcpMs: 2000,
  referenceTbtMs: 200,
  transferredKiB: 200,
  summary:
    'mobile preset, every page: performance >= 95, accessibility, best practices and SEO 100, at most 200 KiB transferred; both references: LCP <= 2.0 s, TBT <= 200 ms',
};

/**
 * Every target a result misses, as sentences.
 * @param {PageResult[]} results
 */
export function checkTargets(results) {
  /** @type {string[]} */
  const misses = [];
  for (const result of results.filter(({ preset }) => preset === 'mobile')) {
    const { page } = result;
    for (const key of /** @type {const} */ (['performance', 'accessibility', 'bestPractices', 'seo'])) {
      if (result[key] < TARGETS[key]) misses.push(`${page}: ${key} ${result[key]} < ${TARGETS[key]}`);
    }
    if (result.failedAudits.length > 0) misses.push(`${page}: failed audits ${result.failedAudits.join(', ')}`);
    if (result.transferredKiB > TARGETS.transferredKiB)
      misses.push(`${page}: ${Math.round(result.transferredKiB)} KiB transferred > ${TARGETS.transferredKiB} KiB`);
    if (REFERENCE_PAGES.includes(page) && result.lcpMs > TARGETS.referenceLcpMs)
      misses.push(`${page}: LCP ${seconds(result.lcpMs)} > ${seconds(TARGETS.referenceLcpMs)}`);
    if (REFERENCE_PAGES.includes(page) && result.tbtMs > TARGETS.referenceTbtMs)
      misses.push(`${page}: TBT ${Math.round(result.tbtMs)} ms > ${TARGETS.referenceTbtMs} ms`);
  }
  return misses;
}

/**
 * The figures as a Markdown table, a row per page and preset.
 * @param {PageResult[]} results
 */
export function renderTable(results) {
  const rows = results.map((result) =>
    [
      result.page === SERVICE_REFERENCE.href
        ? `${result.page} (reference)`
        : result.page === CONTROL_REFERENCE.href
          ? `${result.page} (control reference)`
          : result.page,
      result.preset,
      result.performance,
      result.accessibility,
      result.bestPractices,
      result.seo,
      seconds(result.fcpMs),
      seconds(result.lcpMs),
      `${Math.round(result.tbtMs)} ms`,
      `${Math.round(result.transferredKiB)} KiB`,
    ].join(' | '),
  );
  return [
    '| page | preset | performance | accessibility | best practices | SEO | FCP | LCP | TBT | transferred |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n');
}

/** @param {number} ms */
function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}
