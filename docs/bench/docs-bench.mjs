// The docs bench: serves the built site (docs/dist) gzipped, as GitHub Pages does, runs Lighthouse on every page
// with its mobile preset (simulated slow 4G, 4x slower CPU) and its desktop preset, prints a table of the scores,
// FCP, LCP, TBT and bytes transferred, and says whether every target of issue 22 is met. With --record it writes
// the table, dated, into docs/BENCHMARKS.md, so no figure is ever typed by hand.
//
//   pnpm --filter @thumbnail-api/docs bench [--record] [--pages index.html,errors.html]
//
// Lighthouse runs as its own process, asynchronously: the static server lives in this process and must answer.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { startBenchRun } from '@thumbnail-api/dev-tools/bench-record';
import { runProcess } from '@thumbnail-api/dev-tools/run-process';
import { REDOC_BUNDLE_FILE } from '../src/redoc-loader.mjs';
import { serveSite, siteDir } from '../src/serve-site.mjs';
import { TRY_IT_BUNDLE_FILE } from '../src/try-it/try-it-page.mjs';
import { checkTargets, renderTable, TARGETS } from './bench-report.mjs';
import { ensureLighthouse } from './lighthouse-tools.mjs';

const { values } = readArguments(process.argv.slice(2));
const run = startBenchRun(fileURLToPath(new URL('..', import.meta.url)), '@thumbnail-api/docs', 'pnpm --filter @thumbnail-api/docs bench --record');
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PRESETS = /** @type {const} */ (['mobile', 'desktop']);

/** @typedef {import('./bench-report.mjs').PageResult} PageResult */

/**
 * Runs Lighthouse once on `url` and reads the figures the bench reports.
 * @param {string} url
 * @param {'mobile' | 'desktop'} preset
 * @param {string} outputDir
 * @returns {Promise<Omit<PageResult, 'page'> & { lighthouse: string }>}
 */
async function runLighthouse(url, preset, outputDir) {
  const output = join(outputDir, `${preset}-${Date.now()}.json`);
  const args = [
    url,
    '--quiet',
    '--output=json',
    `--output-path=${output}`,
    '--only-categories=performance,accessibility,best-practices,seo',
    '--chrome-flags=--headless=new --no-sandbox',
    ...(preset === 'desktop' ? ['--preset=desktop'] : []),
  ];
  const result = await runProcess(lighthouseBin, args, { env: { ...process.env, CHROME_PATH: chromePath }, timeoutMs: 180_000 });
  if (result.code !== 0) {
    throw new Error(`Lighthouse failed on ${url} (${preset}, exit ${result.code}${result.timedOut ? ', timed out' : ''}):\n${result.output.slice(-2000)}`);
  }
  const report = JSON.parse(readFileSync(output, 'utf8'));
  if (report.runtimeError) throw new Error(`Lighthouse could not load ${url} (${preset}): ${report.runtimeError.code} ${report.runtimeError.message}`);
  const score = (/** @type {string} */ id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const audit = (/** @type {string} */ id) => Number(report.audits[id]?.numericValue ?? Number.NaN);
  return {
    preset,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    transferredKiB: audit('total-byte-weight') / 1024,
    failedAudits: Object.values(report.categories).flatMap((/** @type {any} */ category) =>
      category.id === 'performance'
        ? []
        : category.auditRefs
            .filter((/** @type {any} */ ref) => ref.weight > 0 && typeof report.audits[ref.id]?.score === 'number' && report.audits[ref.id].score < 1)
            .map((/** @type {any} */ ref) => ref.id),
    ),
    lighthouse: String(report.lighthouseVersion),
  };
}

const built = JSON.parse(readFileSync(join(siteDir, 'version.json'), 'utf8'));
const pages = values.pages ? values.pages.split(',') : /** @type {string[]} */ (built.pages);
const { reused, bin: lighthouseBin } = await ensureLighthouse();
if (!reused) console.log('Lighthouse installed.');
const site = await serveSite({ compress: true });
const outputDir = mkdtempSync(join(tmpdir(), 'docs-bench-'));
/** @type {PageResult[]} */
const results = [];
// The user agent says only "Chrome/156.0.0.0"; the binary says which build it is.
const chrome = (await runProcess(chromePath, ['--version'])).stdout.trim() || chromePath;
let lighthouse = '';
try {
  for (const page of pages) {
    for (const preset of PRESETS) {
      const { lighthouse: lighthouseVersion, ...figures } = await runLighthouse(`${site.url}/${page}`, preset, outputDir);
      lighthouse = lighthouseVersion;
      results.push({ page, ...figures });
      const failed = figures.failedAudits.length > 0 ? `; failed audits: ${figures.failedAudits.join(', ')}` : '';
      console.log(`${page} (${preset}): performance ${figures.performance}, LCP ${Math.round(figures.lcpMs)} ms, TBT ${Math.round(figures.tbtMs)} ms${failed}`);
    }
  }
} finally {
  await site.close();
  rmSync(outputDir, { recursive: true, force: true });
}

const misses = checkTargets(results);
const commit = (await runProcess('git', ['rev-parse', '--short', 'HEAD'])).stdout.trim();
const setting =
  `Lighthouse ${lighthouse}, ${chrome}, Node ${process.versions.node}, ${cpus().length} cores (1-minute load ${loadavg()[0]?.toFixed(1)} at the end); ` +
  `site built from contract bundle ${built.bundleHash}, commit ${commit}, served gzipped from 127.0.0.1`;
// What the reader transfers on the first gesture that needs Redoc, and on opening Try it, gzipped as the server sends it.
const sizeOf = (/** @type {string} */ file) => {
  const bytes = readFileSync(join(siteDir, file));
  return `${Math.round(gzipSync(bytes).length / 1024)} KiB gzipped (${Math.round(bytes.length / 1024)} KiB as a file)`;
};
const bundleNote =
  `${REDOC_BUNDLE_FILE}, loaded on the reader's first gesture and not part of any first load above: ${sizeOf(REDOC_BUNDLE_FILE)}. ` +
  `${TRY_IT_BUNDLE_FILE} (Try it: the mock's engine, the contract and the code generators), loaded when a reader first opens Try it: ${sizeOf(TRY_IT_BUNDLE_FILE)}`;
const table = renderTable(results);
console.log(`\n${table}\n\n${bundleNote}.\n\n${setting}\n`);
console.log(misses.length === 0 ? `Every target met (${TARGETS.summary}).` : `Targets missed (${TARGETS.summary}):\n- ${misses.join('\n- ')}`);
if (values.record) {
  if (values.pages) throw new Error('--record writes the figures of every page: run it without --pages.');
  const verdict =
    misses.length === 0 ? `Every target met (${TARGETS.summary}).` : `Targets missed (${TARGETS.summary}):\n\n${misses.map((miss) => `- ${miss}`).join('\n')}`;
  run.record('lighthouse', 'Every page, Lighthouse', [table, '', `${bundleNote}.`, '', `${setting}.`, '', verdict]);
}
process.exitCode = misses.length === 0 ? 0 : 1;

/**
 * The bench's options; a `--` that `pnpm run bench -- --record` forwards is skipped. Anything else unknown ends the run
 * with what it takes, not a stack trace.
 * @param {string[]} args
 */
function readArguments(args) {
  try {
    return parseArgs({ args: args[0] === '--' ? args.slice(1) : args, options: { record: { type: 'boolean', default: false }, pages: { type: 'string' } } });
  } catch (error) {
    console.error(
      `docs bench: ${/** @type {Error} */ (error).message}\nIt takes --record (write the table into docs/BENCHMARKS.md) and --pages <a.html,b.html>.`,
    );
    process.exit(2);
  }
}
