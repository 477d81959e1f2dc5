// The contract's assumptions as data: the bundle's entries read, with the checks `thumbnail-api-verify` makes, and
// a malformed entry is refused naming where it is and how to write it.
import { describe, expect, test } from 'vitest';
import { openapi } from '../dist/index.js';
import { collectAssumptions, readAssumptions, statusMatches } from '../src/contract-assumptions.js';

describe('the bundled contract', () => {
  const assumptions = collectAssumptions(openapi);

  test('gives every assumption an id, its sentence and where it applies, in document order', () => {
    expect(assumptions.map(({ id, pointer }) => `${id} ${pointer}`)).toEqual([
      'contract-version /info',
      'create-success-status /paths/~1api~1thumbnails/post',
      'create-rejects-bad-body /paths/~1api~1thumbnails/post',
      'list-success-status /paths/~1api~1thumbnails/get',
      'prompt-required /components/schemas/CreateThumbnailRequest',
      'error-body /components/responses/UnexpectedError',
      'error-text-illustrative /components/responses/UnexpectedError',
    ]);
    for (const assumption of assumptions) expect(assumption.text.length).toBeGreaterThan(20);
  });

  test('says which answers decide the assumptions an answer can show, and leaves the others without a check', () => {
    const byId = Object.fromEntries(assumptions.map((assumption) => [assumption.id, assumption.check]));
    expect(byId['prompt-required']).toEqual({ probes: ['missing-required-field'], answers: undefined, confirmedBy: { status: ['4XX'], conforms: false } });
    expect(byId['error-body']).toEqual({ probes: undefined, answers: ['4XX', '5XX'], confirmedBy: { status: undefined, conforms: true } });
    expect(byId['contract-version']).toBeUndefined();
    expect(byId['error-text-illustrative']).toBeUndefined();
  });
});

describe('readAssumptions', () => {
  test.each([
    ['a sentence alone (the old form)', ['The success status is 200.'], /#\/paths\/~1a\/get\/x-assumptions\/0 must be an object/],
    ['no id', [{ text: 'A sentence.' }], /x-assumptions\/0 needs an id in kebab-case/],
    ['an id that is not kebab-case', [{ id: 'Prompt Required', text: 'A sentence.' }], /needs an id in kebab-case, found "Prompt Required"/],
    ['no sentence', [{ id: 'a-b' }], /needs its sentence in text/],
    ['an unknown field', [{ id: 'a-b', text: 'A sentence.', verify: true }], /has unknown field\(s\) verify/],
    ['a check confirming nothing', [{ id: 'a-b', text: 'A sentence.', check: { confirmedBy: {} } }], /confirms nothing/],
    ['a status that is no status', [{ id: 'a-b', text: 'A sentence.', check: { confirmedBy: { status: ['2xx'] } } }], /confirmedBy.status that is not a list/],
    ['probes that are not kinds', [{ id: 'a-b', text: 'A sentence.', check: { probes: 'valid-request', confirmedBy: { conforms: true } } }], /check.probes/],
    ['not a list', 'A sentence.', /x-assumptions must be a list/],
  ])('refuses %s, naming the entry and the form to write', (_, list, message) => {
    const read = () => readAssumptions({ 'x-assumptions': list }, '/paths/~1a/get');
    expect(read).toThrow(message);
    expect(read).toThrow(/spec\/README\.md/);
  });

  test('refuses an id used twice in one document, naming both places', () => {
    const entry = { id: 'same', text: 'A sentence.' };
    const document = { openapi: '3.1.0', info: { 'x-assumptions': [entry] }, paths: { '/a': { get: { 'x-assumptions': [entry] } } } };
    expect(() => collectAssumptions(document)).toThrow('The assumption id same is used twice, at #/info and #/paths/~1a/get');
  });
});

test.each([
  ['200', 200, true],
  ['200', 201, false],
  ['2XX', 201, true],
  ['4XX', 500, false],
  ['5XX', 503, true],
])('statusMatches(%s, %i) is %s', (pattern, status, matches) => {
  expect(statusMatches(pattern, status)).toBe(matches);
});
