// The forms Try it copies an answer in, each written by the generator the reference's samples come from (and that
// the tests run): curl, the client, plain fetch, Python, and a vitest test asserting the answer.
import { clientSample } from '../samples/client-sample.mjs';
import { curlSample } from '../samples/curl-sample.mjs';
import { fetchSample } from '../samples/fetch-sample.mjs';
import { pythonSample } from '../samples/python-sample.mjs';
import { vitestSample } from '../samples/vitest-sample.mjs';

/**
 * @typedef {import('../samples/sample-request.mjs').SampleRequest} SampleRequest
 * @typedef {import('../samples/vitest-sample.mjs').ObservedAnswer} ObservedAnswer
 * @typedef {{ id: string, label: string, extension: string, write: (request: SampleRequest, answer: ObservedAnswer) => string }} CopyForm
 */

/** @type {readonly CopyForm[]} */
export const COPY_FORMS = Object.freeze([
  { id: 'curl', label: 'curl', extension: '.sh', write: (request) => curlSample(request) },
  { id: 'client', label: '@thumbnail-api/client call (TypeScript)', extension: '.ts', write: (request) => clientSample(request) },
  { id: 'vitest', label: 'vitest test with startMock() (TypeScript)', extension: '.test.ts', write: vitestSample },
  { id: 'fetch', label: 'fetch, no SDK (JavaScript)', extension: '.mjs', write: (request) => fetchSample(request) },
  { id: 'python', label: 'Python (standard library)', extension: '.py', write: (request) => pythonSample(request) },
]);
