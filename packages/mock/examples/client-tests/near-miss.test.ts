// Why did my rule not match? A request that the rules of its operation did not answer is a near miss: the mock names
// the nearest rule and the first place where the request differs from it, so a test does not have to guess.
import { expect, test } from 'vitest';
import { requestThumbnail } from './gallery.js';
import { mockForThisFile } from './mock-setup.js';

const { mock, client } = await mockForThisFile('sk_test_near_miss');

test('a rule for "a cat" does not answer "A cat", and the near miss says why', async () => {
  const rule = await mock.rule({ operationId: 'createThumbnail', body: { prompt: 'a cat' }, answer: { status: 200, body: { id: 'th_cat' } } });

  // The code trims the prompt but keeps its case: the rule expected lower case.
  expect(await requestThumbnail(client, '  A cat ')).toEqual({});

  const [missed] = mock.nearMisses();
  expect(missed).toMatchObject({ operationId: 'createThumbnail', rule: rule.id, difference: 'body.prompt: expected "a cat", got "A cat"' });
});
