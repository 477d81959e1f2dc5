// Rules: checked against the contract when added (refused with an error naming the field, pointer and schema rule),
// then matched newest first, by operation, key, body and times, after the key registry.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { MockRuleError, type RunningMock, startMock } from '../src/index.js';
import { send } from './helpers/http.js';

const key = { 'x-api-key': 'rules-test-key' };
const json = { ...key, 'content-type': 'application/json' };
let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ port: 0, keys: { 'rules-test-key': 'ok', 'revoked-key': 'unauthorized' } });
});
afterAll(async () => {
  await mock?.stop();
});
beforeEach(() => mock.reset());

describe('refused when added, with an error naming what is wrong', () => {
  test.each([
    [
      'an unknown operationId',
      { operationId: 'deleteThumbnail', answer: { status: 200 } },
      'operationId',
      /Unknown operationId "deleteThumbnail"; the contract has createThumbnail, listThumbnails/,
    ],
    ['an unknown rule field', { operationId: 'listThumbnails', status: 503 }, 'status', /Unknown rule field "status"/],
    ['an unknown answer field', { operationId: 'listThumbnails', answer: { status: 503, delay: 1 } }, 'answer.delay', /Unknown answer field "delay"/],
    [
      'an unknown fault',
      { operationId: 'listThumbnails', fault: 'timeout' },
      'fault',
      /"fault" must be one of "reset", "hang", "malformed", "truncated", got "timeout"/,
    ],
    [
      'a body that breaks the documented error schema',
      { operationId: 'listThumbnails', answer: { status: 503, body: { success: true } } },
      'answer.body',
      /breaks the schema of the 503 response \(the contract's "default" response\) of listThumbnails: at \/ must have required property 'error' \(schema rule "required"\); at \/success must be equal to constant \(schema rule "const"\)/,
    ],
    [
      'a body that is not the documented type',
      { operationId: 'listThumbnails', answer: { status: 200, body: ['not', 'an', 'object'] } },
      'answer.body',
      /at \/ must be object \(schema rule "type"\)/,
    ],
    [
      'a hop-by-hop header',
      { operationId: 'listThumbnails', answer: { status: 200, headers: { connection: 'close' } } },
      'answer.headers.connection',
      /set by the mock/,
    ],
    [
      'a Content-Length',
      { operationId: 'listThumbnails', answer: { status: 200, headers: { 'Content-Length': '5' } } },
      'answer.headers.Content-Length',
      /set by the mock/,
    ],
    [
      'a Content-Type the contract does not document',
      { operationId: 'listThumbnails', answer: { status: 200, headers: { 'content-type': 'text/html' } } },
      'answer.headers.content-type',
      /not the one the 200 response of listThumbnails documents \(application\/json\)/,
    ],
    [
      'a header value that is neither a string nor a number',
      { operationId: 'listThumbnails', answer: { status: 503, headers: { 'retry-after': true } } },
      'answer.headers.retry-after',
      /The header "retry-after" needs a string or a number, got true/,
    ],
    ['a status outside HTTP', { operationId: 'listThumbnails', answer: { status: 99 } }, 'answer.status', /from 200 to 599, got 99/],
    ['nothing to do', { operationId: 'listThumbnails' }, 'answer', /needs "answer", "fault" or "delayMs"/],
    ['an answer with a reset', { operationId: 'listThumbnails', fault: 'reset', answer: { status: 200 } }, 'answer', /does not apply with the fault "reset"/],
    ['times of 0', { operationId: 'listThumbnails', times: 0, answer: { status: 200 } }, 'times', /above 0, got 0/],
    ['a negative delay', { operationId: 'listThumbnails', delayMs: -1 }, 'delayMs', /from 0 to 600000, got -1/],
    ['a path the contract lacks', { method: 'GET', path: '/api/videos', answer: { status: 200 } }, 'path', /documents no GET \/api\/videos/],
    [
      'operationId and path that disagree',
      { operationId: 'listThumbnails', method: 'POST', path: '/api/thumbnails', answer: { status: 200 } },
      'operationId',
      /name different operations/,
    ],
  ])('%s', async (_, rule, field, message) => {
    const error = await mock.rule(rule as never).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MockRuleError);
    expect(error).toMatchObject({ field, message: expect.stringMatching(message) });
    // Over HTTP: the same message, as a 400.
    const response = await send(mock.url, { method: 'POST', path: '/__mock/rules', headers: json, body: JSON.stringify(rule) });
    expect(response.status).toBe(400);
    expect(response.json()).toEqual({ error: (error as Error).message, field });
    expect(mock.requests()).toEqual([]);
  });

  test('a POST /__mock/rules body that is not JSON gets a 400 saying where it breaks and what to send', async () => {
    const response = await send(mock.url, { method: 'POST', path: '/__mock/rules', headers: json, body: '{"operationId": "listThumbnails",\n  answer: {}}' });
    expect(response.status).toBe(400);
    expect(response.json().error).toMatch(/^The body is not JSON at line 2, column 3\. Send a rule \(or an array of rules\) as JSON, e\.g\. \{"operationId"/);
  });
});

test('a rule without a body sends the documented example for its status, marked as simulated when undocumented', async () => {
  await mock.rule({ operationId: 'listThumbnails', answer: { status: 502 } });
  const response = await send(mock.url, { headers: key });
  expect(response.status).toBe(502);
  expect(response.headers['content-type']).toBe('application/json');
  expect(response.json()).toEqual({ success: false, error: expect.any(String) });
  expect(response.headers['x-thumbnail-api-mock-simulated']).toBe('status=502 (not documented by the service)');
});

test('a header given as a number is sent as its decimal text: "Retry-After": 1', async () => {
  await mock.rule({ operationId: 'listThumbnails', answer: { status: 503, headers: { 'Retry-After': 1 } } });
  const response = await send(mock.url, { headers: key });
  expect([response.status, response.headers['retry-after']]).toEqual([503, '1']);
  expect(mock.rules().map((rule) => rule.rule)).toEqual([{ operationId: 'listThumbnails', answer: { status: 503, headers: { 'Retry-After': 1 } } }]);
});

test('a documented status with a body of the test is not marked as simulated', async () => {
  await mock.rule({ method: 'get', path: '/api/thumbnails', answer: { status: 200, body: { items: [1, 2] } } });
  const response = await send(mock.url, { headers: key });
  expect([response.status, response.json(), response.headers['x-thumbnail-api-mock-simulated']]).toEqual([200, { items: [1, 2] }, undefined]);
});

test('the key registry answers first: a revoked key gets the documented 401 whatever the rules', async () => {
  await mock.rule({ operationId: 'listThumbnails', answer: { status: 200, body: { items: [] } } });
  const response = await send(mock.url, { headers: { 'x-api-key': 'revoked-key' } });
  expect(response.status).toBe(401);
  expect(mock.requests()).toMatchObject([{ status: 401, rule: null }]);
});

test('rules are checked before Prefer and before validation', async () => {
  await mock.rule({ operationId: 'createThumbnail', answer: { status: 200, body: { id: 'th_1' } } });
  const response = await send(mock.url, { method: 'POST', headers: { ...json, prefer: 'code=403' }, body: '{"no prompt": true}' });
  expect([response.status, response.json()]).toEqual([200, { id: 'th_1' }]);
});

test('the newest rule wins, and removing it brings the older one back', async () => {
  await mock.rule({ operationId: 'listThumbnails', answer: { status: 200, body: { which: 'older' } } });
  const newer = await mock.rule({ operationId: 'listThumbnails', answer: { status: 200, body: { which: 'newer' } } });
  expect((await send(mock.url, { headers: key })).json()).toEqual({ which: 'newer' });
  expect(mock.rules().find((rule) => rule.id === newer.id)?.calls).toBe(1);
  newer.remove();
  expect((await send(mock.url, { headers: key })).json()).toEqual({ which: 'older' });
});

test('times: the rule answers that many requests, then the contract answers again', async () => {
  await mock.rule({ operationId: 'listThumbnails', times: 2, answer: { status: 500 } });
  const statuses = [];
  for (let i = 0; i < 3; i++) statuses.push((await send(mock.url, { headers: key })).status);
  expect(statuses).toEqual([500, 500, 200]);
});

test('body: a rule matches only requests whose JSON body has those fields', async () => {
  await mock.rule({ operationId: 'createThumbnail', body: { prompt: 'a cat' }, answer: { status: 200, body: { id: 'cat' } } });
  const cat = await send(mock.url, { method: 'POST', headers: json, body: '{"prompt": "a cat", "style": "flat"}' });
  const dog = await send(mock.url, { method: 'POST', headers: json, body: '{"prompt": "a dog"}' });
  expect([cat.json(), dog.json()]).toEqual([{ id: 'cat' }, {}]);
});

test('over HTTP: 201 with the id, DELETE by id 204 (then 404), DELETE all 204, GET lists the rules', async () => {
  const created = await send(mock.url, {
    method: 'POST',
    path: '/__mock/rules',
    headers: json,
    body: JSON.stringify({ operationId: 'listThumbnails', answer: { status: 504 } }),
  });
  expect(created.status).toBe(201);
  const { id } = created.json();
  expect((await send(mock.url, { headers: key })).status).toBe(504);
  const listed = await send(mock.url, { path: '/__mock/rules' });
  expect(listed.json()).toEqual({ rules: [{ id, calls: 1, rule: { operationId: 'listThumbnails', answer: { status: 504 } } }] });
  expect((await send(mock.url, { method: 'DELETE', path: `/__mock/rules/${id}` })).status).toBe(204);
  expect((await send(mock.url, { method: 'DELETE', path: `/__mock/rules/${id}` })).status).toBe(404);
  expect((await send(mock.url, { headers: key })).status).toBe(200);
  await send(mock.url, { method: 'POST', path: '/__mock/rules', headers: json, body: JSON.stringify([{ operationId: 'listThumbnails', fault: 'malformed' }]) });
  expect((await send(mock.url, { method: 'DELETE', path: '/__mock/rules' })).status).toBe(204);
  expect((await send(mock.url, { headers: key })).status).toBe(200);
});

test('an array with one bad rule adds none of them, and says which one', async () => {
  const response = await send(mock.url, {
    method: 'POST',
    path: '/__mock/rules',
    headers: json,
    body: JSON.stringify([
      { operationId: 'listThumbnails', answer: { status: 503 } },
      { operationId: 'listThumbnails', fault: 'slow' },
    ]),
  });
  expect(response.status).toBe(400);
  expect(response.json()).toMatchObject({ error: expect.stringMatching(/^Rule 2: "fault" must be one of/), field: '[1].fault' });
  expect((await send(mock.url, { headers: key })).status).toBe(200);
});

test('POST /__mock/reset removes rules and journal', async () => {
  await mock.rule({ operationId: 'listThumbnails', answer: { status: 503 } });
  await send(mock.url, { headers: key });
  expect((await send(mock.url, { method: 'POST', path: '/__mock/reset' })).status).toBe(204);
  expect(mock.requests()).toEqual([]);
  expect((await send(mock.url, { headers: key })).status).toBe(200);
});
