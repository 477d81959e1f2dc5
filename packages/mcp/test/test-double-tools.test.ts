// The test double as tools, for agents that write tests: rules, journal, near misses, coverage and reset through the
// mock's /__mock routes, each seeing and changing only the part of a shared mock that belongs to its server's key.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { beforeEach, describe, expect, test } from 'vitest';
import { confirm, type Harness, onOneMock, textOf } from './helpers/in-process.js';

const mock = onOneMock();
let a: { harness: Harness; client: Client };
let b: { harness: Harness; client: Client };
// Two servers on the one mock, new for each test (onOneMock closes them after it).
beforeEach(async () => {
  const open = async () => {
    const harness = await mock.harness({ testDoubleTools: true });
    return { harness, client: await harness.connect(confirm) };
  };
  a = await open();
  b = await open();
});

const call = (client: Client, name: string, args: Record<string, unknown> = {}) => client.callTool({ name, arguments: args });
const journal = async (client: Client) =>
  ((await call(client, 'mock_requests')).structuredContent as { requests: { method: string; status: number }[] }).requests;

describe('the test-double tools', () => {
  test('each server sees only the requests sent with its own key', async () => {
    await call(a.client, 'list_thumbnails');
    await call(a.client, 'list_thumbnails');
    await call(b.client, 'create_thumbnail', { prompt: 'a cat' });
    expect((await journal(a.client)).map((entry) => entry.method)).toEqual(['GET', 'GET']);
    expect((await journal(b.client)).map((entry) => entry.method)).toEqual(['POST']);
  });

  test('a rule one adds answers its own requests only', async () => {
    const added = await call(a.client, 'mock_add_rule', {
      rule: { operationId: 'listThumbnails', answer: { status: 200, body: { thumbnails: ['from a rule'] } } },
    });
    expect(added.structuredContent).toEqual({ id: expect.any(String) });
    expect((await call(a.client, 'list_thumbnails')).structuredContent).toEqual({ thumbnails: ['from a rule'] });
    expect((await call(b.client, 'list_thumbnails')).structuredContent).toEqual({});
  });

  test('reset clears its own rules and journal, not the other’s', async () => {
    await call(a.client, 'mock_add_rule', { rule: { operationId: 'listThumbnails', answer: { status: 200, body: { from: 'rule' } } } });
    await call(a.client, 'list_thumbnails');
    await call(b.client, 'list_thumbnails');
    await call(a.client, 'mock_reset');
    expect(await journal(a.client)).toEqual([]);
    expect(await journal(b.client)).toHaveLength(1);
    expect((await call(a.client, 'list_thumbnails')).structuredContent).toEqual({});
  });

  test('near misses say why a rule did not answer', async () => {
    await call(a.client, 'mock_add_rule', {
      rule: { operationId: 'createThumbnail', body: { prompt: 'a cat' }, answer: { status: 200, body: { id: 'th_1' } } },
    });
    await call(a.client, 'create_thumbnail', { prompt: 'a dog' });
    const { nearMisses } = (await call(a.client, 'mock_near_misses')).structuredContent as { nearMisses: { difference: string }[] };
    expect(nearMisses.map((miss) => miss.difference)).toEqual(['body.prompt: expected "a cat", got "a dog"']);
    expect((await call(b.client, 'mock_near_misses')).structuredContent).toEqual({ nearMisses: [] });
  });

  test('coverage is of its own key: what it exercised, and what it did not', async () => {
    await call(a.client, 'list_thumbnails');
    const { notSeen } = (await call(a.client, 'mock_coverage')).structuredContent as { notSeen: string[] };
    expect(notSeen).toContain('createThumbnail → 200');
    expect(notSeen).not.toContain('listThumbnails → 200');
  });

  test('a rule for another key is refused: no agent reaches another key’s requests', async () => {
    const result = await call(a.client, 'mock_add_rule', { rule: { operationId: 'listThumbnails', key: b.harness.apiKey, fault: 'reset' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('Nothing was added: a rule here has no `key`');
    expect((await call(b.client, 'list_thumbnails')).isError).toBeFalsy();
  });

  test('a rule the contract forbids is refused with the mock’s reason and field', async () => {
    const result = await call(a.client, 'mock_add_rule', { rule: { operationId: 'listThumbnails', answer: { status: 200, body: 'not an object' } } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /^The mock refused or could not do it \(field answer\.body\): "answer\.body" breaks the schema of the 200 response of listThumbnails/,
    );
  });

  test('a journal filter outside the contract’s operations is refused', async () => {
    const result = await call(a.client, 'mock_requests', { operationId: 'deleteThumbnail' });
    expect(textOf(result)).toContain('`operationId` must be equal to one of the allowed values');
  });
});
