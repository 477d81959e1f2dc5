// The copies Try it makes as vitest tests check the answer: written for an answer the mock does not give (another
// status; another body, or the other way of not answering), every one of them fails against startMock(). So
// try-it-copies.test.ts, which runs them as written and needs them to pass, sees a copy that asserts too little.
import { type BrowserMock, createBrowserMock } from '@thumbnail-api/mock/browser';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { MOCK_KEYS } from '../src/samples/sample-request.mjs';
import type { ObservedAnswer } from '../src/samples/vitest-sample.mjs';
import { runDir } from './run-sample.js';
import { contract, pageAnswer, runCopiedTests, scenarios, slug, vitestCopy } from './try-it-scenarios.js';

/** The answers a copy is written for instead of the one the page showed. */
const tampered: [string, (answer: ObservedAnswer) => ObservedAnswer][] = [
  [
    'another-status',
    (answer) =>
      answer.kind === 'answer'
        ? { ...answer, status: answer.status === 200 ? 201 : 200 }
        : { kind: 'answer', status: 200, statusText: 'OK', headers: [['content-type', 'application/json']], body: '{}' },
  ],
  [
    'another-body',
    (answer) =>
      answer.kind === 'answer' ? { ...answer, body: '{"tampered":true}' } : { kind: 'no-answer', cause: answer.cause === 'reset' ? 'timeout' : 'reset' },
  ],
];

let page: BrowserMock;
beforeAll(async () => {
  page = await createBrowserMock({ contract: contract.document, keys: MOCK_KEYS });
});
afterAll(() => page?.endPending());

test('every copied vitest test written for another answer than the mock gives fails against startMock()', async () => {
  const files: Record<string, string> = {};
  for (const { name, request } of scenarios) {
    const answer = await pageAnswer(page, request);
    for (const [how, tamper] of tampered) files[`${slug(name)}.${how}.test.ts`] = vitestCopy(request, tamper(answer));
  }
  const result = await runCopiedTests(`${runDir}tampered-copies/`, files);
  expect(result.timedOut, result.stderr).toBe(false);
  expect(
    result.testResults.filter(({ status }) => status !== 'failed').map(({ name }) => name),
    'copies that passed though written for another answer',
  ).toEqual([]);
  expect([result.numTotalTests, result.numFailedTests]).toEqual([2 * scenarios.length, 2 * scenarios.length]);
}, 180_000);
