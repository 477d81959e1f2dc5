// A sentinel key must appear nowhere: not in any error's message, String(), JSON, util.inspect(), stack or
// cause, not in the debug log nor the built-in log of THUMBNAIL_API_LOG; across every error class and failure mode, even when a server echoes it back.
import { inspect } from 'node:util';
import { describe, expect, test } from 'vitest';
import {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  ConfigurationError,
  type FetchFunction,
  InternalServerError,
  ThumbnailApiError,
  ThumbnailClient,
  type ThumbnailClientOptions,
} from '../src/index.js';
import { clientLines, runWithLog } from './support/env-log-child.js';
import { json, reset, startLocalServer, text, useLocalServers } from './support/local-server.js';

const KEY = 'sk_test_SENTINEL_4f9c2a7e';
const serve = useLocalServers();

interface Outcome {
  error: unknown;
  log: string[];
}

/** Runs `call` on a client with the sentinel key and a capturing logger; returns what it threw and logged. */
async function outcomeOf(options: ThumbnailClientOptions, call: (client: ThumbnailClient) => Promise<unknown>): Promise<Outcome> {
  const log: string[] = [];
  try {
    const client = new ThumbnailClient({ apiKey: KEY, maxRetries: 1, retryDelayMs: 1, logger: { debug: (line) => log.push(line) }, ...options });
    await call(client);
  } catch (error) {
    return { error, log };
  }
  return expect.fail('nothing was thrown');
}

function expectNoKey({ error, log }: Outcome, ErrorClass: abstract new (...args: never[]) => Error): void {
  expect(error).toBeInstanceOf(ErrorClass);
  const err = error as Error;
  const views = {
    message: err.message,
    string: String(err),
    json: JSON.stringify(err),
    inspect: inspect(err, { depth: Number.POSITIVE_INFINITY, showHidden: true }),
    stack: err.stack ?? '',
    causeStack: (err.cause as Error | undefined)?.stack ?? '',
    log: log.join('\n'),
  };
  for (const [view, content] of Object.entries(views)) expect(content, `the key leaked through ${view}`).not.toContain(KEY);
  expect(err.message.length).toBeGreaterThan(10);
}

// Echoes the key in the body and in a header, as a debugging proxy might.
const echoing = (status: number) => (_: unknown, res: Parameters<typeof json>[0]) =>
  json(res, status, { success: false, error: `bad key ${KEY}`, [KEY]: [KEY] }, { 'x-echo': KEY, 'x-request-id': `req-${KEY}` });

// Every status with a class of its own, and one without (which class each gets is response-errors.test.ts's concern).
describe.each([400, 401, 403, 404, 409, 422, 429, 503, 418])('a %i whose body and headers echo the key', (status) => {
  test.each(['x-api-key', 'bearer'] as const)('leaks nothing (auth %s)', async (auth) => {
    const server = await serve(echoing(status));
    const outcome = await outcomeOf({ baseUrl: server.url, auth }, (client) => client.thumbnails.list());
    expectNoKey(outcome, ThumbnailApiError);
    expect((outcome.error as ThumbnailApiError).body).toEqual({ success: false, error: 'bad key [redacted]', '[redacted]': ['[redacted]'] });
  });
});

describe('failure modes without a usable response', () => {
  test.each<[string, (url: string) => Promise<Outcome>, abstract new (...args: never[]) => Error]>([
    [
      'an HTML 502 quoting the key',
      async () => {
        const server = await serve((_, res) => text(res, 502, `<html><title>Bad key ${KEY}</title></html>`, { 'content-type': 'text/html' }));
        return outcomeOf({ baseUrl: server.url }, (client) => client.thumbnails.list());
      },
      InternalServerError,
    ],
    [
      'an empty 500 with a reason phrase quoting the key',
      async () => {
        const server = await serve((_, res) => {
          res.writeHead(500, `Bad ${KEY}`);
          res.end();
        });
        return outcomeOf({ baseUrl: server.url }, (client) => client.thumbnails.list());
      },
      InternalServerError,
    ],
    [
      'a 200 that is not JSON and quotes the key',
      async () => {
        const server = await serve((_, res) => text(res, 200, `key=${KEY}`, { 'content-type': 'text/plain' }));
        return outcomeOf({ baseUrl: server.url }, (client) => client.thumbnails.list());
      },
      ThumbnailApiError,
    ],
    [
      'a redirect to a URL carrying the key',
      async () => {
        const server = await serve((_, res) => text(res, 302, '', { location: `https://elsewhere.invalid/?key=${KEY}` }));
        return outcomeOf({ baseUrl: server.url }, (client) => client.thumbnails.list());
      },
      ThumbnailApiError,
    ],
    [
      'a connection reset',
      async () => {
        const server = await serve((_, __, ___, raw) => reset(raw));
        return outcomeOf({ baseUrl: server.url }, (client) => client.thumbnails.list());
      },
      APIConnectionError,
    ],
    [
      'a refused connection',
      async () => {
        const closed = await startLocalServer(() => undefined);
        await closed.close();
        return outcomeOf({ baseUrl: closed.url }, (client) => client.thumbnails.create({ prompt: 'A red fox at dawn' }));
      },
      APIConnectionError,
    ],
    [
      'a timeout',
      async () => {
        const server = await serve(() => undefined);
        return outcomeOf({ baseUrl: server.url, timeoutMs: 20 }, (client) => client.thumbnails.list());
      },
      APITimeoutError,
    ],
    [
      "the caller's AbortSignal.timeout()",
      async () => {
        const server = await serve(() => undefined);
        return outcomeOf({ baseUrl: server.url }, (client) => client.thumbnails.list({ signal: AbortSignal.timeout(20) }));
      },
      APITimeoutError,
    ],
    [
      'a user abort whose reason quotes the key',
      async () => {
        const controller = new AbortController();
        const server = await serve(() => controller.abort(new Error(`cancelled while using ${KEY}`)));
        return outcomeOf({ baseUrl: server.url }, (client) => client.thumbnails.list({ signal: controller.signal }));
      },
      APIUserAbortError,
    ],
    [
      'a custom fetch that throws an error holding the request and its headers',
      async () => {
        const server = await serve((_, res) => json(res, 200, {}));
        const leakyFetch: FetchFunction = async (url, init) => {
          const request = new Request(url, init);
          const sent: string[] = [];
          request.headers.forEach((value, name) => sent.push(`${name}=${value}`));
          throw Object.assign(new TypeError(`failed with headers ${sent.join(', ')}`), { request, code: `E_${KEY}` });
        };
        return outcomeOf({ baseUrl: server.url, fetch: leakyFetch }, (client) => client.thumbnails.list());
      },
      APIConnectionError,
    ],
    [
      'a refused http:// base URL on another host',
      () => outcomeOf({ baseUrl: 'http://thumbnails.invalid' }, (client) => client.thumbnails.list()),
      ConfigurationError,
    ],
    [
      'a per-request raw baseUrl over http:// to another host',
      async () => {
        const server = await serve((_, res) => json(res, 200, {}));
        return outcomeOf({ baseUrl: server.url }, (client) => client.raw.GET('/api/thumbnails', { baseUrl: 'http://thumbnails.invalid' }));
      },
      ConfigurationError,
    ],
    ['the key swapped with the base URL', () => outcomeOf({ baseUrl: KEY }, async () => undefined), ConfigurationError],
    ['the key given as the auth method', () => outcomeOf({ baseUrl: 'http://127.0.0.1:1', auth: KEY as 'bearer' }, async () => undefined), ConfigurationError],
    [
      'the key given as a timeout',
      () => outcomeOf({ baseUrl: 'http://127.0.0.1:1', timeoutMs: KEY as unknown as number }, async () => undefined),
      ConfigurationError,
    ],
    [
      'the key in a bad default header',
      () => outcomeOf({ baseUrl: 'http://127.0.0.1:1', headers: { 'X-Debug': `${KEY}\n` } }, async () => undefined),
      ConfigurationError,
    ],
  ])('%s leaks nothing', async (_, run, ErrorClass) => {
    expectNoKey(await run(''), ErrorClass);
  });

  test.each([`${KEY} `, `Bearer ${KEY}`, `${KEY}\u0000`, `\u201c${KEY}\u201d`])('a malformed key %j is refused without quoting it', async (apiKey) => {
    const outcome = await outcomeOf({ baseUrl: 'http://127.0.0.1:1', apiKey }, async () => undefined);
    expectNoKey(outcome, ConfigurationError);
  });
});

test('the debug log masks the key header but shows the rest', async () => {
  const server = await serve((_, res) => json(res, 503, { success: false, error: 'Unavailable' }));
  const outcome = await outcomeOf({ baseUrl: server.url, auth: 'bearer' }, (client) => client.thumbnails.list());
  expectNoKey(outcome, InternalServerError);
  expect(outcome.log).toEqual([
    expect.stringMatching(
      /^thumbnail-api: GET http:\/\/127\.0\.0\.1:\d+\/api\/thumbnails \(attempt 1 of 2\) headers: accept: application\/json, authorization: \*\*\*, user-agent: thumbnail-api-client\/.+$/,
    ),
    expect.stringMatching(/^thumbnail-api: GET .+ answered 503 Service Unavailable in \d+ ms; retrying in \d+ ms$/),
    expect.stringMatching(/\(attempt 2 of 2\) headers: .*authorization: \*\*\*/),
    expect.stringMatching(/answered 503 Service Unavailable in \d+ ms$/),
  ]);
});

test('inspecting or serialising the client shows no key', async () => {
  const server = await serve((_, res) => json(res, 200, {}));
  const client = new ThumbnailClient({ apiKey: KEY, baseUrl: server.url });
  await client.thumbnails.list();
  expect(inspect(client, { depth: Number.POSITIVE_INFINITY, showHidden: true })).not.toContain(KEY);
  expect(JSON.stringify(client)).not.toContain(KEY);
  expect(server.requests[0]?.headers['x-api-key']).toBe(KEY);
});

describe('the built-in log (THUMBNAIL_API_LOG=debug, standard error of a child process)', () => {
  // Every line the log writes: an attempt with its headers, a retry, an answer with the key in its reason phrase, a failure.
  test.each(['x-api-key', 'bearer'] as const)('never shows the key, even when a server echoes it (auth %s)', async (auth) => {
    const server = await serve((_, res, index) => {
      if (index === 0) {
        res.writeHead(503, `Busy for ${KEY}`, { 'x-echo': KEY });
        res.end(JSON.stringify({ success: false, error: `bad key ${KEY}` }));
      } else json(res, 401, { success: false, error: `bad key ${KEY}` }, { 'x-echo': KEY });
    });
    const result = await runWithLog('debug', { apiKey: KEY, baseUrl: server.url, auth, retryDelayMs: 1 }, 'await client.thumbnails.list();');
    expect(result.stdout.trim()).toBe('threw AuthenticationError');
    expect(clientLines(result)).toHaveLength(4);
    expect(result.stderr).toContain(auth === 'bearer' ? 'authorization: ***' : 'x-api-key: ***');
    expect(result.stderr).not.toContain(KEY);
  });

  test('nor does the warning about a bad value, when the value is the key', async () => {
    const result = await runWithLog(KEY, { apiKey: 'k', baseUrl: 'http://127.0.0.1:1' }, '');
    expect(result.stderr).toContain('THUMBNAIL_API_LOG is a string, which is not a log level');
    expect(result.stderr).not.toContain(KEY);
  });
});
