// Cases the fuzz suites found, kept as regular tests: each names the behaviour it pins, against the real
// client and a real server on 127.0.0.1.
import { ThumbnailApiError, ThumbnailClient, type ThumbnailClientOptions } from '@thumbnail-api/client';
import { afterEach, describe, expect, test } from 'vitest';
import { type HostileServer, startHostileServer } from '../src/hostile-server.js';
import type { HttpAnswer, ServerAnswer } from '../src/server-answer.js';

const KEY = 'sk_fuzz_REGRESSION_4f9c2a7e';
const servers: HostileServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(...script: ServerAnswer[]): Promise<HostileServer> {
  const server = await startHostileServer(script);
  servers.push(server);
  return server;
}

function answer(fields: Partial<HttpAnswer> & Pick<HttpAnswer, 'status'>): HttpAnswer {
  return { kind: 'response', statusText: undefined, headers: [], body: new Uint8Array(), length: 'exact', delivery: { kind: 'whole' }, interim: [], ...fields };
}

function client(server: HostileServer, options: ThumbnailClientOptions = {}): ThumbnailClient {
  return new ThumbnailClient({ apiKey: KEY, baseUrl: server.url, retryDelayMs: 1, maxRetryDelayMs: 5, ...options });
}

async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  return expect.fail('the call resolved');
}

const encode = (text: string) => new TextEncoder().encode(text);

describe('client', () => {
  test('an error body nested deeper than the call stack still gives a typed error that serialises', async () => {
    const depth = 20_000;
    const server = await serve(answer({ status: 500, headers: [['content-type', 'application/json']], body: encode(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`) }));
    const error = await rejectionOf(client(server, { maxRetries: 0 }).thumbnails.list());
    expect(error).toBeInstanceOf(ThumbnailApiError);
    expect((error as ThumbnailApiError).status).toBe(500);
    expect(() => JSON.stringify(error)).not.toThrow();
    expect(error.message).toMatch(/^500 Internal Server Error from GET \/api\/thumbnails: /);
  });
});
