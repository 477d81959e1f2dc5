// Show a thumbnail from a body you choose. Every documented success body is `{}` (the service shows none), so give
// the answer your code needs in a rule; the mock checks it against the contract when you add it, and refuses one that
// breaks it (here: an error body that is not the documented one).
import { MockRuleError } from '@thumbnail-api/mock';
import { expect, test } from 'vitest';
import { thumbnailImage } from './gallery.js';
import { mockForThisFile } from './mock-setup.js';

const { mock, client } = await mockForThisFile('sk_test_body');

test('thumbnailImage shows the URL the answer gives', async () => {
  await mock.rule({ operationId: 'createThumbnail', answer: { status: 200, body: { id: 'thumb_1', url: 'https://cdn.example/fox.png' } } });

  expect(await thumbnailImage(client, 'A red fox')).toBe('<img src="https://cdn.example/fox.png" alt="A red fox">');
});

test('a body the contract forbids is refused when the rule is added', async () => {
  const refused = mock.rule({ operationId: 'createThumbnail', answer: { status: 403, body: { message: 'nope' } } });

  await expect(refused).rejects.toBeInstanceOf(MockRuleError);
  await expect(refused).rejects.toThrow(/answer\.body/);
});
