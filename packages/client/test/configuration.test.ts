// Construction: options, environment variables, and the clear errors for every wrong value.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ConfigurationError, ThumbnailClient, ThumbnailClientError, type ThumbnailClientOptions } from '../src/index.js';
import { json, useLocalServers } from './support/local-server.js';

const serve = useLocalServers();
const baseUrl = 'http://127.0.0.1:4010';
const ONE_TOKEN = 'an API key is one printable token; copy it again from the service dashboard.';
const BASE_URL_HINT = 'Set it to the scheme and host of the service, e.g. http://127.0.0.1:4010 for the local mock.';

beforeEach(() => {
  // Each test states its environment; none inherits THUMBNAIL_* from the shell running the tests.
  vi.stubEnv('THUMBNAIL_API_KEY', undefined);
  vi.stubEnv('THUMBNAIL_API_BASE_URL', undefined);
});
afterEach(() => {
  vi.unstubAllEnvs();
});

function configurationError(options: ThumbnailClientOptions): ConfigurationError {
  try {
    new ThumbnailClient(options);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error).toBeInstanceOf(ThumbnailClientError);
    return error as ConfigurationError;
  }
  return expect.fail('the client was created');
}

describe('the environment', () => {
  test('supplies the key and base URL when the options do not', async () => {
    const server = await serve((_, res) => json(res, 200, {}));
    vi.stubEnv('THUMBNAIL_API_KEY', 'env-key');
    vi.stubEnv('THUMBNAIL_API_BASE_URL', server.url);
    await new ThumbnailClient().thumbnails.list();
    expect(server.requests[0]?.headers['x-api-key']).toBe('env-key');
  });

  test('loses to the options', async () => {
    const server = await serve((_, res) => json(res, 200, {}));
    vi.stubEnv('THUMBNAIL_API_KEY', 'env-key');
    vi.stubEnv('THUMBNAIL_API_BASE_URL', 'http://127.0.0.1:1');
    await new ThumbnailClient({ apiKey: 'option-key', baseUrl: server.url }).thumbnails.list();
    expect(server.requests[0]?.headers['x-api-key']).toBe('option-key');
  });

  test('an empty THUMBNAIL_API_KEY is named in the error', () => {
    vi.stubEnv('THUMBNAIL_API_KEY', '');
    expect(configurationError({ baseUrl }).message).toBe(
      'The THUMBNAIL_API_KEY environment variable is empty: set it to an API key from the service dashboard.',
    );
  });
});

describe('refuses, with a message naming what to set', () => {
  test.each<[string, ThumbnailClientOptions, string]>([
    [
      'no key anywhere',
      { baseUrl },
      'No API key: pass the apiKey option, or set the THUMBNAIL_API_KEY environment variable (server-side only). Keys are made in the service dashboard.',
    ],
    ['an empty key', { apiKey: '', baseUrl }, 'The apiKey option is empty: set it to an API key from the service dashboard.'],
    [
      'a key with a trailing newline',
      { apiKey: 'abc123\n', baseUrl },
      'The apiKey option has whitespace at its start or end (a trailing newline from a file or a shell?): pass the key alone.',
    ],
    ['a key with a space inside', { apiKey: 'abc 123', baseUrl }, `The apiKey option contains whitespace at position 4: ${ONE_TOKEN}`],
    [
      'a key with a control character',
      { apiKey: 'abc\u0000123', baseUrl },
      `The apiKey option contains a control or non-ASCII character at position 4: ${ONE_TOKEN}`,
    ],
    [
      'a key with a typographic quote',
      { apiKey: '\u201cabc123\u201d', baseUrl },
      `The apiKey option contains a control or non-ASCII character at position 1: ${ONE_TOKEN}`,
    ],
    [
      'a key with the Bearer prefix',
      { apiKey: 'Bearer abc123', baseUrl },
      `The apiKey option starts with "Bearer ": pass the key alone; to send it as "Authorization: Bearer <key>", set auth: 'bearer'.`,
    ],
    ['a key that is not a string', { apiKey: 42 as unknown as string, baseUrl }, 'The apiKey option must be a string, got number.'],
    [
      'plain http to a host that is not loopback',
      { apiKey: 'k', baseUrl: 'http://thumbnails.invalid' },
      'Refusing to send the API key over plain http:// to thumbnails.invalid: anyone on the network could read it. Use https://, or pass allowInsecureHttp: true if the network is trusted (loopback addresses such as 127.0.0.1 are always allowed).',
    ],
    ['an unknown auth method', { apiKey: 'k', baseUrl, auth: 'basic' as 'bearer' }, `auth must be 'x-api-key' or 'bearer', got "basic".`],
    ['a misspelt option', { apikey: 'k', baseUrl } as ThumbnailClientOptions, 'new ThumbnailClient() has no option "apikey": did you mean apiKey?'],
    [
      'a default header carrying a key',
      { apiKey: 'k', baseUrl, headers: { 'X-API-Key': 'other' } },
      'headers must not set X-API-Key: the client sends the key itself, from apiKey (and auth for the header).',
    ],
    [
      'a header value with a line break',
      { apiKey: 'k', baseUrl, headers: { 'X-Team': 'a\r\nb' } },
      'headers["X-Team"] must be a string without line breaks or control characters.',
    ],
    ['a logger without debug()', { apiKey: 'k', baseUrl, logger: {} as Console }, 'logger must have a debug(message) method, e.g. console.'],
  ])('%s', (_, options, message) => {
    expect(configurationError(options).message).toBe(message);
  });

  // Every base URL error ends with the same hint: what the base URL should be.
  test.each<[string, string | undefined, string]>([
    [
      'no base URL anywhere',
      undefined,
      'No base URL (no default host is documented by the service): pass the baseUrl option, or set the THUMBNAIL_API_BASE_URL environment variable.',
    ],
    ['a base URL without a scheme', 'localhost:4010', 'baseUrl must start with https:// or http:// (got "localhost:4010").'],
    ['a relative base URL', '/api', 'baseUrl is not an absolute URL (got "/api").'],
    ['a base URL with credentials', 'https://user:pw@thumbnails.invalid', 'baseUrl must not contain a user name or password: pass the key as apiKey.'],
    [
      'a base URL with a query string',
      'https://thumbnails.invalid/?v=1',
      'baseUrl must not contain a query string or fragment (got "https://thumbnails.invalid/?v=1").',
    ],
    ['a base URL that holds the key (the two were swapped), not echoed', 'sk_live_swapped', 'baseUrl is not an absolute URL.'],
  ])('%s', (_, url, message) => {
    expect(configurationError({ apiKey: 'sk_live_swapped', baseUrl: url }).message).toBe(`${message} ${BASE_URL_HINT}`);
  });

  // Every number option's error names the option, its range and the value it got.
  test.each<[string, 'timeoutMs' | 'totalTimeoutMs' | 'maxRetries' | 'retryDelayMs' | 'maxRetryDelayMs', number, string]>([
    ['a negative timeout', 'timeoutMs', -1, '1 to 3600000 (1 hour)'],
    ['a timeout too long for timers', 'timeoutMs', 2 ** 31, '1 to 3600000 (1 hour)'],
    ['a timeout in minutes past an hour', 'timeoutMs', 3_600_001, '1 to 3600000 (1 hour)'],
    ['a total time limit of zero', 'totalTimeoutMs', 0, '1 to 3600000 (1 hour)'],
    ['fractional retries', 'maxRetries', 1.5, '0 to 10'],
    ['a retry loop without end', 'maxRetries', 1000, '0 to 10'],
    ['a backoff of days', 'retryDelayMs', 86_400_000, '0 to 600000 (10 minutes)'],
    ['an infinite delay', 'retryDelayMs', Number.POSITIVE_INFINITY, '0 to 600000 (10 minutes)'],
    ['a wait cap of hours', 'maxRetryDelayMs', 7_200_000, '0 to 600000 (10 minutes)'],
  ])('%s', (_, option, value, range) => {
    expect(configurationError({ apiKey: 'k', baseUrl, [option]: value }).message).toBe(`${option} must be a whole number from ${range}, got ${value}.`);
  });

  test('bad per-call options reject the call before anything is sent', async () => {
    const server = await serve((_, res) => json(res, 200, {}));
    const client = new ThumbnailClient({ apiKey: 'k', baseUrl: server.url });
    await expect(client.thumbnails.list({ timeoutMs: 0 })).rejects.toThrow('timeoutMs must be a whole number from 1 to 3600000 (1 hour), got 0.');
    await expect(client.thumbnails.list({ maxRetries: 11 })).rejects.toMatchObject({ name: 'RequestArgumentError', argument: 'options.maxRetries' });
    await expect(client.thumbnails.list({ totalTimeoutMs: -5 })).rejects.toThrow('totalTimeoutMs must be a whole number from 1 to 3600000 (1 hour), got -5.');
    await expect(client.request('GET', '/api/persons', { retries: 2 } as never)).rejects.toMatchObject({
      name: 'RequestArgumentError',
      argument: 'options.retries',
    });
    await expect(client.thumbnails.list({ signal: 'stop' as unknown as AbortSignal })).rejects.toThrow('signal must be an AbortSignal');
    await expect(client.thumbnails.create(null as unknown as { prompt: string })).rejects.toThrow('thumbnails.create() takes the request body as an object');
    expect(server.requests).toHaveLength(0);
  });
});

describe('accepts', () => {
  test.each(['http://localhost:4010', 'http://127.0.0.1:4010', 'http://127.1.2.3', 'http://[::1]:4010', 'https://thumbnails.invalid'])(
    'the base URL %s',
    (url) => {
      expect(new ThumbnailClient({ apiKey: 'k', baseUrl: url }).baseUrl).toBe(new URL(url).origin);
    },
  );

  test('plain http to another host with allowInsecureHttp: true', () => {
    expect(new ThumbnailClient({ apiKey: 'k', baseUrl: 'http://mock.invalid:4010/', allowInsecureHttp: true }).baseUrl).toBe('http://mock.invalid:4010');
  });
});
