// JSON pointers as RFC 6901 defines them: its own examples (sections 5 and 6) are the table of truth.
import { describe, expect, test } from 'vitest';
import { formatPointer, JsonPointerError, parsePointer, pointerToRef, refToPointer, valueAt } from '../src/json-pointer.js';

const rfcDocument = {
  foo: ['bar', 'baz'],
  '': 0,
  'a/b': 1,
  'c%d': 2,
  'e^f': 3,
  'g|h': 4,
  'i\\j': 5,
  'k"l': 6,
  ' ': 7,
  'm~n': 8,
};

// [pointer, URI fragment, value], RFC 6901 sections 5 and 6.
const rfcExamples: [string, string, unknown][] = [
  ['', '#', rfcDocument],
  ['/foo', '#/foo', ['bar', 'baz']],
  ['/foo/0', '#/foo/0', 'bar'],
  ['/', '#/', 0],
  ['/a~1b', '#/a~1b', 1],
  ['/c%d', '#/c%25d', 2],
  ['/e^f', '#/e%5Ef', 3],
  ['/g|h', '#/g%7Ch', 4],
  ['/i\\j', '#/i%5Cj', 5],
  ['/k"l', '#/k%22l', 6],
  ['/ ', '#/%20', 7],
  ['/m~0n', '#/m~0n', 8],
];

describe('the examples of RFC 6901', () => {
  test.each(rfcExamples)('pointer %j finds its value', (pointer, _fragment, value) => {
    expect(valueAt(rfcDocument, pointer)).toEqual(value);
  });

  test.each(rfcExamples)('pointer %j is the fragment %j', (pointer, fragment) => {
    expect(pointerToRef(pointer)).toBe(fragment);
    expect(refToPointer(fragment)).toBe(pointer);
  });

  test.each(rfcExamples)('pointer %j survives parsing and formatting', (pointer) => {
    expect(formatPointer(parsePointer(pointer))).toBe(pointer);
  });
});

describe('escapes', () => {
  test('~01 is "~1", not "/": ~1 is undone before ~0', () => {
    expect(parsePointer('/~01')).toEqual(['~1']);
    expect(formatPointer(['~1'])).toBe('/~01');
  });

  test('a fragment is percent-decoded before it is split, and characters outside ASCII are UTF-8', () => {
    expect(refToPointer('#/components/responses/Caf%C3%A9')).toBe('/components/responses/Café');
    expect(pointerToRef('/components/responses/Café')).toBe('#/components/responses/Caf%C3%A9');
    expect(pointerToRef('/paths/~1items~1{id}')).toBe('#/paths/~1items~1%7Bid%7D');
  });

  test.each([
    ['a ~ followed by neither 0 nor 1', '/a~2b', /"~" not followed by 0 or 1/],
    ['a ~ at the end', '/a~', /"~" not followed by 0 or 1/],
    ['a pointer without its leading slash', 'foo', /a non-empty pointer starts with "\/"/],
  ])('refuses %s with a JsonPointerError saying how to write it', (_case, pointer, message) => {
    expect(() => parsePointer(pointer)).toThrow(JsonPointerError);
    expect(() => parsePointer(pointer)).toThrow(message);
  });

  test.each([
    ['a malformed percent-escape', '#/a%zz', /malformed percent-escape; write "%" itself as "%25"/],
    ['a reference to another file', 'other.yaml#/a', /not a reference inside this document/],
    ['a fragment that is no pointer', '#a', /a non-empty pointer starts with "\/"/],
  ])('refuses %s as a local reference', (_case, ref, message) => {
    expect(() => refToPointer(ref)).toThrow(message);
  });
});

describe('valueAt', () => {
  test.each([
    ['an inherited property', '/constructor', {}],
    ['a prototype method', '/toString', {}],
    ['an index with a leading zero', '/foo/01', rfcDocument],
    ['the index past the end', '/foo/-', rfcDocument],
    ['an index out of range', '/foo/2', rfcDocument],
    ['a key of a string', '/foo/0/length', rfcDocument],
    ['a key of null', '/a/b', { a: null }],
  ])('finds nothing for %s', (_case, pointer, root) => {
    expect(valueAt(root, pointer)).toBeUndefined();
  });

  test('finds falsy values that are there', () => {
    expect(valueAt({ a: { b: null, c: false, d: '' } }, '/a/b')).toBeNull();
    expect(valueAt({ a: { b: null, c: false, d: '' } }, '/a/c')).toBe(false);
    expect(valueAt({ a: { b: null, c: false, d: '' } }, '/a/d')).toBe('');
  });
});
