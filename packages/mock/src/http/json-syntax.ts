// Where a JSON text breaks, said without quoting it: the text may hold an API key, and JSON.parse's own message quotes
// the text around the error (and on Node.js 20 often says no position at all). Run only once JSON.parse has failed.

/** ` at line L, column C`: where `text` stops being JSON (RFC 8259), or `''` when it is JSON after all. */
export function syntaxErrorPlace(text: string): string {
  const position = firstError(text);
  if (position === undefined) return '';
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  return ` at line ${line}, column ${position - (before.lastIndexOf('\n') + 1) + 1}`;
}

const number = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const escapes = '"\\/bfnrt';

/** The index of the first character that cannot continue a JSON text (its length when the text ends too soon). */
function firstError(text: string): number | undefined {
  let at = 0;
  const fail = (): never => {
    throw at;
  };
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at]!)) at++;
  };
  const expect = (char: string) => (text[at] === char ? at++ : fail());
  const string = () => {
    expect('"');
    for (;;) {
      const char = text[at];
      if (char === undefined || char.charCodeAt(0) < 0x20) fail();
      if (char === '"') return void at++;
      if (char === '\\') {
        at++;
        if (text[at] === 'u') {
          for (let digit = 0; digit < 4; digit++) if (!/[0-9a-fA-F]/.test(text[++at] ?? '')) fail();
        } else if (!escapes.includes(text[at] ?? '"x')) fail();
      }
      at++;
    }
  };
  const value = (): void => {
    space();
    const char = text[at];
    if (char === '{' || char === '[') {
      const close = char === '{' ? '}' : ']';
      at++;
      space();
      if (text[at] === close) return void at++;
      for (;;) {
        if (close === '}') {
          space();
          string();
          space();
          expect(':');
        }
        value();
        space();
        if (text[at] === close) return void at++;
        expect(',');
      }
    }
    if (char === '"') {
      string();
      return;
    }
    for (const word of ['true', 'false', 'null']) {
      if (char !== word[0]) continue;
      for (const letter of word) expect(letter);
      return;
    }
    number.lastIndex = at;
    if (number.exec(text) === null) fail();
    at = number.lastIndex;
  };
  try {
    value();
    space();
    if (at < text.length) fail();
    return undefined;
  } catch (position) {
    if (typeof position !== 'number') throw position;
    return position;
  }
}
