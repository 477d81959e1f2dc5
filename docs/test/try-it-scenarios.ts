// Try it's choices that take every option once (each key, key form, documented answer and fault), what the page's mock
// (@thumbnail-api/mock/browser, run here in Node) answers each, and its copies as vitest tests run by vitest: shared by
// try-it-copies.test.ts and the mutation test that shows the copied tests fail for an answer they were not written for.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { BrowserMock } from '@thumbnail-api/mock/browser';
import { loadContract } from '@thumbnail-api/spec';
import type { SampleRequest } from '../src/samples/sample-request.mjs';
import type { ObservedAnswer } from '../src/samples/vitest-sample.mjs';
import { everyChoiceOnce } from '../src/try-it/choice-coverage.mjs';
import { COPY_FORMS } from '../src/try-it/try-it-copies.mjs';
import { observe, toFetchRequest, tryItRequest } from '../src/try-it/try-it-request.mjs';
import { run } from './run-sample.js';

export const contract = loadContract();

/** Each choice, named `<operationId>, <choice>`, as the request Try it sends. */
export const scenarios = contract.operations.flatMap((operation) =>
  everyChoiceOnce(contract, operation).map(({ name, choices }) => ({
    name: `${operation.operationId}, ${name}`,
    request: tryItRequest(contract, operation, choices),
  })),
);

/** What the page's mock answers the request, as Try it shows it. */
export async function pageAnswer(page: BrowserMock, request: SampleRequest): Promise<ObservedAnswer> {
  page.reset();
  if (request.rule !== undefined) await page.rule(request.rule);
  const signal = request.timeoutMs === undefined ? undefined : AbortSignal.timeout(request.timeoutMs);
  return observe(await page.fetch(toFetchRequest(request, signal)), signal);
}

/** The copy of the request as a vitest test asserting `answer`. */
export function vitestCopy(request: SampleRequest, answer: ObservedAnswer): string {
  const vitest = COPY_FORMS.find((form) => form.id === 'vitest');
  if (vitest === undefined) throw new Error('Try it no longer copies a vitest test: COPY_FORMS has no "vitest" form.');
  return vitest.write(request, answer);
}

/** What vitest reported for the copied tests of a folder. */
export interface CopiedTestsRun {
  timedOut: boolean;
  stderr: string;
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  /** Each file, whether its tests passed, and the message of an error outside its tests (empty when none). */
  testResults: { name: string; status: 'passed' | 'failed'; message: string }[];
}

/** Writes `files` (name → source) into a fresh `dir` and runs them with vitest, each file against its own startMock(). */
export async function runCopiedTests(dir: string, files: Record<string, string>): Promise<CopiedTestsRun> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [name, source] of Object.entries(files)) writeFileSync(`${dir}${name}`, source);
  const report = `${dir}report.json`;
  // A config of their own: this package's would look for tests elsewhere.
  writeFileSync(`${dir}vitest.config.mjs`, "export default { test: { include: ['*.test.ts'], testTimeout: 30000 } };\n");
  const vitest = new URL('../node_modules/vitest/vitest.mjs', import.meta.url).pathname;
  // --no-isolate: the files share their workers' loaded modules (far quicker); each still starts its own mock.
  const args = [vitest, 'run', '--root', dir, '--config', `${dir}vitest.config.mjs`, '--no-isolate', '--reporter=json', `--outputFile=${report}`];
  const result = await run(process.execPath, args, {}, 110_000);
  return { timedOut: result.timedOut, stderr: result.stderr, ...JSON.parse(readFileSync(report, 'utf8')) };
}

/** A file name for a scenario. */
export function slug(name: string): string {
  return name.replace(/[^A-Za-z0-9]+/g, '-');
}
