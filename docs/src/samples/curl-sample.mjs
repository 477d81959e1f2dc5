// The curl sample of a request: a POSIX shell script. Errors: `--fail-with-body` makes an error status (the
// documented 401 and 403 included) print its body and exit with 22; no answer exits with curl's own code.
import { shellDoubleQuoted, shellSingleQuoted } from './literals.mjs';
import { introLines, keyHeader, keyNote, RULE_NOTE } from './sample-request.mjs';

/**
 * @typedef {import('./sample-request.mjs').SampleRequest} SampleRequest
 */

/**
 * @param {SampleRequest} request
 * @returns {string}
 */
export function curlSample(request) {
  const lines = introLines(request).map((line) => `# ${line}`);
  lines.push(`THUMBNAIL_API_BASE_URL="\${THUMBNAIL_API_BASE_URL:-${request.defaultBaseUrl}}"`);
  const fromEnvironment = request.key !== null && 'from' in request.key;
  if (fromEnvironment) lines.push(`THUMBNAIL_API_KEY="\${THUMBNAIL_API_KEY:?set THUMBNAIL_API_KEY to your API key}"`);
  lines.push('');
  if (request.rule !== undefined) {
    lines.push(`# ${RULE_NOTE}`, "# (-o /dev/null: its answer, the rule's id, is not shown; a refused rule is.)");
    lines.push(
      ...command([
        '-o /dev/null -X POST "$THUMBNAIL_API_BASE_URL/__mock/rules"',
        '-H "Content-Type: application/json"',
        `-d ${shellSingleQuoted(JSON.stringify(request.rule))}`,
      ]),
    );
    lines.push('');
  }
  const note = keyNote(request.key);
  if (note) lines.push(`# ${note}`);
  lines.push('# --fail-with-body: an error status (401: the key is missing or invalid; 403: it has no access) prints its body and exits with 22.');
  const url = `"$THUMBNAIL_API_BASE_URL${request.path}"`;
  const first = [
    request.method === 'GET' ? '' : `-X ${request.method} `,
    request.timeoutMs === undefined ? '' : `--max-time ${request.timeoutMs / 1000} `,
    url,
  ].join('');
  const parts = [first];
  if (request.key !== null && 'from' in request.key) {
    const [name, value] = keyHeader(request.keyForm, '$THUMBNAIL_API_KEY');
    parts.push(`-H "${name}: ${value}"`);
  } else if (request.key !== null) {
    const [name, value] = keyHeader(request.keyForm, request.key.mockKey);
    parts.push(`-H ${shellDoubleQuoted(`${name}: ${value}`)}`);
  }
  for (const [name, value] of request.headers) parts.push(`-H ${shellDoubleQuoted(`${name}: ${value}`)}`);
  if (request.body !== undefined) parts.push(`-d ${shellSingleQuoted(compactJson(request.body))}`);
  lines.push(...command(parts));
  return `${lines.join('\n')}\n`;
}

/** `curl -sS --fail-with-body` and its arguments, one per line after the first. */
function command(/** @type {string[]} */ parts) {
  const [first = '', ...rest] = parts;
  return [`curl -sS --fail-with-body ${first}`, ...rest.map((part) => `  ${part}`)].map((line, index, all) => (index < all.length - 1 ? `${line} \\` : line));
}

/** A JSON body on one line; a body that is not JSON as it is. */
function compactJson(/** @type {string} */ text) {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text;
  }
}
