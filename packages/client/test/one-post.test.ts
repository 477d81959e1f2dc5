// "A POST is never sent twice" (README, The POST rule), on every path a POST can take: the global fetch, a fetch
// option, a fetch installed after the client was made, one that retries by itself, request() and client.raw; against
// every answer that invites a second try, whatever the client's maxRetries.
import { afterEach, describe, onTestFinished, test, vi } from 'vitest';
import { type FetchFunction, ThumbnailClient, type ThumbnailClientOptions } from '../src/index.js';
import { json, type Responder, reset, startLocalServer } from './support/local-server.js';

// Each test closes its own server: useLocalServers' afterEach would close those of the tests still running beside it.
async function serve(respond: Responder) {
  const server = await startLocalServer(respond);
  onTestFinished(() => server.close());
  return server;
}
const BODY = { prompt: 'A red fox at dawn' };

afterEach(() => {
  vi.unstubAllGlobals();
});

const runtimeFetch = globalThis.fetch;
// A tracing wrapper, as users pass one (or install one over the global fetch).
const tracingFetch: FetchFunction = (url, init) => runtimeFetch(url, init);
// A fetch that tries again by itself on an answer it does not like, as some wrappers do.
const retryingFetch: FetchFunction = async (url, init) => {
  for (let tries = 1; ; tries++) {
    const response = await runtimeFetch(url, init);
    if (tries === 3 || (response.status < 500 && response.status !== 408 && response.status !== 421 && response.status !== 429)) return response;
  }
};

interface Path {
  options?: ThumbnailClientOptions;
  /** Replaces the global fetch once the client exists. */
  installLater?: FetchFunction;
  call(client: ThumbnailClient): Promise<unknown>;
}

const create = (client: ThumbnailClient) => client.thumbnails.create(BODY);
const paths: Record<string, Path> = {
  'thumbnails.create() with the global fetch': { call: create },
  'thumbnails.create() with a fetch option': { options: { fetch: tracingFetch }, call: create },
  'thumbnails.create() with a fetch installed after the client was made': { installLater: tracingFetch, call: create },
  'thumbnails.create() with a fetch option that retries by itself': { options: { fetch: retryingFetch }, call: create },
  'request("POST")': { call: (client) => client.request('POST', '/api/persons', { body: { name: 'Ada' } }) },
  'request("PATCH") with a fetch option': {
    options: { fetch: tracingFetch },
    call: (client) => client.request('PATCH', '/api/persons/p_1', { body: { name: 'Ada' } }),
  },
  'client.raw.POST': { call: (client) => client.raw.POST('/api/thumbnails', { body: BODY }) },
  'client.raw.POST with a fetch option that retries by itself': {
    options: { fetch: retryingFetch },
    call: (client) => client.raw.POST('/api/thumbnails', { body: BODY }),
  },
};

const answers: Record<string, Responder> = {
  ...Object.fromEntries(
    [408, 421, 429, 500, 502, 503, 504].map(
      (status) => [`a ${status}`, (_, res) => json(res, status, { success: false, error: 'Try again' })] as [string, Responder],
    ),
  ),
  'a connection reset': (_, __, ___, raw) => reset(raw),
  'no answer (a timeout)': () => undefined,
};

const sendsOnePost = (_: string, path: Path) => {
  test.for(Object.keys(answers))('sends one POST when the answer is %s, whatever maxRetries says', async (answer, { expect }) => {
    const server = await serve(answers[answer]!);
    for (const maxRetries of [0, 2, 10]) {
      // An unanswered request needs time to reach the server before its time limit aborts it, on a busy machine too. The
      // others are answered at once, so their limit only has to outlast a slow start: a worker's first fetch loads
      // Node's fetch, and under a fresh-clone CI's load that took past 200 ms, so nothing was sent at all.
      const timeoutMs = answer === 'no answer (a timeout)' ? 1_000 : 10_000;
      const client = new ThumbnailClient({ apiKey: 'k', baseUrl: server.url, maxRetries, retryDelayMs: 0, timeoutMs, ...path.options });
      const installed = path.installLater && vi.fn(path.installLater);
      if (installed) vi.stubGlobal('fetch', installed);
      const before = server.requests.length;
      await path.call(client).catch(() => undefined);
      vi.unstubAllGlobals();
      // Give a second request, if one was sent, the time to arrive.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(
        server.requests.slice(before).map((request) => `${request.method} ${request.body}`),
        `maxRetries: ${maxRetries}`,
      ).toHaveLength(1);
      if (installed) expect(installed).toHaveBeenCalledTimes(1);
    }
  });
};
const pathsWhere = (replacesGlobalFetch: boolean) => Object.entries(paths).filter(([, path]) => Boolean(path.installLater) === replacesGlobalFetch);
// Each test has its own server, client and `expect`, so these run at once (most of their time is spent waiting for a
// timeout); the path that replaces the global fetch runs alone, after them, since the others would go through it.
describe.concurrent.each(pathsWhere(false))('%s', sendsOnePost);
describe.each(pathsWhere(true))('%s', sendsOnePost);
