// `thumbnail-api-verify`: options and environment checked, the --observed overlay read, then the run; the human
// report on stdout, a progress line on stderr when it is a terminal, and the files CI reads. Exit code 0 passed, 1
// failed or incomplete, 2 bad usage.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { readContract } from '@thumbnail-api/mock/contract-check';
import type { VerifyReport } from './findings.js';
import { type ObservedAnswers, ObservedOverlayError, readObservedOverlay } from './observed-drift.js';
import { planProbes } from './probe-plan.js';
import { ProgressLine } from './progress-line.js';
import { formatHuman } from './report-human.js';
import { formatJson } from './report-json.js';
import { formatJunit } from './report-junit.js';
import { formatMarkdown } from './report-markdown.js';
import { parseVerifyOptions, UsageError, type VerifyOptions, verifyUsage } from './verify-options.js';

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

export async function runVerify(argv: readonly string[]): Promise<void> {
  let options: VerifyOptions;
  let observed: ObservedAnswers | undefined;
  try {
    options = parseVerifyOptions(argv, process.env);
    if (options.help) {
      console.log(verifyUsage);
      process.exit(0);
    }
    observed = options.observed === undefined ? undefined : await readOverlay(options.observed);
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof ObservedOverlayError)) throw error;
    console.error(`thumbnail-api-verify: ${error.message}\n\nRun npx @thumbnail-api/verify --help for the options.`);
    process.exit(2);
  }
  if (options.dryRun) {
    await printPlan(options);
    process.exit(0);
  }

  // A signal ends the run, and what was found so far is still reported.
  const interrupt = new AbortController();
  for (const signal of STOP_SIGNALS) process.once(signal, () => interrupt.abort(signal));
  let report: VerifyReport;
  const progress = new ProgressLine(process.stderr);
  try {
    const posts = options.allowBilling === 0 ? 'GETs only: no --allow-billing' : `POST budget ${options.allowBilling}`;
    console.error(`thumbnail-api-verify: checking ${options.baseUrl.origin} (${posts}, at most ${options.maxRps} request(s)/s)`);
    const { runVerification } = await import('./run-verification.js');
    report = await runVerification({ ...options, specPath: options.spec, observed, signal: interrupt.signal, onProgress: (line) => progress.show(line) });
  } catch (error) {
    progress.clear();
    console.error(`thumbnail-api-verify: ${(error as Error).message}`);
    process.exit(1);
  }
  progress.clear();
  console.log(formatHuman(report));
  try {
    if (options.json !== undefined) writeFileSync(options.json, formatJson(report));
    if (options.junit !== undefined) writeFileSync(options.junit, formatJunit(report));
    const summary = process.env.GITHUB_STEP_SUMMARY;
    if (summary !== undefined && summary !== '') appendFileSync(summary, formatMarkdown(report));
  } catch (error) {
    console.error(`thumbnail-api-verify: a report file could not be written: ${(error as Error).message}`);
    process.exit(1);
  }
  process.exit(report.verdict === 'passed' ? 0 : 1);
}

async function readOverlay(path: string): Promise<ObservedAnswers> {
  const text = readFileSync(path, 'utf8');
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    const { parse } = await import('yaml');
    try {
      document = parse(text);
    } catch (error) {
      throw new ObservedOverlayError(`--observed ${path} is not YAML or JSON: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  return readObservedOverlay(document, `--observed ${path}`);
}

/** --dry-run: the requests, in order, with why; nothing is sent and Prism is not loaded. */
async function printPlan(options: VerifyOptions): Promise<void> {
  const { apiKeyFormsOf, collectAssumptions } = await import('@thumbnail-api/spec/model');
  const { model } = await readContract(options.spec);
  const probes = planProbes({
    model,
    forms: apiKeyFormsOf(model).forms,
    assumptions: collectAssumptions(model.document),
    prompts: options.prompts,
    postKinds: options.postKinds,
    forbiddenKey: options.forbiddenKey !== undefined,
  });
  let posts = 0;
  console.log(`What verify would send to ${options.baseUrl.origin}, in this order (nothing was sent):`);
  for (const probe of probes) {
    const over = options.allowBilling === 0 ? 'no POST budget: pass --allow-billing <n>' : `over the POST budget (--allow-billing ${options.allowBilling})`;
    const budget =
      probe.method === 'POST' && probe.skipped === undefined
        ? ++posts <= options.allowBilling
          ? ` [POST ${posts} of ${options.allowBilling}]`
          : ` [not sent: ${over}]`
        : '';
    if (probe.skipped !== undefined) {
      console.log(`  ${probe.method} ${probe.path}  ${probe.title} [not sent: ${probe.skipped}]`);
      continue;
    }
    console.log(`  ${probe.method} ${probe.path}  ${probe.title}${budget}`, `\n      ${probe.why}${probe.billing === undefined ? '' : ` ${probe.billing}`}`);
  }
}
