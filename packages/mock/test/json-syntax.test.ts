// Where a JSON text breaks, for the errors that may not quote it (a rules file, a key registry, a control body): the
// scanner agrees with JSON.parse on what is JSON, and names the line and column of the first character at fault.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { syntaxErrorPlace } from '../src/http/json-syntax.js';

const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

test.each([
  ['a bare word where a value goes', '{\n  "key": ok}', ' at line 2, column 10'],
  ['a text that ends too soon', '{"a":1', ' at line 1, column 7'],
  ['an escape that is not one', '"\\u12x4"', ' at line 1, column 6'],
  ['a trailing comma', '[1,2,]', ' at line 1, column 6'],
  ['something after the value', '{} {}', ' at line 1, column 4'],
  ['nothing at all', '', ' at line 1, column 1'],
])('%s: %j breaks%s', (_, text, place) => {
  expect(parses(text)).toBe(false);
  expect(syntaxErrorPlace(text)).toBe(place);
});

test('agrees with JSON.parse on what is JSON: generated JSON, any string, JSON with a character slipped in', () => {
  fc.assert(
    fc.property(fc.json(), (text) => syntaxErrorPlace(text) === ''),
    { numRuns: 2000 },
  );
  fc.assert(
    fc.property(fc.string(), (text) => parses(text) === (syntaxErrorPlace(text) === '')),
    { numRuns: 2000 },
  );
  fc.assert(
    fc.property(fc.json(), fc.nat(), fc.string({ minLength: 1, maxLength: 1 }), (json, at, char) => {
      const cut = at % (json.length + 1);
      const text = json.slice(0, cut) + char + json.slice(cut);
      return parses(text) === (syntaxErrorPlace(text) === '');
    }),
    { numRuns: 2000 },
  );
});
