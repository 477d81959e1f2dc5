// A logger that fails changes nothing about a call: its error never becomes the call's, its rejected promise is
// never left unhandled, and its first failure is reported once, as a process warning, without the key.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { InternalServerError, ThumbnailClient, type ThumbnailClientLogger } from '../src/index.js';
import { json, useLocalServers } from './support/local-server.js';

const serve = useLocalServers();
const KEY = 'sk_test_LOGGER_9b3c';

const warnings: Error[] = [];
const unhandled: unknown[] = [];
const onWarning = (warning: Error) => warnings.push(warning);
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeEach(() => {
  warnings.length = 0;
  unhandled.length = 0;
  process.on('warning', onWarning);
  process.on('unhandledRejection', onUnhandled);
});
afterEach(() => {
  process.off('warning', onWarning);
  process.off('unhandledRejection', onUnhandled);
});

// Warnings and unhandled rejections are reported a moment later.
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

const hostile: Record<string, () => ThumbnailClientLogger> = {
  'throws (quoting the key)': () => ({
    debug() {
      throw new Error(`log sink refused ${KEY}`);
    },
  }),
  'returns a promise that rejects': () => ({ debug: () => Promise.reject(new Error(`async sink down for ${KEY}`)) }),
  'returns a promise that never settles': () => ({ debug: () => new Promise(() => undefined) }),
  'starts throwing on its second line': () => {
    let lines = 0;
    return {
      debug() {
        if (++lines > 1) throw new TypeError('sink full');
      },
    };
  },
};

describe.each(Object.entries(hostile))('a logger that %s', (name, makeLogger) => {
  test('leaves the outcome of calls as it would be without a logger, and no rejection unhandled', async () => {
    let answered = 0;
    const server = await serve((_, res) => (answered++ % 2 === 0 ? json(res, 503, { success: false, error: 'Busy' }) : json(res, 200, { thumbnails: [] })));
    const client = new ThumbnailClient({ apiKey: KEY, baseUrl: server.url, retryDelayMs: 1, logger: makeLogger() });
    // A 503 then a 200: logged attempt, answer, retry and answer.
    await expect(client.thumbnails.list()).resolves.toEqual({ thumbnails: [] });
    await expect(client.thumbnails.create({ prompt: 'A red fox at dawn' })).rejects.toBeInstanceOf(InternalServerError);
    await settle();
    expect(unhandled).toEqual([]);
    const reported = warnings.filter((warning) => warning.message.startsWith('thumbnail-api:'));
    if (name.includes('never settles')) {
      expect(reported).toEqual([]);
      return;
    }
    // Once, for all the lines that failed, without the key.
    expect(reported).toHaveLength(1);
    expect(reported[0]?.message).toMatch(
      /^thumbnail-api: the logger's debug\(\) failed \(.+\); calls go on unchanged, and its later failures are not reported\.$/,
    );
    expect((reported[0] as Error & { code?: string }).code).toBe('THUMBNAIL_API_LOGGER_FAILED');
    expect(reported[0]?.message).not.toContain(KEY);
  });
});

test('a logger whose debug cannot even be read is refused at construction with a ConfigurationError', () => {
  const logger = Object.defineProperty({}, 'debug', {
    get() {
      throw new Error('no');
    },
  }) as ThumbnailClientLogger;
  expect(() => new ThumbnailClient({ apiKey: KEY, baseUrl: 'http://127.0.0.1:1', logger })).toThrow('logger must have a debug(message) method, e.g. console.');
});
