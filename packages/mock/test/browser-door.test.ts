// The browser door (@thumbnail-api/mock/browser): the engine assembled from the contract given as data answers Fetch
// Requests as startMock() answers the same requests over HTTP, and nothing on its import path loads a `node:` module,
// so a page's bundle can hold it. (The docs run it in real Chromium: docs/test/try-it.browser.test.ts.)

import { readFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openapiJsonPath } from '@thumbnail-api/spec';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type BrowserMock, createBrowserMock, type MockRule, MockRuleError } from '../src/doors/browser-mock.js';
import { type RunningMock, startMock } from '../src/doors/start-mock.js';
import { STATUS_TEXT } from '../src/http/status-text.js';

const contract: unknown = JSON.parse(readFileSync(openapiJsonPath, 'utf8'));
const keys = { 'door-ok-key': 'ok', 'door-revoked-key': 'unauthorized', 'door-readonly-key': 'forbidden' } as const;
/** Headers whose values the contract, the client or a reader's test depend on; `content-length` and `vary` follow from them. */
const compared = ['content-type', 'retry-after', 'allow', 'x-thumbnail-api-mock-note', 'x-thumbnail-api-mock-simulated', 'x-thumbnail-api-mock-error'];

let door: BrowserMock;
let mock: RunningMock;
beforeAll(async () => {
  [door, mock] = await Promise.all([createBrowserMock({ contract, keys }), startMock({ port: 0, keys })]);
});
afterAll(async () => {
  await mock?.stop();
});

type Case = { name: string; method?: string; headers?: Record<string, string>; body?: string; rule?: MockRule };
const json = { 'content-type': 'application/json' };
const cases: Case[] = [
  { name: 'a listed ok key', headers: { 'x-api-key': 'door-ok-key' } },
  { name: 'an ok key as Bearer', headers: { authorization: 'Bearer door-ok-key' } },
  { name: 'an unauthorized key', headers: { 'x-api-key': 'door-revoked-key' } },
  { name: 'a forbidden key as Bearer', headers: { authorization: 'Bearer door-readonly-key' } },
  { name: 'no key' },
  { name: 'an unlisted key', headers: { 'x-api-key': 'someone-else' } },
  { name: 'Prefer: code=403', headers: { 'x-api-key': 'door-ok-key', prefer: 'code=403' } },
  { name: 'Prefer an example', headers: { 'x-api-key': 'door-ok-key', prefer: 'example=UnauthorizedResponseExample' } },
  { name: 'Prefer an undocumented status', headers: { 'x-api-key': 'door-ok-key', prefer: 'code=418' } },
  { name: 'a POST with a valid body', method: 'POST', headers: { 'x-api-key': 'door-ok-key', ...json }, body: '{"prompt":"a fox"}' },
  { name: 'a POST breaking the schema', method: 'POST', headers: { 'x-api-key': 'door-ok-key', ...json }, body: '{"promt":"a fox"}' },
  { name: 'a POST that is not JSON', method: 'POST', headers: { 'x-api-key': 'door-ok-key', ...json }, body: '{"prompt":' },
  { name: 'a POST as text', method: 'POST', headers: { 'x-api-key': 'door-ok-key', 'content-type': 'text/plain' }, body: 'a fox' },
  { name: 'a method the path lacks', method: 'DELETE', headers: { 'x-api-key': 'door-ok-key' } },
  { name: 'OPTIONS', method: 'OPTIONS' },
  {
    name: 'a 503 rule with Retry-After',
    headers: { 'x-api-key': 'door-ok-key' },
    rule: { operationId: 'listThumbnails', times: 1, answer: { status: 503, headers: { 'retry-after': '1' } } },
  },
  {
    name: 'a 429 rule',
    method: 'POST',
    headers: { 'x-api-key': 'door-ok-key', ...json },
    body: '{"prompt":"a"}',
    rule: { operationId: 'createThumbnail', times: 1, answer: { status: 429 } },
  },
  { name: 'a malformed fault', headers: { 'x-api-key': 'door-ok-key' }, rule: { operationId: 'listThumbnails', times: 1, fault: 'malformed' } },
  {
    name: 'a rule that a 401 comes before',
    headers: { 'x-api-key': 'door-revoked-key' },
    rule: { operationId: 'listThumbnails', times: 1, fault: 'malformed' },
  },
];

describe('answers as startMock() does', () => {
  test.each(cases.map((item) => [item.name, item] as const))('%s', async (_, { method = 'GET', headers = {}, body, rule }) => {
    const path = '/api/thumbnails';
    door.reset();
    mock.reset();
    if (rule) await Promise.all([door.rule(rule), mock.rule(rule)]);
    const fromPage = await door.fetch(new Request(`http://127.0.0.1:4010${path}`, { method, headers, body }));
    const overHttp = await fetch(`${mock.url}${path}`, { method, headers, body });
    expect(await answerOf(fromPage)).toEqual(await answerOf(overHttp));
    // The journal's records too, but for the headers node's fetch adds on the way (host, user-agent, ...).
    const recorded = (entries: { time: string; headers: unknown }[]) => entries.map(({ time: _time, headers: _headers, ...entry }) => entry);
    expect(recorded(door.requests())).toEqual(recorded(mock.requests()));
  });

  test('a reset is a network error, as fetch sees one from the mock', async () => {
    await door.rule({ operationId: 'listThumbnails', times: 1, fault: 'reset' });
    const answer = await door.fetch(new Request('http://127.0.0.1:4010/api/thumbnails', { headers: { 'x-api-key': 'door-ok-key' } }));
    expect([answer.type, answer.status]).toEqual(['error', 0]);
  });

  test('a hang holds the request until its signal gives up, then is a network error', async () => {
    await door.rule({ operationId: 'listThumbnails', times: 1, fault: 'hang' });
    const giveUp = new AbortController();
    const pending = door.fetch(new Request('http://127.0.0.1:4010/api/thumbnails', { headers: { 'x-api-key': 'door-ok-key' }, signal: giveUp.signal }));
    // Held, not answered: it is in the journal without a status, and endPending() would find it.
    await expect.poll(() => door.requests().at(-1)?.status).toBeNull();
    giveUp.abort();
    expect((await pending).type).toBe('error');
    expect(door.endPending()).toBe(0);
  });

  test('the control surface is not served: /__mock is an unknown path, and the methods are the controls', async () => {
    const answer = await door.fetch(new Request('http://127.0.0.1:4010/__mock/requests'));
    expect(answer.status).toBe(404);
    expect(answer.headers.get('x-thumbnail-api-mock-error')).toBe('unknown-path');
  });
});

describe('refuses what it cannot serve, saying why', () => {
  test.each([
    ['no contract', {}, /needs contract: the bundled OpenAPI document/],
    ['a contract that is not OpenAPI', { contract: { openapi: '3.1.0' } }, /given to createBrowserMock\(\)/],
    ['an unknown option', { contract, port: 1 }, /has no option port; it takes contract, keys, rules, journalSize/],
    ['a bad key registry', { contract, keys: { 'a key': 'ok' } }, /entry 1 is empty or contains spaces/],
    ['a bad journal size', { contract, journalSize: -1 }, /journalSize must be a whole number/],
  ])('%s', async (_, options, message) => {
    await expect(createBrowserMock(options as never)).rejects.toThrow(message);
  });

  test('a rule that breaks the contract', async () => {
    const refused = createBrowserMock({ contract, rules: [{ operationId: 'listThumbnails', answer: { status: 401, body: { success: true } } }] });
    await expect(refused).rejects.toBeInstanceOf(MockRuleError);
  });
});

test("its status texts are node:http's", () => {
  expect(STATUS_TEXT).toEqual(Object.fromEntries(Object.entries(STATUS_CODES).map(([code, text]) => [Number(code), text])));
});

test('nothing on its import path loads a node: module (types aside)', () => {
  const entry = fileURLToPath(new URL('../src/browser.ts', import.meta.url));
  const seen = new Set<string>();
  const packages = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    // Transpiled as the build does, type-only imports dropped: what is left is what a bundle would load.
    const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
      fileName: file,
    });
    for (const [, specifier = ''] of outputText.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s*)['"]([^'"]+)['"]/gm)) {
      if (specifier.startsWith('.')) walk(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
      else packages.add(specifier);
    }
  };
  walk(entry);
  expect(seen.size).toBeGreaterThan(10);
  expect([...packages].sort()).toEqual(['@thumbnail-api/spec/model', '@thumbnail-api/spec/profile', '@thumbnail-api/spec/validator']);
});

/** What a reader's code sees of an answer. */
async function answerOf(response: Response) {
  return {
    status: response.status,
    statusText: response.statusText,
    headers: Object.fromEntries(compared.flatMap((name) => (response.headers.has(name) ? [[name, response.headers.get(name)]] : []))),
    body: await response.text(),
  };
}
