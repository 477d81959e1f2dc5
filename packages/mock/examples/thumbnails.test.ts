// Tests of your integration, run against the mock that global-setup.ts started.
// fetch stands in for your own code here: give it the mock's URL as its base URL.
import { expect, inject, test } from 'vitest';

const baseUrl = inject('thumbnailApiUrl');

function listThumbnails(apiKey: string, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl}/api/thumbnails`, { headers: { 'x-api-key': apiKey, ...headers } });
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

test('Prefer: code=403 asks the mock for the 403, whatever the key', async () => {
  const response = await listThumbnails('test-key-ok', { Prefer: 'code=403' });
  expect(response.status).toBe(403);
  expect(await response.json()).toEqual({ success: false, error: 'Forbidden' });
});

test('Prefer: code=500 asks for an error the contract does not detail', async () => {
  const response = await listThumbnails('test-key-ok', { Prefer: 'code=500' });
  expect(response.status).toBe(500);
  expect(await response.json()).toMatchObject({ success: false, error: expect.any(String) });
});

test('a prompt that breaks the contract is rejected with the error body', async () => {
  const response = await fetch(`${baseUrl}/api/thumbnails`, {
    method: 'POST',
    headers: { 'x-api-key': 'test-key-ok', 'content-type': 'application/json' },
    body: JSON.stringify({ prompt: 42 }),
  });
  expect(response.status).toBe(422);
  expect(await response.json()).toMatchObject({ success: false });
});
