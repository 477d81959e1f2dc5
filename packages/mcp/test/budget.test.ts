// The budget caps the POSTs a server sends while it runs, whatever happens to them: counted before each leaves, held
// by a call while the user is asked, shared by every session, and given back only when nothing was sent.
import { describe, expect, test } from 'vitest';
import { confirm, onOneMock, textOf } from './helpers/in-process.js';

const stand = onOneMock();

const create = { name: 'create_thumbnail', arguments: { prompt: 'A red fox at dawn' } };
const spent = /Nothing was sent: this server's budget of 2 billed calls is spent/;

describe('the create budget', () => {
  test('holds across calls: with --max-creates 2, a third call sends nothing and does not bother the user', async () => {
    const harness = await stand.harness({ maxCreates: 2 });
    const client = await harness.connect(confirm);
    const results = [await client.callTool(create), await client.callTool(create), await client.callTool(create)];
    expect(results.map((result) => result.isError ?? false)).toEqual([false, false, true]);
    expect(textOf(results[2]!)).toMatch(spent);
    expect(textOf(results[2]!)).toContain('restarting the server with a larger --max-creates');
    expect(harness.asked).toHaveLength(2);
    expect(await harness.posts()).toHaveLength(2);
  });

  // A hang is ended by the client's time limit: short here, so the test waits a moment, not a minute.
  test.each([
    ['a 503', { answer: { status: 503 } }, 'The service failed', undefined],
    ['a reset connection', { fault: 'reset' }, 'The service could not be reached', undefined],
    ['an answer that never comes', { fault: 'hang' }, 'No complete answer came in time', 250],
  ])('holds across faults: %s costs its create, is sent once (never retried), and the error says not to retry', async (_, fault, said, timeoutMs) => {
    const harness = await stand.harness({ maxCreates: 2, timeoutMs });
    await stand
      .mock()
      .forKey(harness.apiKey)
      .rule({ operationId: 'createThumbnail', ...fault } as never);
    const client = await harness.connect(confirm);
    const first = await client.callTool(create);
    const second = await client.callTool(create);
    const third = await client.callTool(create);
    for (const result of [first, second]) {
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain(said);
      expect(textOf(result)).toContain('the service may have generated (and billed) it even so. Do not call create_thumbnail again to retry');
    }
    expect(textOf(second)).toContain('Billed calls left: 0 of 2.');
    expect(textOf(third)).toMatch(spent);
    expect(await harness.posts()).toHaveLength(2);
  });

  test('holds across sessions: a new session of the same server gets no fresh budget', async () => {
    const harness = await stand.harness({ maxCreates: 2 });
    const first = await harness.connect(confirm);
    await first.callTool(create);
    await first.callTool(create);
    await first.close();
    const second = await harness.connect(confirm);
    expect(textOf(await second.callTool(create))).toMatch(spent);
    expect(await harness.posts()).toHaveLength(2);
  });

  test('holds across calls at once: while the user is asked about the last create, another call is refused at once', async () => {
    const harness = await stand.harness({ maxCreates: 1 });
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const client = await harness.connect(async () => {
      await answered;
      return { action: 'accept', content: { confirm: true } };
    });
    const held = client.callTool(create);
    await expect.poll(() => harness.asked.length).toBe(1);
    const refused = await client.callTool(create).finally(answer);
    expect(textOf(refused)).toMatch(/budget of 1 billed call is spent \(or held by calls waiting for the user\)/);
    expect((await held).isError).toBeFalsy();
    expect(await harness.posts()).toHaveLength(1);
  });

  test('a budget of 0 offers no create tool, so none can be called', async () => {
    const harness = await stand.harness({ maxCreates: 0 });
    const client = await harness.connect(confirm);
    await expect(client.callTool(create)).rejects.toThrow(/No tool create_thumbnail/);
    expect(await harness.posts()).toEqual([]);
  });
});
