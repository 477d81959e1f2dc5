// The sample of a request in Python 3.9+ with the standard library only (urllib.request, json): nothing to install.
// The documented 401 and 403 are handled as the errors guide does, any other status reported (exit code 1); no
// answer at all (or a success body that is not JSON) raises.
import { parseJson, pyLiteral, pyString } from './literals.mjs';
import { DOCUMENTED_ERRORS, introLines, isForTheMock, keyHeader, keyNote, RULE_NOTE, UNDOCUMENTED_ERROR } from './sample-request.mjs';

/**
 * @typedef {import('./sample-request.mjs').SampleRequest} SampleRequest
 */

/** How long the sample waits for an answer when the request names no limit, in seconds (the client's default). */
const DEFAULT_TIMEOUT_SECONDS = 60;

/**
 * @param {SampleRequest} request
 * @returns {string}
 */
export function pythonSample(request) {
  const forMock = isForTheMock(request);
  const lines = introLines(request).map((line) => `# ${line}`);
  lines.push('# Python 3.9+, standard library only.', 'import json', 'import os', 'import sys', 'import urllib.error', 'import urllib.request', '');
  lines.push(`base_url = os.environ.get("THUMBNAIL_API_BASE_URL", ${pyString(request.defaultBaseUrl)})`);
  if (!forMock) lines.push('api_key = os.environ.get("THUMBNAIL_API_KEY")', 'if not api_key:', '    sys.exit("set THUMBNAIL_API_KEY to your API key")');
  if (request.rule !== undefined) {
    lines.push(
      '',
      `# ${RULE_NOTE}`,
      'rule = urllib.request.Request(',
      '    base_url + "/__mock/rules",',
      '    method="POST",',
      '    headers={"Content-Type": "application/json"},',
      `    data=json.dumps(${pyLiteral(request.rule)}).encode(),`,
      ')',
      'urllib.request.urlopen(rule, timeout=10).close()',
    );
  }
  lines.push('');
  const note = keyNote(request.key);
  if (note) lines.push(`# ${note}`);

  /** @type {string[]} */
  const headers = [];
  if (request.key !== null) {
    const [name, value] = keyHeader(request.keyForm, 'KEY');
    const keyValue =
      'from' in request.key
        ? value === 'KEY'
          ? 'api_key'
          : `${pyString(value.replace('KEY', ''))} + api_key`
        : pyString(value.replace('KEY', request.key.mockKey));
    headers.push(`${pyString(name)}: ${keyValue}`);
  }
  for (const [name, value] of request.headers) headers.push(`${pyString(name)}: ${pyString(value)}`);
  const args = [`base_url + ${pyString(request.path)}`, `method=${pyString(request.method)}`, `headers={${headers.join(', ')}}`];
  if (request.body !== undefined) {
    const json = parseJson(request.body);
    args.push(json ? `data=json.dumps(${pyLiteral(json.value)}).encode()` : `data=${pyString(request.body)}.encode()`);
  }
  const timeout = request.timeoutMs === undefined ? DEFAULT_TIMEOUT_SECONDS : request.timeoutMs / 1000;
  lines.push(
    'request = urllib.request.Request(',
    ...args.map((arg) => `    ${arg},`),
    ')',
    'try:',
    `    with urllib.request.urlopen(request, timeout=${timeout}) as response:`,
    '        # A success body that is not JSON raises here.',
    '        print(json.dumps(json.load(response)))',
    'except urllib.error.HTTPError as error:',
    '    if error.code == 401:',
    `        sys.exit(${pyString(DOCUMENTED_ERRORS[401])})`,
    '    if error.code == 403:',
    `        sys.exit(${pyString(DOCUMENTED_ERRORS[403])})`,
    `    sys.exit(f"${UNDOCUMENTED_ERROR} {error.code}: {error.read().decode('utf-8', 'replace')}")`,
  );
  return `${lines.join('\n')}\n`;
}
