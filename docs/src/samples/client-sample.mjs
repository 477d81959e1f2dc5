// The sample of a request as a call of @thumbnail-api/client (TypeScript): the documented 401 and 403 caught as the
// errors guide does, any other status reported, no answer at all rethrown. Every operation needs its client method
// named here: the contract alone does not say which method of the client sends it.
import { jsLiteral, jsString, parseJson } from './literals.mjs';
import { DOCUMENTED_ERRORS, introLines, isForTheMock, keyNote, RULE_NOTE, SampleError, UNDOCUMENTED_ERROR } from './sample-request.mjs';

/**
 * @typedef {import('./sample-request.mjs').SampleRequest} SampleRequest
 */

/** The client method of each operation; `retried`: the client retries it by default (then a copy asks for one attempt). */
export const CLIENT_CALLS = Object.freeze({
  createThumbnail: { method: 'thumbnails.create', takesBody: true, retried: false, result: 'thumbnail' },
  listThumbnails: { method: 'thumbnails.list', takesBody: false, retried: true, result: 'thumbnails' },
});

/** Headers the client sends by itself, with these values. */
const CLIENT_HEADERS = new Map([
  ['accept', 'application/json'],
  ['content-type', 'application/json'],
]);

/**
 * @param {SampleRequest} request
 * @returns {string}
 */
export function clientSample(request) {
  const call = CLIENT_CALLS[/** @type {keyof typeof CLIENT_CALLS} */ (request.operationId)];
  if (call === undefined) {
    throw new Error(`docs/src/samples/client-sample.mjs names no client method for ${request.operationId}: add it to CLIENT_CALLS.`);
  }
  const body = request.body === undefined ? undefined : parseJson(request.body);
  if (request.body !== undefined && body === undefined) {
    throw new SampleError('The client sends JSON bodies only, and this body is not JSON: copy it as curl, fetch or Python to send it as it is.');
  }
  const forMock = isForTheMock(request);
  const imports = [`import { AuthenticationError, PermissionDeniedError, ThumbnailApiError, ThumbnailClient } from '@thumbnail-api/client';`];
  if (request.rule !== undefined) imports.push(`import { connectMock } from '@thumbnail-api/mock';`);
  const lines = [...imports, ''];

  const options = [];
  if (forMock) {
    lines.push(...introLines(request).map((line) => `// ${line}`));
    lines.push(`const baseUrl = process.env.THUMBNAIL_API_BASE_URL ?? ${jsString(request.defaultBaseUrl)};`);
    if (request.rule !== undefined) lines.push('', `// ${RULE_NOTE}`, `await connectMock(baseUrl).rule(${jsLiteral(request.rule)});`);
    lines.push('');
    const note = keyNote(request.key);
    if (note) lines.push(`// ${note}`);
    if (request.key === null) lines.push('// The client refuses to send a request without a key: it throws a ConfigurationError, and nothing is sent.');
    options.push(`apiKey: ${request.key === null ? "''" : jsString(/** @type {{ mockKey: string }} */ (request.key).mockKey)}`, 'baseUrl');
  } else {
    lines.push(
      "// Your API key from THUMBNAIL_API_KEY (never in the source), and the service's address from",
      '// THUMBNAIL_API_BASE_URL (default: the local mock).',
    );
    options.push('apiKey: process.env.THUMBNAIL_API_KEY', `baseUrl: process.env.THUMBNAIL_API_BASE_URL ?? ${jsString(request.defaultBaseUrl)}`);
  }
  if (request.keyForm === 'bearer') options.push("auth: 'bearer'");
  lines.push(`const client = new ThumbnailClient({\n${options.map((option) => `  ${option},`).join('\n')}\n});`, '');

  const callOptions = [];
  const headers = request.headers.filter(([name, value]) => CLIENT_HEADERS.get(name.toLowerCase()) !== value);
  if (headers.length > 0) callOptions.push(`headers: ${jsLiteral(Object.fromEntries(headers))}`);
  if (request.timeoutMs !== undefined) callOptions.push(`timeoutMs: ${request.timeoutMs}`);
  if (request.rule !== undefined && call.retried) callOptions.push('maxRetries: 0');
  const args = [...(call.takesBody ? [jsLiteral(body?.value)] : []), ...(callOptions.length > 0 ? [`{ ${callOptions.join(', ')} }`] : [])];
  if (request.rule !== undefined && call.retried)
    lines.push("// One attempt, to see the rule's answer: the client retries 429, 5xx and connection errors of this call twice by default.");
  lines.push(
    'try {',
    `  const ${call.result} = await client.${call.method}(${args.join(', ')});`,
    `  console.log(JSON.stringify(${call.result}));`,
    '} catch (error) {',
    `  if (error instanceof AuthenticationError) console.error(${jsString(DOCUMENTED_ERRORS[401])});`,
    `  else if (error instanceof PermissionDeniedError) console.error(${jsString(DOCUMENTED_ERRORS[403])});`,
    `  else if (error instanceof ThumbnailApiError) console.error(\`${UNDOCUMENTED_ERROR} \${error.status}:\`, error.body);`,
    '  else throw error; // no answer at all: a connection error, a timeout or an abort',
    '  process.exitCode = 1;',
    '}',
  );
  return `${lines.join('\n')}\n`;
}
