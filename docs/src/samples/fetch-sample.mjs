// The sample of a request with plain `fetch`, no SDK: a JavaScript module for Node.js 20+ (the same call works in a
// browser, against the mock only: a service key never goes into a web page). The documented 401 and 403 are handled
// as the errors guide does, any other status reported; no answer at all (or a success body that is not JSON) throws.
import { jsLiteral, jsString, parseJson } from './literals.mjs';
import { DOCUMENTED_ERRORS, introLines, isForTheMock, keyHeader, keyNote, RULE_NOTE, UNDOCUMENTED_ERROR } from './sample-request.mjs';

/**
 * @typedef {import('./sample-request.mjs').SampleRequest} SampleRequest
 */

/**
 * @param {SampleRequest} request
 * @returns {string}
 */
export function fetchSample(request) {
  const forMock = isForTheMock(request);
  const lines = ['// Plain fetch, no SDK: Node.js 20+ (in a browser too, against the mock only: never put a service key in a web page).'];
  lines.push(...introLines(request).map((line) => `// ${line}`));
  lines.push(`const baseUrl = process.env.THUMBNAIL_API_BASE_URL ?? ${jsString(request.defaultBaseUrl)};`);
  if (!forMock) {
    lines.push('const apiKey = process.env.THUMBNAIL_API_KEY;', "if (!apiKey) throw new Error('Set THUMBNAIL_API_KEY to your API key.');");
  }
  if (request.rule !== undefined) {
    lines.push(
      '',
      `// ${RULE_NOTE}`,
      `const ruleAnswer = await fetch(\`\${baseUrl}/__mock/rules\`, {`,
      "  method: 'POST',",
      "  headers: { 'Content-Type': 'application/json' },",
      `  body: JSON.stringify(${jsLiteral(request.rule)}),`,
      '});',
      `if (!ruleAnswer.ok) throw new Error(\`The mock refused the rule: \${await ruleAnswer.text()}\`);`,
    );
  }
  lines.push('');
  const note = keyNote(request.key);
  if (note) lines.push(`// ${note}`);

  lines.push(`const response = await fetch(\`\${baseUrl}${request.path}\`, {`, ...fetchInit(request).map((entry) => `  ${entry},`), '});');
  lines.push(
    'const text = await response.text();',
    'if (response.ok) {',
    '  // A success body that is not JSON throws here.',
    `  console.log(JSON.stringify(JSON.parse(text)));`,
    '} else {',
    `  if (response.status === 401) console.error(${jsString(DOCUMENTED_ERRORS[401])});`,
    `  else if (response.status === 403) console.error(${jsString(DOCUMENTED_ERRORS[403])});`,
    `  else console.error(\`${UNDOCUMENTED_ERROR} \${response.status}: \${text}\`);`,
    '  process.exitCode = 1;',
    '}',
  );
  return `${lines.join('\n')}\n`;
}

/**
 * The entries of fetch's `init` for the request (method, headers, body, signal), as JavaScript source; the reader's key
 * is the variable `apiKey`.
 * @param {SampleRequest} request
 * @returns {string[]}
 */
export function fetchInit(request) {
  /** @type {string[]} */
  const headers = [];
  if (request.key !== null) {
    const [name, value] = keyHeader(request.keyForm, 'KEY');
    const keyValue =
      'from' in request.key ? (value === 'KEY' ? 'apiKey' : `\`${value.replace('KEY', `\${apiKey}`)}\``) : jsString(value.replace('KEY', request.key.mockKey));
    headers.push(`${propertyName(name)}: ${keyValue}`);
  }
  for (const [name, value] of request.headers) headers.push(`${propertyName(name)}: ${jsString(value)}`);
  const init = [];
  if (request.method !== 'GET') init.push(`method: ${jsString(request.method)}`);
  init.push(`headers: { ${headers.join(', ')} }`);
  if (request.body !== undefined) {
    const json = parseJson(request.body);
    init.push(json ? `body: JSON.stringify(${jsLiteral(json.value)})` : `body: ${jsString(request.body)}`);
  }
  if (request.timeoutMs !== undefined) init.push(`signal: AbortSignal.timeout(${request.timeoutMs})`);
  return init;
}

/** A header name as an object key: bare where JavaScript allows it (`Accept`), quoted otherwise (`'Content-Type'`). */
function propertyName(/** @type {string} */ name) {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : jsString(name);
}
