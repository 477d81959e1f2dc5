// "A POST is never sent twice" in a real browser (Debian's headless Chromium, dangerouslyAllowBrowser): the client,
// bundled as users bundle it, POSTs /api/thumbnails from a page to a server on 127.0.0.1 that counts what reaches it.
// Chromium re-sends on its own, below JavaScript, a body it holds as bytes: on a 421, on a 408 from a reused HTTP/1.1
// connection, and when a reused connection fails before any answer (net/http/http_network_transaction.cc). It never
// re-sends a stream body, which it sends over HTTP/2 only. So over https: the client streams the body and the count is
// one whatever the answer; over http: (HTTP/1.1 only) it cannot, and these tests pin what Chromium does there.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bundleClientForBrowser, launchChromium } from './support/chromium.js';
import { type PostAnswer, type PostCountingServer, type Protocol, startPostCountingServer } from './support/post-counting-server.js';

const BODY = '{"prompt":"A red fox at dawn"}';
let browser: Browser;
const servers = {} as Record<Protocol, PostCountingServer>;

beforeAll(async () => {
  const clientJs = await bundleClientForBrowser();
  for (const protocol of ['http/1.1', 'https/1.1', 'h2'] as const) servers[protocol] = await startPostCountingServer(protocol, clientJs);
  // The TLS servers' certificates are made at test time and signed by themselves.
  browser = await launchChromium(['--ignore-certificate-errors']);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all(Object.values(servers).map((server) => server.close()));
});

type Connection = 'a fresh connection' | 'a reused connection';
type How = 'client' | 'client, maxRetries: 5' | 'client with a fetch option that sends bytes' | 'fetch with a bytes body';

interface Run {
  /** Each POST that reached the server, as `<HTTP version> <body>`. */
  posts: string[];
  /** What the caller got: `created`, or the error's name and status. */
  outcome: string;
  message: string;
}

/**
 * Loads the page in a new browser context (no connection of an earlier run), then POSTs through the client; on a
 * reused connection a GET to /warm opens the connection first, as an earlier call of the page would have.
 */
async function postFromPage(protocol: Protocol, connection: Connection, how: How): Promise<Run> {
  const server = servers[protocol];
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await page.evaluate(`import('/client.js').then(() => true)`);
    await server.idle();
    server.takePosts();
    // Page scripts are strings: the test runner would rewrite a dynamic import() written in this file.
    const result = (await page.evaluate(`(async () => {
      const { ThumbnailClient } = await import('/client.js');
      if (${connection === 'a reused connection'}) await (await fetch('/warm')).text();
      const how = ${JSON.stringify(how)};
      try {
        if (how === 'fetch with a bytes body') {
          const response = await fetch('/api/thumbnails', { method: 'POST', body: new TextEncoder().encode(${JSON.stringify(BODY)}), signal: AbortSignal.timeout(2000) });
          return { outcome: response.ok ? 'created' : 'status ' + response.status, message: '' };
        }
        const client = new ThumbnailClient({
          apiKey: 'browser-key', baseUrl: location.origin, dangerouslyAllowBrowser: true, timeoutMs: 2000,
          ...(how === 'client, maxRetries: 5' ? { maxRetries: 5, retryDelayMs: 0 } : {}),
          // The README's way back to bytes, for a server that speaks HTTP/1.1 only.
          ...(how === 'client with a fetch option that sends bytes' ? { fetch: async (url, init) =>
            fetch(url, { ...init, body: init.body instanceof ReadableStream ? await new Response(init.body).arrayBuffer() : init.body }) } : {}),
        });
        await client.thumbnails.create(${BODY});
        return { outcome: 'created', message: '' };
      } catch (error) {
        return { outcome: error.name + (error.status ? ' ' + error.status : ''), message: String(error.message) };
      }
    })()`)) as Omit<Run, 'posts'>;
    // A second POST, if one was sent, has arrived by now: the browser re-sends before fetch settles.
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { ...result, posts: server.takePosts() };
  } finally {
    await context.close();
  }
}

const STATUS_OUTCOMES: Record<number, string> = {
  408: 'ThumbnailApiError 408',
  421: 'ThumbnailApiError 421',
  429: 'RateLimitError 429',
  500: 'InternalServerError 500',
  502: 'InternalServerError 502',
  503: 'InternalServerError 503',
  504: 'InternalServerError 504',
};
const status = (code: number): PostAnswer => ({ kind: 'status', status: code });
const sent = (protocol: string, times: number) => Array.from({ length: times }, () => `${protocol} ${BODY}`);

interface Case {
  answer: PostAnswer;
  connection: Connection;
  /** How many POSTs reach the server. */
  posts: number;
  outcome: string;
}

/** A case per status answered on a reused connection that the POST reaches once, ending in the status's typed error. */
const sentOnceOnAReusedConnection = (codes: number[]): Case[] =>
  codes.map((code) => ({ answer: status(code), connection: 'a reused connection', posts: 1, outcome: STATUS_OUTCOMES[code] ?? '' }));

const name = ({ answer, connection }: Case) =>
  `${answer.kind === 'status' ? `a ${answer.status}` : answer.kind === 'silence' ? 'no answer (a timeout)' : `a ${answer.kind}`} on ${connection}`;

async function expectCase(protocol: Protocol, version: string, entry: Case): Promise<void> {
  servers[protocol].answer = entry.answer;
  for (const how of ['client', 'client, maxRetries: 5'] as const) {
    const run = await postFromPage(protocol, entry.connection, how);
    // The client's message too, should the outcome differ: what it said is the first clue.
    expect({ posts: run.posts, outcome: run.outcome }, `${how}: ${run.message}`).toEqual({ posts: sent(version, entry.posts), outcome: entry.outcome });
  }
}

describe('over https: with HTTP/2, the client streams the body and the browser sends it once, whatever the answer', () => {
  const cases: Case[] = [
    ...sentOnceOnAReusedConnection(Object.keys(STATUS_OUTCOMES).map(Number)),
    { answer: status(421), connection: 'a fresh connection', posts: 1, outcome: 'ThumbnailApiError 421' },
    { answer: { kind: 'reset' }, connection: 'a fresh connection', posts: 1, outcome: 'APIConnectionError' },
    { answer: { kind: 'reset' }, connection: 'a reused connection', posts: 1, outcome: 'APIConnectionError' },
    { answer: { kind: 'reset, then 200' }, connection: 'a reused connection', posts: 1, outcome: 'APIConnectionError' },
    { answer: { kind: 'refused stream' }, connection: 'a reused connection', posts: 1, outcome: 'APIConnectionError' },
    { answer: { kind: 'silence' }, connection: 'a reused connection', posts: 1, outcome: 'APITimeoutError' },
  ];
  test.each(cases.map((entry) => [name(entry), entry] as const))('sends one POST when the answer is %s', async (_, entry) => {
    await expectCase('h2', '2.0', entry);
  });
});

describe('over https: with HTTP/1.1 only, Chromium refuses the streamed body before sending anything', () => {
  test.each(['a fresh connection', 'a reused connection'] as const)('sends no POST on %s, and the error says why', async (connection) => {
    servers['https/1.1'].answer = status(200);
    const run = await postFromPage('https/1.1', connection, 'client');
    expect(run.posts).toEqual([]);
    expect(run.outcome).toBe('APIConnectionError');
    expect(run.message).toMatch(
      /failed before a response arrived: Failed to fetch\. In a browser, a POST or PATCH body goes as a stream .* HTTP\/2 or HTTP\/3 only: if this server speaks HTTP\/1\.1, the browser refused/,
    );
  });

  test('sends the POST once as bytes through a fetch option that reads the stream, as the README shows', async () => {
    servers['https/1.1'].answer = status(200);
    const run = await postFromPage('https/1.1', 'a fresh connection', 'client with a fetch option that sends bytes');
    expect({ posts: run.posts, outcome: run.outcome }).toEqual({ posts: sent('1.1', 1), outcome: 'created' });
  });
});

// What Chromium does on its own with a body held as bytes, which the client must send over http: (browsers speak
// HTTP/2 over TLS only, and refuse a stream over HTTP/1.1). Pinned so that a change in Chromium is noticed.
describe('over http: (HTTP/1.1), Chromium re-sends the bytes of a POST on its own in three cases', () => {
  const cases: Case[] = [
    { answer: status(421), connection: 'a fresh connection', posts: 2, outcome: 'ThumbnailApiError 421' },
    { answer: status(421), connection: 'a reused connection', posts: 2, outcome: 'ThumbnailApiError 421' },
    { answer: status(408), connection: 'a fresh connection', posts: 1, outcome: 'ThumbnailApiError 408' },
    { answer: status(408), connection: 'a reused connection', posts: 2, outcome: 'ThumbnailApiError 408' },
    ...sentOnceOnAReusedConnection([429, 500, 502, 503, 504]),
    { answer: { kind: 'reset' }, connection: 'a fresh connection', posts: 1, outcome: 'APIConnectionError' },
    { answer: { kind: 'reset' }, connection: 'a reused connection', posts: 2, outcome: 'APIConnectionError' },
    // The worst case: the caller sees a success, and the server got two POSTs.
    { answer: { kind: 'reset, then 200' }, connection: 'a reused connection', posts: 2, outcome: 'created' },
    { answer: { kind: 'silence' }, connection: 'a reused connection', posts: 1, outcome: 'APITimeoutError' },
  ];
  test.each(cases.map((entry) => [name(entry), entry] as const))('%s: as many POSTs as pinned here', async (_, entry) => {
    await expectCase('http/1.1', '1.1', entry);
  });
});

// Why the client streams over https: the same bytes over HTTP/2 are re-sent by Chromium too.
describe('over https: with HTTP/2, Chromium re-sends a bytes body on its own (why the client streams it there)', () => {
  const cases: [string, PostAnswer, Connection, number][] = [
    ['a 421 on a fresh connection', status(421), 'a fresh connection', 2],
    ['a reset on a reused connection', { kind: 'reset' }, 'a reused connection', 2],
    ['a refused stream (up to two re-sends)', { kind: 'refused stream' }, 'a reused connection', 3],
  ];
  test.each(cases)('%s', async (_, answer, connection, posts) => {
    servers.h2.answer = answer;
    const run = await postFromPage('h2', connection, 'fetch with a bytes body');
    expect(run.posts).toEqual(sent('2.0', posts));
  });
});
