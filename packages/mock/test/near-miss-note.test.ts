// The reason where the test fails (issue 45 item 4, the mock's side): an answer no rule made, when a rule of its
// operation nearly matched, says so in x-thumbnail-api-mock-note at every door (HTTP, MSW, the browser door), the
// journal's note says the same, and the real client puts it in the message of the error a test sees.
import { readFileSync } from 'node:fs';
import { AuthenticationError, ThumbnailClient, UnprocessableEntityError } from '@thumbnail-api/client';
import { openapiJsonPath } from '@thumbnail-api/spec';
import { setupServer } from 'msw/node';
import { afterAll, describe, expect, test } from 'vitest';
import { createBrowserMock, type ThumbnailApiOperations } from '../src/browser.js';
import { type KeyRegistry, startMock, type TestDouble } from '../src/index.js';
import { createHandlers } from '../src/msw.js';

const keys: KeyRegistry = { sk_test_near_miss_note: 'ok' };
const apiKey = 'sk_test_near_miss_note';
const rule = { operationId: 'createThumbnail', body: { prompt: 'a red fox' }, answer: { status: 200, body: { id: 'th_1' } } } as const;
const nearMissOf = (id: string) => `no rule matched; nearest ${id}: body.prompt: expected "a red fox", got "A red fox"`;

interface Door {
  readonly double: TestDouble;
  /** A client of this door, with `key`. */
  client(key: string): ThumbnailClient;
  stop(): Promise<void>;
}

/** Each door, started with the key registry, reached by the real client (the browser door through the client's `fetch`). */
const doors: Record<string, () => Promise<Door>> = {
  'HTTP (startMock())': async () => {
    const mock = await startMock({ port: 0, keys });
    return { double: mock, client: (key) => new ThumbnailClient({ apiKey: key, baseUrl: mock.url, maxRetries: 0 }), stop: () => mock.stop() };
  },
  'MSW (createHandlers())': async () => {
    const handlers = await createHandlers({ baseUrl: 'https://api.thumbnails.test', keys });
    const server = setupServer(...handlers.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    return {
      double: handlers,
      client: (key) => new ThumbnailClient({ apiKey: key, baseUrl: handlers.baseUrl, maxRetries: 0 }),
      stop: async () => server.close(),
    };
  },
  'the browser door (createBrowserMock())': async () => {
    const door = await createBrowserMock<ThumbnailApiOperations>({ contract: JSON.parse(readFileSync(openapiJsonPath, 'utf8')), keys });
    const fetch = (input: RequestInfo | URL, init?: RequestInit) => door.fetch(new Request(input, init));
    return {
      double: door,
      client: (key) => new ThumbnailClient({ apiKey: key, baseUrl: 'https://try.thumbnails.test', fetch, maxRetries: 0 }),
      stop: async () => {},
    };
  },
};

describe.each(Object.keys(doors))('%s', (name) => {
  let door: Door | undefined;
  const started = async () => {
    door ??= await doors[name]!();
    await door.double.reset();
    return door;
  };
  afterAll(() => door?.stop());

  test('an answer no rule made carries the near miss in its note, and the journal says the same', async () => {
    const { double, client } = await started();
    const { id } = await double.rule(rule);

    const { data, response } = await client(apiKey).thumbnails.create({ prompt: 'A red fox' }).withResponse();
    expect(data).toEqual({});
    expect(response.headers.get('x-thumbnail-api-mock-note')).toBe(nearMissOf(id));
    expect((await double.requests())[0]?.note).toBe(nearMissOf(id));
  });

  test('create() that fails where a rule nearly matched names the near miss in the error, before the refusal', async () => {
    const { double, client } = await started();
    const { id } = await double.rule(rule);

    const failure = client(apiKey).thumbnails.create({ prompt: 42 } as never);
    await expect(failure).rejects.toBeInstanceOf(UnprocessableEntityError);
    await expect(failure).rejects.toThrow(
      `(mock: no rule matched; nearest ${id}: body.prompt: expected "a red fox", got 42. The request body does not match the contract's schema: body/prompt must be string.)`,
    );
  });

  test('an answer a rule made carries no near miss', async () => {
    const { double, client } = await started();
    await double.rule(rule);

    const { data, response } = await client(apiKey).thumbnails.create({ prompt: 'a red fox' }).withResponse();
    expect(data).toEqual({ id: 'th_1' });
    expect(response.headers.get('x-thumbnail-api-mock-note')).toBeNull();
  });

  test('create() with a key missing from the registry fails saying so', async () => {
    const { client } = await started();
    const failure = client('sk_test_not_listed').thumbnails.create({ prompt: 'A red fox' });
    await expect(failure).rejects.toBeInstanceOf(AuthenticationError);
    await expect(failure).rejects.toThrow('(mock: key not in the registry)');
  });
});

test('a near miss on the key shows the keys by their hints only, in the note as in the journal', async () => {
  const mock = await startMock({ port: 0 });
  try {
    const { id } = await mock.rule({ ...rule, key: 'sk_test_the_rules_own_key' });

    const { response } = await new ThumbnailClient({ apiKey, baseUrl: mock.url }).thumbnails.create({ prompt: 'a red fox' }).withResponse();
    const note = `no rule matched; nearest ${id}: key: rule is for ..._key, the request sent ...note`;
    expect(response.headers.get('x-thumbnail-api-mock-note')).toBe(note);
    expect(mock.requests()[0]?.note).toBe(note);
  } finally {
    await mock.stop();
  }
});
