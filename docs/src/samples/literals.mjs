// Values written as source code in the languages of the samples: shell words, JavaScript and Python literals of a JSON
// value. Pure functions, run by the build, the tests and Try it in the page alike.

/**
 * A shell word in double quotes: `$`, `` ` ``, `"` and `\` escaped, so nothing in it expands.
 * @param {string} text
 */
export function shellDoubleQuoted(text) {
  return `"${text.replace(/[$`"\\]/g, '\\$&')}"`;
}

/**
 * A shell word in single quotes (nothing inside expands; a `'` is closed, escaped and reopened).
 * @param {string} text
 */
export function shellSingleQuoted(text) {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * A JavaScript string literal in single quotes.
 * @param {string} text
 */
export function jsString(text) {
  return `'${JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * A JSON value as a JavaScript literal, in the style of the guides: `{ prompt: 'A fox' }` (single-quoted strings,
 * keys unquoted where they can be), on one line.
 * @param {unknown} value
 * @returns {string}
 */
export function jsLiteral(value) {
  if (typeof value === 'string') return jsString(value);
  if (Array.isArray(value)) return `[${value.map(jsLiteral).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([key, item]) => `${IDENTIFIER.test(key) ? key : jsString(key)}: ${jsLiteral(item)}`);
    return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
  }
  return JSON.stringify(value);
}

/**
 * A Python string literal in double quotes (JSON's escapes are Python's too, for what JSON.stringify writes).
 * @param {string} text
 */
export function pyString(text) {
  return JSON.stringify(text);
}

/**
 * A JSON value as a Python literal: `True`, `False`, `None`, dicts and lists.
 * @param {unknown} value
 * @returns {string}
 */
export function pyLiteral(value) {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return pyString(value);
  if (Array.isArray(value)) return `[${value.map(pyLiteral).join(', ')}]`;
  if (typeof value === 'object')
    return `{${Object.entries(value)
      .map(([key, item]) => `${pyString(key)}: ${pyLiteral(item)}`)
      .join(', ')}}`;
  return JSON.stringify(value);
}

/**
 * The JSON value of `text`, or `undefined` when it is not JSON (a body a reader typed in Try it may not be).
 * @param {string} text
 * @returns {{ value: unknown } | undefined}
 */
export function parseJson(text) {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}
