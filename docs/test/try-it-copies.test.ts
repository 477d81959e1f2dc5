// What Try it copies is what it sent: for choices that take every option once (each key, key form, documented answer
// and fault), the page's mock (@thumbnail-api/mock/browser, run here in Node) answers, and every form Try it copies
// (curl, the client, fetch, Python) is run as its own process against startMock() with Try it's key registry, and
// must see that answer; the copied vitest tests, run by vitest, assert it against startMock() themselves. So the
// page's engine and the Node mock answer alike, and every copied form works. (try-it.browser.test.ts does the same
// with the bundle in Chromium.)
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { ProcessResult } from '@thumbnail-api/dev-tools/run-process';
import { type AnyOperations, type RunningMock, startMock } from '@thumbnail-api/mock';
import { type BrowserMock, createBrowserMock } from '@thumbnail-api/mock/browser';
import { loadContract } from '@thumbnail-api/spec';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseJson } from '../src/samples/literals.mjs';
import { DOCUMENTED_ERRORS, MOCK_KEYS, SampleError, type SampleRequest, UNDOCUMENTED_ERROR } from '../src/samples/sample-request.mjs';
import type { ObservedAnswer } from '../src/samples/vitest-sample.mjs';
import { everyChoiceOnce } from '../src/try-it/choice-coverage.mjs';
import { COPY_FORMS } from '../src/try-it/try-it-copies.mjs';
import { observe, toFetchRequest, tryItRequest } from '../src/try-it/try-it-request.mjs';
import { requireTools, run, runDir, runSample } from './run-sample.js';

const contract = loadContract();
const scenarios = contract.operations.flatMap((operation) =>
  everyChoiceOnce(contract, operation).map(({ name, choices }) => ({
    name: `${operation.operationId}, ${name}`,
    request: tryItRequest(contract, operation, choices),
  })),
);
const testsDir = `${runDir}copied-tests/`;

let page: BrowserMock;
let mock: RunningMock<AnyOperations>;
beforeAll(async () => {
  await requireTools();
  rmSync(testsDir, { recursive: true, force: true });
  mkdirSync(testsDir, { recursive: true });
  [page, mock] = await Promise.all([
    createBrowserMock({ contract: contract.document, keys: MOCK_KEYS }),
    startMock<AnyOperations>({ port: 0, keys: MOCK_KEYS }),
  ]);
});
afterAll(async () => {
  page?.endPending();
  await mock?.stop();
});

/** What the page's mock answers the request, as Try it shows it. */
async function pageAnswer(request: SampleRequest): Promise<ObservedAnswer> {
  page.reset();
  if (request.rule !== undefined) await page.rule(request.rule);
  const signal = request.timeoutMs === undefined ? undefined : AbortSignal.timeout(request.timeoutMs);
  return observe(await page.fetch(toFetchRequest(request, signal)), signal);
}

describe.each(scenarios.map((scenario) => [scenario.name, scenario] as const))('%s', (name, { request }) => {
  let answer: ObservedAnswer;
  beforeAll(async () => {
    answer = await pageAnswer(request);
  });

  test.each(COPY_FORMS.filter((form) => form.id !== 'vitest').map((form) => [form.label, form] as const))(
    'copied as %s, run against startMock(), sees that answer',
    async (_, form) => {
      let source: string;
      try {
        source = form.write(request, answer);
      } catch (error) {
        // Only the client refuses a body that is not JSON; every scenario here sends JSON.
        expect(error).not.toBeInstanceOf(SampleError);
        throw error;
      }
      mock.reset();
      const before = mock.requests().length;
      const result = await runSample(source, `${slug(name)}.${form.id}${form.extension}`, { THUMBNAIL_API_BASE_URL: mock.url });
      expectSeen(form.id, request, answer, result);
      // The request reached the mock, unless the client refused to send one without a key.
      const sent = form.id === 'client' && request.key === null ? 0 : 1;
      expect(mock.requests({ operationId: request.operationId }).length - before).toBe(sent);
    },
  );

  test('copied as a vitest test, it is written to run below', () => {
    const vitest = COPY_FORMS.find((form) => form.id === 'vitest');
    writeFileSync(`${testsDir}${slug(name)}.test.ts`, vitest?.write(request, answer) ?? '');
  });
});

test('every copied vitest test passes against startMock(), run by vitest', async () => {
  const report = `${testsDir}report.json`;
  // A config of their own: this package's would look for tests elsewhere.
  writeFileSync(`${testsDir}vitest.config.mjs`, "export default { test: { include: ['*.test.ts'], testTimeout: 30000 } };\n");
  const vitest = new URL('../node_modules/vitest/vitest.mjs', import.meta.url).pathname;
  // --no-isolate: the files share their workers' loaded modules (far quicker); each still starts its own mock.
  const args = [vitest, 'run', '--root', testsDir, '--config', `${testsDir}vitest.config.mjs`, '--no-isolate', '--reporter=json', `--outputFile=${report}`];
  const result: ProcessResult = await run(process.execPath, args, {}, 110_000);
  expect(result.timedOut, result.output).toBe(false);
  const { numTotalTests, numPassedTests, testResults } = JSON.parse(readFileSync(report, 'utf8')) as {
    numTotalTests: number;
    numPassedTests: number;
    testResults: { name: string; message: string }[];
  };
  expect(
    testResults.filter(({ message }) => message !== ''),
    result.stderr,
  ).toEqual([]);
  expect([numTotalTests, numPassedTests]).toEqual([scenarios.length, scenarios.length]);
}, 120_000);

/** What a reader sees running the copy, for the answer the page showed. */
function expectSeen(form: string, request: SampleRequest, answer: ObservedAnswer, result: ProcessResult): void {
  const context = `stdout: ${result.stdout}\nstderr: ${result.stderr}`;
  if (answer.kind === 'no-answer') {
    expect(result.code, context).not.toBe(0);
    // curl: 28 is its time limit; 52 and 56 a connection closed or reset without an answer.
    if (form === 'curl') expect(answer.cause === 'timeout' ? [28] : [52, 56], context).toContain(result.code);
    return;
  }
  const success = answer.status >= 200 && answer.status < 300;
  if (form === 'curl') {
    // --fail-with-body: the body as sent, and exit code 22 for an error status.
    expect(result.code, context).toBe(success ? 0 : 22);
    expect(result.stdout).toBe(answer.body);
    return;
  }
  if (form === 'client' && request.key === null) {
    expect(result.code, context).not.toBe(0);
    expect(result.stderr).toContain('ConfigurationError');
    return;
  }
  const json = parseJson(answer.body);
  if (success && json) {
    expect(result.code, context).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(json.value);
    return;
  }
  expect(result.code, context).not.toBe(0);
  expect(result.stdout, context).toBe('');
  if (success) {
    // A success whose body is not JSON: the client reports it, fetch's JSON.parse and Python's json.load raise.
    expect(result.stderr, context).toMatch(form === 'client' ? `${UNDOCUMENTED_ERROR} ${answer.status}` : form === 'fetch' ? /SyntaxError/ : /JSONDecodeError/);
  } else if (answer.status === 401 || answer.status === 403) {
    expect(result.stderr.trim(), context).toBe(DOCUMENTED_ERRORS[answer.status]);
  } else {
    expect(result.stderr, context).toContain(`${UNDOCUMENTED_ERROR} ${answer.status}`);
  }
}

function slug(name: string): string {
  return name.replace(/[^A-Za-z0-9]+/g, '-');
}
