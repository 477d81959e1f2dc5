// A user's MSW set-up, as the msw-* cases install it: @thumbnail-api/mock and @thumbnail-api/client by range, msw by
// version from the registry, the real client against createHandlers() under msw/node's setupServer. Prints one line,
// `MSW_RESULT <json>`: the checks, the msw and Node.js versions, and what client.raw sends when made before listen().
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  APIConnectionError,
  APITimeoutError,
  AuthenticationError,
  InternalServerError,
  ThumbnailApiError,
  ThumbnailClient,
  ThumbnailClientError,
} from '@thumbnail-api/client';
import { createHandlers } from '@thumbnail-api/mock/msw';
import { setupServer } from 'msw/node';

/** @type {{ keys: { ok: string, revoked: string } }} */
const { keys } = JSON.parse(readFileSync(new URL('./msw-config.json', import.meta.url), 'utf8'));
const baseUrl = 'https://api.thumbnails.test';
const simulatedHeader = 'x-thumbnail-api-mock-simulated';
const mswVersion = createRequire(import.meta.url)('msw/package.json').version;
// msw 3 renamed onUnhandledRequest to onUnhandledFrame, and ignores the old name (requests then go to the network).
/** @type {any} */
const strict = Number.parseInt(mswVersion, 10) >= 3 ? { onUnhandledFrame: 'error' } : { onUnhandledRequest: 'error' };

/** @type {Array<{ name: string, ok: boolean, detail: string }>} */
const checks = [];
/** @param {string} name @param {boolean} ok @param {string} detail */
const check = (name, ok, detail) => checks.push({ name, ok, detail });
/** @param {unknown} error */
const describe = (error) => (error instanceof Error ? `${error.constructor.name} ${'status' in error ? error.status : ''}: ${error.message}` : String(error));
/** Runs a step; a throw is a failed check, never a crash, so every check reports. @param {string} name @param {() => Promise<void>} body */
async function step(name, body) {
  try {
    await body();
  } catch (error) {
    check(name, false, `threw ${describe(error)}`);
  }
}
/** @param {string} apiKey @param {{ timeoutMs?: number, maxRetries?: number }} [options] */
const clientWith = (apiKey, options = {}) => new ThumbnailClient({ baseUrl, apiKey, timeoutMs: 5_000, retryDelayMs: 10, ...options });
/** The typed error a call ends in, or what it resolved to. @param {Promise<unknown>} call */
const failureOf = (call) =>
  call.then(
    (value) => ({ resolved: value }),
    (error) => error,
  );

const thumbnails = await createHandlers({ baseUrl, keys: { [keys.ok]: 'ok', [keys.revoked]: 'unauthorized' } });
const server = setupServer(...thumbnails.handlers);
server.listen(strict);

await step('create() answers 200 and the journal shows one POST with the prompt, never the whole key', async () => {
  const created = await clientWith(keys.ok).thumbnails.create({ prompt: 'A red fox in the snow' });
  const posts = thumbnails.requests().filter((entry) => entry.method === 'POST');
  const journal = JSON.stringify(thumbnails.requests());
  const entry = posts[0];
  const ok =
    typeof created === 'object' &&
    posts.length === 1 &&
    entry?.status === 200 &&
    entry.operationId === 'createThumbnail' &&
    JSON.stringify(entry.body) === JSON.stringify({ prompt: 'A red fox in the snow' }) &&
    !journal.includes(keys.ok);
  check(
    'create() answers 200 and the journal shows one POST with the prompt, never the whole key',
    ok,
    `${posts.length} POST(s), status ${entry?.status}, body ${JSON.stringify(entry?.body)}, key in journal: ${journal.includes(keys.ok)}`,
  );
});
thumbnails.reset();

await step('a revoked key ends in AuthenticationError (401)', async () => {
  const error = await failureOf(clientWith(keys.revoked).thumbnails.list());
  const ok = error instanceof AuthenticationError && error instanceof ThumbnailClientError && error.status === 401;
  check('a revoked key ends in AuthenticationError (401)', ok, describe(error));
});
thumbnails.reset();

await step('a 503 with Retry-After makes list() retry and succeed, labelled as simulated', async () => {
  await thumbnails.rule({ operationId: 'listThumbnails', times: 1, answer: { status: 503, headers: { 'retry-after': '1' } } });
  const listed = await clientWith(keys.ok).thumbnails.list();
  const entries = thumbnails.requests();
  const statuses = entries.map((entry) => entry.status);
  const ok = typeof listed === 'object' && JSON.stringify(statuses) === '[503,200]' && entries[0]?.simulated !== null && entries[1]?.simulated === null;
  check(
    'a 503 with Retry-After makes list() retry and succeed, labelled as simulated',
    ok,
    `statuses ${JSON.stringify(statuses)}, simulated ${JSON.stringify(entries.map((entry) => entry.simulated))}`,
  );
});
thumbnails.reset();

await step('a 503 makes create() fail once with InternalServerError: one POST in the journal', async () => {
  await thumbnails.rule({ operationId: 'createThumbnail', times: 1, answer: { status: 503, headers: { 'retry-after': '1' } } });
  const error = await failureOf(clientWith(keys.ok, { maxRetries: 2 }).thumbnails.create({ prompt: 'A red fox' }));
  const posts = thumbnails.requests({ operationId: 'createThumbnail' }).length;
  check(
    'a 503 makes create() fail once with InternalServerError: one POST in the journal',
    error instanceof InternalServerError && error.status === 503 && posts === 1,
    `${describe(error)}; ${posts} POST(s)`,
  );
});
thumbnails.reset();

/** @type {Array<[string, import('@thumbnail-api/mock/msw').MockRule, Function, (error: unknown) => boolean]>} */
const faults = [
  ['hang ends in APITimeoutError', { operationId: 'listThumbnails', fault: 'hang' }, APITimeoutError, () => true],
  [
    'reset ends in APIConnectionError (not a timeout)',
    { operationId: 'listThumbnails', fault: 'reset' },
    APIConnectionError,
    (error) => !(error instanceof APITimeoutError),
  ],
  [
    'truncated: the 200 arrives, its body breaks off: APIConnectionError while reading',
    { operationId: 'listThumbnails', fault: 'truncated', answer: { status: 200, body: { thumbnails: ['a', 'b'] } } },
    APIConnectionError,
    (error) => error instanceof Error && error.message.includes('while reading the response'),
  ],
  [
    'malformed ends in ThumbnailApiError (200, not JSON)',
    { operationId: 'listThumbnails', fault: 'malformed' },
    ThumbnailApiError,
    (error) => error instanceof ThumbnailApiError && error.status === 200,
  ],
];
for (const [name, rule, errorClass, also] of faults) {
  await step(name, async () => {
    await thumbnails.rule(rule);
    const error = await failureOf(clientWith(keys.ok, { timeoutMs: 500, maxRetries: 0 }).thumbnails.list());
    const held = thumbnails.endPending();
    check(name, error instanceof errorClass && also(error) && held === 0, `${describe(error)}; ${held} request(s) still held`);
  });
  thumbnails.reset();
}

await step('simulated answers carry the labelled header, documented ones do not', async () => {
  const headers = { 'x-api-key': keys.ok };
  const documented = await fetch(`${baseUrl}/api/thumbnails`, { headers });
  await documented.arrayBuffer();
  await thumbnails.rule({ operationId: 'listThumbnails', answer: { status: 502 } });
  const simulated = await fetch(`${baseUrl}/api/thumbnails`, { headers });
  await simulated.arrayBuffer();
  const label = simulated.headers.get(simulatedHeader);
  const ok = documented.status === 200 && documented.headers.get(simulatedHeader) === null && simulated.status === 502 && /not documented/.test(label ?? '');
  check(
    'simulated answers carry the labelled header, documented ones do not',
    ok,
    `documented ${documented.status} ${documented.headers.get(simulatedHeader)}; simulated ${simulated.status} ${simulatedHeader}: ${label}`,
  );
});
thumbnails.reset();

await step('a request outside baseUrl is left to MSW, which refuses it (unhandled: error)', async () => {
  const error = await failureOf(fetch('https://elsewhere.thumbnails.test/api/thumbnails'));
  const message = error instanceof Error ? `${error.message} ${error.cause instanceof Error ? error.cause.message : ''}` : 'it was answered';
  check(
    'a request outside baseUrl is left to MSW, which refuses it (unhandled: error)',
    /Cannot bypass a request/.test(message) && thumbnails.requests().length === 0,
    message,
  );
});

// msw patches Headers at listen(); a client made before it once lost the headers its Request set (the case requires both).
/** What client.raw.POST of a client sent and got. @param {ThumbnailClient} client */
async function rawPost(client) {
  thumbnails.reset();
  /** @type {{ status: number | null, contentType: string | null, error?: string }} */
  const seen = { status: null, contentType: null };
  try {
    const { response } = await client.raw.POST('/api/thumbnails', { body: { prompt: 'A red fox' } });
    seen.status = response.status;
  } catch (error) {
    seen.error = describe(error);
  }
  const header = thumbnails.requests()[0]?.headers['content-type'];
  seen.contentType = typeof header === 'string' ? header : null;
  return seen;
}
server.close();
const early = clientWith(keys.ok);
server.listen(strict);
const rawBeforeListen = await rawPost(early);
const rawAfterListen = await rawPost(clientWith(keys.ok));

server.close();
console.log(`MSW_RESULT ${JSON.stringify({ mswVersion, node: process.version, checks, rawBeforeListen, rawAfterListen })}`);
