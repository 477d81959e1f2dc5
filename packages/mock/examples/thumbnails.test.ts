// Tests of your integration, run against the mock that global-setup.ts started.
// fetch stands in for your own code here: give it the mock's URL as its base URL.
import { expect, inject, test } from 'vitest';

const baseUrl = inject('thumbnailApiUrl');

function listThumbnails(apiKey: string, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl}/api/thumbnails`, { headers: { 'x-api-key': apiKey, ...headers } });
}

function createThumbnail(apiKey: string, body: string, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl}/api/thumbnails`, { method: 'POST', headers: { 'x-api-key': apiKey, 'content-type': 'application/json', ...headers }, body });
}

test('a valid key lists the thumbnails', async () => {
  const response = await listThumbnails('test-key-ok');
  expect(response.status).toBe(200);
});

test('a revoked key is rejected with 401', async () => {
  const response = await listThumbnails('test-key-revoked');
  expect(response.status).toBe(401);
  expect(await response.json()).toEqual({ success: false, error: 'Unauthorized' });
});

test('a key without access is rejected with 403', async () => {
  const response = await listThumbnails('test-key-no-access');
  expect(response.status).toBe(403);
  expect(await response.json()).toEqual({ success: false, error: 'Forbidden' });
});

// The mock decides by a fixed order of checks (its README, "The order of checks"); each test below shows one of them.

test('the key comes first: a revoked key gets the 401 whatever the body', async () => {
  const response = await createThumbnail('test-key-revoked', '{"prompt": not JSON', { Prefer: 'code=200' });
  expect(response.status).toBe(401);
  expect(await response.json()).toEqual({ success: false, error: 'Unauthorized' });
});

test('Prefer: code=403 asks the mock for the 403, whatever the body', async () => {
  const response = await createThumbnail('test-key-ok', JSON.stringify({ prompt: 42 }), { Prefer: 'code=403' });
  expect(response.status).toBe(403);
  expect(await response.json()).toEqual({ success: false, error: 'Forbidden' });
});

test('Prefer: code=500 is not in the contract: the mock answers with its own error, not a made-up 500', async () => {
  const response = await listThumbnails('test-key-ok', { Prefer: 'code=500' });
  expect(response.status).toBe(400);
  expect(response.headers.get('x-thumbnail-api-mock-error')).toBe('undocumented-status');
  expect(await response.json()).toMatchObject({ documentedStatuses: ['200', '401', '403', 'default'] });
});

test('a prompt that breaks the contract is rejected with the error body', async () => {
  const response = await createThumbnail('test-key-ok', JSON.stringify({ prompt: 42 }));
  expect(response.status).toBe(422);
  expect(await response.json()).toMatchObject({ success: false });
});
