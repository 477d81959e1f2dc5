// The sample of a request as a vitest test that asserts the answer Try it showed: the mock started in the test's own
// process (startMock() from @thumbnail-api/mock) with Try it's key registry and rule, the request sent with fetch.

import { fetchInit } from './fetch-sample.mjs';
import { jsLiteral, jsString, parseJson } from './literals.mjs';
import { MOCK_KEYS, RULE_NOTE } from './sample-request.mjs';

/**
 * @typedef {import('./sample-request.mjs').SampleRequest} SampleRequest
 * @typedef {{ kind: 'answer', status: number, statusText: string, headers: [string, string][], body: string }
 *   | { kind: 'no-answer', cause: 'reset' | 'timeout' }} ObservedAnswer
 *   What came back: an answer, or none (the connection reset, or nothing before the time limit).
 */

/** The headers a copied test asserts, when the answer has them: what the contract, the client and a test depend on. */
export const ASSERTED_HEADERS = Object.freeze([
  'content-type',
  'retry-after',
  'allow',
  'x-thumbnail-api-mock-note',
  'x-thumbnail-api-mock-simulated',
  'x-thumbnail-api-mock-error',
]);

/**
 * @param {SampleRequest} request To the mock: a mock key or none, never the reader's own.
 * @param {ObservedAnswer} answer
 * @returns {string}
 */
export function vitestSample(request, answer) {
  if (request.key !== null && 'from' in request.key) throw new Error('vitestSample() writes tests against the mock: give it a mock key (or none).');
  const lines = [
    "// A test of the answer Try it showed: the mock in this process (startMock()), with Try it's key registry of mock keys",
    "// and its rule; fetch sends what Try it sent. Your own code can take fetch's place, with its base URL set to mock.url.",
    "import { type RunningMock, startMock } from '@thumbnail-api/mock';",
    "import { afterAll, beforeAll, expect, test } from 'vitest';",
    '',
    'let mock: RunningMock;',
    'beforeAll(async () => {',
    `  mock = await startMock({ port: 0, keys: ${jsLiteral(MOCK_KEYS)} });`,
    '});',
    'afterAll(async () => {',
    '  await mock.stop();',
    '});',
    '',
  ];
  const body = [];
  if (request.rule !== undefined) body.push(`// ${RULE_NOTE}`, `await mock.rule(${jsLiteral(request.rule)});`);
  const send = [`fetch(\`\${mock.url}${request.path}\`, {`, ...fetchInit(request).map((entry) => `  ${entry},`), '})'];
  if (answer.kind === 'no-answer') {
    const expectation =
      answer.cause === 'reset' ? '.rejects.toThrow(TypeError); // fetch failed: the connection was reset' : ".rejects.toMatchObject({ name: 'TimeoutError' });";
    body.push(`await expect(${send[0]}`, ...send.slice(1, -1), `${send.at(-1)})${expectation}`);
  } else {
    body.push(`const response = await ${send[0]}`, ...send.slice(1, -1), `${send.at(-1)};`);
    body.push(`expect(response.status).toBe(${answer.status});`);
    for (const [name, value] of answer.headers) {
      if (ASSERTED_HEADERS.includes(name.toLowerCase())) body.push(`expect(response.headers.get(${jsString(name.toLowerCase())})).toBe(${jsString(value)});`);
    }
    const contentType = answer.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
    const json = /^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType) ? parseJson(answer.body) : undefined;
    body.push(json ? `expect(await response.json()).toEqual(${jsLiteral(json.value)});` : `expect(await response.text()).toBe(${jsString(answer.body)});`);
  }
  // A test waiting for a time limit needs more than vitest's 5 s when the limit is near them.
  const limit = answer.kind === 'no-answer' && answer.cause === 'timeout' && request.timeoutMs !== undefined ? `, ${request.timeoutMs + 5000}` : '';
  lines.push(`test(${jsString(testName(request, answer))}, async () => {`, ...body.map((line) => `  ${line}`), `}${limit});`);
  return `${lines.join('\n')}\n`;
}

/** What the test checks, in its name: `listThumbnails answers 403 Forbidden`. */
function testName(/** @type {SampleRequest} */ request, /** @type {ObservedAnswer} */ answer) {
  if (answer.kind === 'no-answer')
    return `${request.operationId}: ${answer.cause === 'reset' ? 'the connection is reset' : `no answer within ${request.timeoutMs} ms`}`;
  return `${request.operationId} answers ${answer.status}${answer.statusText ? ` ${answer.statusText}` : ''}`;
}
