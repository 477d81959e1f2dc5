// One suite, three launchers: the npm CLI, the single executable and the container image each serve the same
// mock, started alike (a key registry, rules, recordings from files; options from flags and THUMBNAIL_API_MOCK_*
// variables), and every exchange a test in any language makes over HTTP must come out the same. A difference fails.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ThumbnailClient } from '@thumbnail-api/client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startContractProxy } from '../../src/index.js';
import { startRecordUpstream } from '../helpers/record-upstream.js';
import { scratchDir } from '../helpers/scratch-dir.js';
import { launchers, stopAllLaunched } from './launchers.js';
import { exchange, type Running, sameEverywhere } from './observe.js';

const dir = scratchDir('mock-launchers-');
const keys = { 'sk-launcher-ok-0001': 'ok', 'sk-launcher-ok-0002': 'ok', 'sk-launcher-revoked': 'unauthorized', 'sk-launcher-no-access': 'forbidden' };
const ok = { 'x-api-key': 'sk-launcher-ok-0001' };
let mocks: Running = [];

beforeAll(async () => {
  // The image's user (10001) reads these as a team's CI would mount them.
  chmodSync(dir, 0o755);
  writeFileSync(join(dir, 'keys.json'), JSON.stringify(keys));
  writeFileSync(
    join(dir, 'rules.json'),
    JSON.stringify([{ operationId: 'createThumbnail', body: { prompt: 'preloaded' }, answer: { status: 503, headers: { 'retry-after': '7' } } }]),
  );
  // Recordings made through the contract proxy from a stand-in of the service, as a team records them once.
  const recordings = join(dir, 'recordings');
  mkdirSync(recordings);
  const upstream = await startRecordUpstream();
  const proxy = await startContractProxy({ upstream: upstream.url, port: 0, record: recordings });
  await new ThumbnailClient({ apiKey: 'sk-launcher-ok-0002', baseUrl: proxy.url, maxRetries: 0 }).thumbnails.create({ prompt: 'A red fox at dawn' });
  await proxy.stop();
  await upstream.close();
  chmodSync(recordings, 0o755);

  const args = ['--port', '0', '--keys', join(dir, 'keys.json'), '--rules', join(dir, 'rules.json'), '--replay', recordings, '--log-requests'];
  const env = { THUMBNAIL_API_MOCK_ALLOWED_HOSTS: 'mock,.ci.test', THUMBNAIL_API_MOCK_JOURNAL_SIZE: '50' };
  const runs = launchers.map((launcher) => launcher.start(args, { env, folders: [dir] }));
  mocks = await Promise.all(runs.map(async (run) => ({ run, url: await run.ready() })));
});
afterAll(stopAllLaunched);

test('the key registry from a mounted file: the documented answer, 401 and 403 with the note saying why', async () => {
  const seen = await sameEverywhere(mocks, async (url) => [
    await exchange(url, { headers: ok }),
    await exchange(url, { headers: { 'x-api-key': 'sk-launcher-revoked' } }),
    await exchange(url, { headers: { authorization: 'Bearer sk-launcher-no-access' } }),
    await exchange(url, { headers: { 'x-api-key': 'sk-not-listed' } }),
  ]);
  expect(seen.map((answer) => [answer.status, answer.headers?.['x-thumbnail-api-mock-note']])).toEqual([
    [200, undefined],
    [401, 'key listed as "unauthorized" in the registry'],
    [403, 'key listed as "forbidden" in the registry'],
    [401, 'key not in the registry'],
  ]);
});

test('validation and Prefer: a body that breaks the schema gets the 422 with a note; Prefer picks a documented answer', async () => {
  const seen = await sameEverywhere(mocks, async (url) => [
    await exchange(url, { method: 'POST', headers: ok, body: { prompt: 42 } }),
    await exchange(url, { method: 'POST', headers: { ...ok, 'content-type': 'application/json' }, body: '{not json' }),
    await exchange(url, { headers: { ...ok, prefer: 'code=403' } }),
    await exchange(url, { headers: { ...ok, prefer: 'code=299' } }),
  ]);
  expect(seen.map((answer) => answer.status)).toEqual([422, 400, 403, 400]);
  expect(seen[3]?.headers?.['x-thumbnail-api-mock-error']).toBe('undocumented-status');
});

test('rules: one from --rules answers from the start; one added over HTTP answers, is listed, and names itself', async () => {
  const key = 'sk-launcher-ok-0001';
  const seen = await sameEverywhere(mocks, async (url) => {
    const preloaded = await exchange(url, { method: 'POST', headers: ok, body: { prompt: 'preloaded' } });
    const added = await exchange(url, {
      method: 'POST',
      path: `/__mock/rules?key=${key}`,
      body: { operationId: 'listThumbnails', times: 1, answer: { status: 503, headers: { 'retry-after': '1' } } },
    });
    const ruled = await exchange(url, { headers: ok });
    const after = await exchange(url, { headers: ok });
    const listed = await exchange(url, { path: `/__mock/rules?key=${key}` });
    const reset = await exchange(url, { method: 'POST', path: `/__mock/reset?key=${key}` });
    return { preloaded, added, ruled, after, listed, reset };
  });
  expect(seen.preloaded).toMatchObject({ status: 503, headers: { 'retry-after': '7' } });
  expect(seen.ruled).toMatchObject({ status: 503, headers: { 'retry-after': '1', 'x-thumbnail-api-mock-rule': (seen.added.body as { id: string }).id } });
  expect(seen.after.status).toBe(200);
  expect(seen.reset.status).toBe(204);
});

test('the journal: what was sent, with the key redacted, scoped by ?key=, and forgotten on DELETE', async () => {
  const key = 'sk-launcher-ok-0002';
  const seen = await sameEverywhere(mocks, async (url) => {
    await exchange(url, { method: 'POST', headers: { 'x-api-key': key }, body: { prompt: 'A journal entry' } });
    const journal = await exchange(url, { path: `/__mock/requests?key=${key}&operationId=createThumbnail` });
    const cleared = await exchange(url, { method: 'DELETE', path: `/__mock/requests?key=${key}` });
    const empty = await exchange(url, { path: `/__mock/requests?key=${key}` });
    return { journal, cleared, empty };
  });
  expect(seen.journal.body).toMatchObject({
    requests: [{ method: 'POST', path: '/api/thumbnails', body: { prompt: 'A journal entry' }, keyHint: '…0002', headers: { 'x-api-key': '…0002' } }],
  });
  expect([seen.cleared.status, seen.empty.body]).toEqual([204, { requests: [], dropped: 0 }]);
});

test('faults: reset is a network error, malformed is no JSON, truncated ends early, hang holds until DELETE /__mock/pending', async () => {
  const key = 'sk-launcher-ok-0001';
  const seen = await sameEverywhere(mocks, async (url) => {
    const outcomes: unknown[] = [];
    for (const fault of ['reset', 'malformed', 'truncated']) {
      await exchange(url, { method: 'POST', path: `/__mock/rules?key=${key}`, body: { operationId: 'listThumbnails', times: 1, fault } });
      const answer = await exchange(url, { headers: ok });
      outcomes.push({ fault, status: answer.status, failed: answer.failed, type: answer.headers?.['content-type'] });
    }
    await exchange(url, { method: 'POST', path: `/__mock/rules?key=${key}`, body: { operationId: 'listThumbnails', times: 1, fault: 'hang' } });
    const held = exchange(url, { headers: ok });
    let ended: Awaited<ReturnType<typeof exchange>> | undefined;
    for (let attempt = 0; attempt < 100 && (ended?.body as { ended?: number } | undefined)?.ended !== 1; attempt++) {
      ended = await exchange(url, { method: 'DELETE', path: `/__mock/pending?key=${key}` });
      if ((ended.body as { ended: number }).ended === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    outcomes.push({ fault: 'hang', ended: ended?.body, held: (await held).failed });
    await exchange(url, { method: 'POST', path: `/__mock/reset?key=${key}` });
    return outcomes;
  });
  expect(seen).toMatchObject([
    { fault: 'reset', failed: 'reset' },
    { fault: 'malformed', status: 200, type: 'application/json' },
    { fault: 'truncated', status: 200, failed: 'cut' },
    { fault: 'hang', ended: { ended: 1 }, held: 'reset' },
  ]);
});

test('near misses and coverage: why a rule did not match, and what the requests never exercised', async () => {
  const key = 'sk-launcher-ok-0002';
  const seen = await sameEverywhere(mocks, async (url) => {
    await exchange(url, {
      method: 'POST',
      path: `/__mock/rules?key=${key}`,
      body: { operationId: 'createThumbnail', body: { prompt: 'a cat' }, answer: { status: 200 } },
    });
    await exchange(url, { method: 'POST', headers: { 'x-api-key': key }, body: { prompt: 'a dog' } });
    const nearMisses = await exchange(url, { path: `/__mock/near-misses?key=${key}` });
    const coverage = await exchange(url, { path: `/__mock/coverage?key=${key}` });
    await exchange(url, { method: 'POST', path: `/__mock/reset?key=${key}` });
    return { nearMisses: nearMisses.body, coverage: coverage.body };
  });
  expect(seen.nearMisses).toMatchObject({ nearMisses: [{ difference: 'body.prompt: expected "a cat", got "a dog"' }] });
  expect((seen.coverage as { notSeen: string[] }).notSeen).toContain('listThumbnails → 403 with x-api-key');
});

test('the guard: a Host named in THUMBNAIL_API_MOCK_ALLOWED_HOSTS is answered, another refused; /__mock refuses other origins and non-JSON writes', async () => {
  const seen = await sameEverywhere(mocks, async (url) => [
    await exchange(url, { headers: { ...ok, host: 'mock:4010' } }),
    await exchange(url, { headers: { ...ok, host: 'runner.ci.test' } }),
    await exchange(url, { headers: { ...ok, host: 'attacker.example' } }),
    await exchange(url, { path: '/__mock/requests', headers: { origin: 'https://attacker.example' } }),
    await exchange(url, { method: 'POST', path: '/__mock/rules', headers: { 'content-type': 'text/plain' }, body: '{}' }),
  ]);
  expect(seen.map((answer) => [answer.status, answer.headers?.['x-thumbnail-api-mock-error']])).toEqual([
    [200, undefined],
    [200, undefined],
    [403, 'host-not-allowed'],
    [403, 'origin-not-allowed'],
    [415, 'control-needs-json'],
  ]);
});

test('replay: a recorded answer from the mounted folder answers its request, named in x-thumbnail-api-mock-recorded', async () => {
  const seen = await sameEverywhere(mocks, (url) =>
    exchange(url, { method: 'POST', headers: { 'x-api-key': 'sk-launcher-ok-0002' }, body: { prompt: 'A red fox at dawn' } }),
  );
  expect(seen).toMatchObject({ status: 200, headers: { 'x-thumbnail-api-mock-recorded': expect.stringMatching(/post-api-thumbnails-200\.json$/) } });
});

test('--log-requests: one line per request on stdout, the same from every launcher', async () => {
  const marker = `/api/thumbnails?log-marker`;
  const seen = await sameEverywhere(mocks, async (url, launcher) => {
    await exchange(url, { path: marker, headers: ok });
    const run = mocks.find((mock) => mock.run.launcher === launcher)!.run;
    // Written once the answer has ended, so maybe after the client read it.
    const lineOf = () =>
      run
        .stdout()
        .split('\n')
        .reverse()
        .find((text) => text.includes(' GET /api/thumbnails?… '));
    for (let waited = 0; lineOf() === undefined && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    const line = lineOf();
    return line?.replace(/^\S+ /, '<time> ').replace(/ \d+ ms/, ' <n> ms');
  });
  expect(seen).toBe('<time> GET /api/thumbnails?… 200 <n> ms');
});
