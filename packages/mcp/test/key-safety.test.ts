// The key never reaches the model: with a sentinel key, no message the server sends (results, errors, confirmation
// requests, the test double's journal) and no log line holds it, or even its last characters, whatever the service
// echoes back; and no argument carries a key (steering.test.ts).
import { type RunningMock, startMock } from '@thumbnail-api/mock';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { confirm, type Harness, startHarness, textOf } from './helpers/in-process.js';

const SENTINEL = 'sk_live_sentinel_never_shown_ZQXW';
let mock: RunningMock;
let harness: Harness;
beforeAll(async () => {
  mock = await startMock({ port: 0 });
  harness = await startHarness(mock, { apiKey: SENTINEL, testDoubleTools: true, maxCreates: 5 });
});
afterAll(async () => {
  await harness.close();
  await mock.stop();
});

/** Everything the server said: every message it sent and every line it logged. */
const everything = () => JSON.stringify({ sent: harness.sent, logged: harness.logged });

describe('the sentinel key', () => {
  test('is in no message and no log line after every tool, error and confirmation', async () => {
    const view = mock.forKey(SENTINEL);
    const client = await harness.connect(confirm);
    await client.listTools();
    await client.callTool({ name: 'list_thumbnails', arguments: {} });
    await client.callTool({ name: 'create_thumbnail', arguments: { prompt: 'A red fox at dawn' } });
    // The service echoing the key: in a success body (names and values), a 401's headers, an error body.
    await view.rule({ operationId: 'createThumbnail', times: 1, answer: { status: 200, body: { echo: SENTINEL, [SENTINEL]: [`Bearer ${SENTINEL}`] } } });
    await view.rule({ operationId: 'listThumbnails', times: 1, answer: { status: 401, headers: { 'www-authenticate': `Bearer realm="${SENTINEL}"` } } });
    await view.rule({ operationId: 'listThumbnails', times: 1, answer: { status: 400, body: { success: false, error: `key ${SENTINEL} refused` } } });
    await client.callTool({ name: 'create_thumbnail', arguments: { prompt: 'echo' } });
    await client.callTool({ name: 'list_thumbnails', arguments: {} });
    await client.callTool({ name: 'list_thumbnails', arguments: {} });
    for (const name of ['mock_requests', 'mock_near_misses', 'mock_coverage']) await client.callTool({ name, arguments: {} });
    await client.callTool({ name: 'mock_add_rule', arguments: { rule: { operationId: 'listThumbnails', answer: { status: 999 } } } });
    // What was said holds the calls above: the test would prove nothing if they had not run.
    expect(harness.sent.length).toBeGreaterThan(12);
    expect(everything()).toContain('The service refused the API key (401 Unauthorized');
    expect(everything()).toContain('key [redacted] refused');
    expect(everything()).not.toContain(SENTINEL);
    expect(everything()).not.toContain(encodeURIComponent(SENTINEL));
    expect(everything()).not.toContain(SENTINEL.slice(-4));
  });

  test('a success body that echoes the key comes back with the key redacted, not dropped', async () => {
    await mock.forKey(SENTINEL).rule({ operationId: 'createThumbnail', times: 1, answer: { status: 200, body: { echo: `key=${SENTINEL}` } } });
    const client = await harness.connect(confirm);
    const result = await client.callTool({ name: 'create_thumbnail', arguments: { prompt: 'echo' } });
    expect(result.structuredContent).toEqual({ echo: 'key=[redacted]' });
    expect(textOf(result)).toContain('"echo": "key=[redacted]"');
  });

  test('the test double’s journal says whose key a request carried without showing any of it', async () => {
    const client = await harness.connect(confirm);
    await client.callTool({ name: 'list_thumbnails', arguments: {} });
    const result = await client.callTool({ name: 'mock_requests', arguments: { operationId: 'listThumbnails' } });
    const { requests } = result.structuredContent as { requests: { keyHint: string; headers: Record<string, string> }[] };
    expect(requests.at(-1)).toMatchObject({ keyHint: "(this server's key)", headers: { 'x-api-key': "(this server's key)" } });
  });
});
