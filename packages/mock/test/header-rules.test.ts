// The mock checks header names and values without node:http (the browser door runs in a page), so these tests hold
// its rules to Node's own validators, character by character: what one refuses, the other must.
import { validateHeaderName, validateHeaderValue } from 'node:http';
import { expect, test } from 'vitest';
import { headerProblem } from '../src/http/headers.js';

const nodeTakes = (check: () => void): boolean => {
  try {
    check();
    return true;
  } catch {
    return false;
  }
};

// Every Latin-1 code point, the ones just past it, and a few far beyond (a euro sign, an emoji, a lone surrogate).
const samples = [...Array.from({ length: 0x180 }, (_, code) => String.fromCharCode(code)), '€', '😀', '\ud800'];

test('a header value is refused exactly where Node refuses it', () => {
  const differences = samples.filter((char) => {
    const value = `a${char}b`;
    return (headerProblem('x-test', value) === undefined) !== nodeTakes(() => validateHeaderValue('x-test', value));
  });
  expect(differences.map((char) => char.codePointAt(0))).toEqual([]);
});

test('a header name is refused exactly where Node refuses it', () => {
  const differences = [...samples, ''].filter((char) => {
    const name = `x${char}`;
    return (headerProblem(name, 'v') === undefined) !== nodeTakes(() => validateHeaderName(name));
  });
  expect(differences.map((char) => char.codePointAt(0))).toEqual([]);
  expect(headerProblem('', 'v')).toMatch(/"" is not a header name/);
});

test('the refusal names the character at fault and where it is', () => {
  expect(headerProblem('x-price', '5 €')).toBe(
    'the value of the header "x-price" has a character HTTP headers cannot carry ("€" at position 3); write it in ASCII, or percent-encode it',
  );
  expect(headerProblem('x-line', 'a\nb')).toMatch(/U\+000A at position 2/);
});
