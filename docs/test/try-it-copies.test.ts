// What Try it copies is what it sent: for choices that take every option once (each key, key form, documented answer
// and fault), the page's mock (@thumbnail-api/mock/browser, run here in Node) answers, and every form Try it copies
// (curl, the client, fetch, Python) is run as its own process against startMock() with Try it's key registry, and
// must see that answer; the copied vitest tests, run by vitest, assert it against startMock() themselves. So the
// page's engine and the Node mock answer alike, and every copied form works. (try-it.browser.test.ts does the same
// with the bundle in Chromium.)
import type { ProcessResult } from '@thumbnail-api/dev-tools/run-process';
import { type AnyOperations, type RunningMock, startMock } from '@thumbnail-api/mock';
import { type BrowserMock, createBrowserMock } from '@thumbnail-api/mock/browser';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseJson } from '../src/samples/literals.mjs';
import { DOCUMENTED_ERRORS, MOCK_KEYS, SampleError, type SampleRequest, UNDOCUMENTED_ERROR } from '../src/samples/sample-request.mjs';
import type { ObservedAnswer } from '../src/samples/vitest-sample.mjs';
import { COPY_FORMS } from '../src/try-it/try-it-copies.mjs';
import { requireTools, runDir, runSample } from './run-sample.js';
import { contract, pageAnswer, runCopiedTests, scenarios, slug, vitestCopy } from './try-it-scenarios.js';

let page: BrowserMock;
let mock: RunningMock<AnyOperations>;
/** The copies as vitest tests, one file per scenario, written as each scenario's answer is known. */
const copiedTests: Record<string, string> = {};
beforeAll(async () => {
  await requireTools();
  [page, mock] = await Promise.all([
    createBrowserMock({ contract: contract.document, keys: MOCK_KEYS }),
    startMock<AnyOperations>({ port: 0, keys: MOCK_KEYS }),
  ]);
});
afterAll(async () => {
  page?.endPending();
  await mock?.stop();
});

describe.each(scenarios.map((scenario) => [scenario.name, scenario] as const))('%s', (name, { request }) => {
  let answer: ObservedAnswer;
  beforeAll(async () => {
    answer = await pageAnswer(page, request);
    copiedTests[`${slug(name)}.test.ts`] = vitestCopy(request, answer);
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
});

test('every copied vitest test passes against startMock(), run by vitest', async () => {
  const result = await runCopiedTests(`${runDir}copied-tests/`, copiedTests);
  expect(result.timedOut, result.stderr).toBe(false);
  expect(
    result.testResults.filter(({ status }) => status !== 'passed').map(({ name, message }) => `${name} ${message}`),
    result.stderr,
  ).toEqual([]);
  expect([result.numTotalTests, result.numPassedTests]).toEqual([scenarios.length, scenarios.length]);
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
