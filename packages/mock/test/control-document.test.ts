// The control surface's OpenAPI document against the surface itself: served at GET /__mock/openapi.json and shipped as
// dist/control-openapi.json, every route it lists is sent a request (its parameters, and the body its example gives),
// and every answer (status, content type, body) is validated against what the document says of that route; so are the
// refusals it documents.
import { readFileSync } from 'node:fs';
import { type ContractOperation, createContractModel } from '@thumbnail-api/spec/model';
import { createContractValidator } from '@thumbnail-api/spec/validator';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type RunningMock, startMock } from '../src/index.js';
import { type RawRequest, type RawResponse, send } from './helpers/http.js';

const key = 'control-document-key-0001';
const shipped = JSON.parse(readFileSync(new URL('../dist/control-openapi.json', import.meta.url), 'utf8'));
const model = createContractModel(shipped, { source: 'dist/control-openapi.json' });
const validator = createContractValidator(model);
const json = { 'content-type': 'application/json' };

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ port: 0, keys: { [key]: 'ok', 'control-document-no-0002': 'forbidden' } });
});
afterAll(() => mock?.stop());

/** What the document says of `operation`'s answer with `status`: that it documents it, its media type, and that the body fits. */
function judge(operation: ContractOperation, response: RawResponse): string[] {
  const name = `${operation.operationId} → ${response.status}`;
  const documented = operation.responses.find((entry) => entry.status === String(response.status));
  if (documented === undefined) return [`${name}: status not documented (${response.body.toString().slice(0, 200)})`];
  const type = response.headers['content-type'];
  const [media] = documented.content;
  if (media === undefined) return type === undefined && response.body.length === 0 ? [] : [`${name}: a body the document does not describe`];
  if (type !== media.mediaType) return [`${name}: content type ${type}, documented ${media.mediaType}`];
  const validate = validator.schemaAt(media.schemaPointer!);
  return validate(JSON.parse(response.body.toString('utf8'))) ? [] : [`${name}: ${validator.errorsText(validate)}`];
}

/** The request the document describes for `operation`: its parameters' values, the example of its body, a rule's id. */
async function requestOf(operation: ContractOperation): Promise<RawRequest> {
  const query = new URLSearchParams();
  let path = operation.path;
  for (const reference of (operation.object.parameters ?? []) as { $ref: string }[]) {
    const parameter = model.resolve(reference).value as { name: string; in: string; schema: { enum?: string[] } };
    if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(await addedRuleId()));
    else query.set(parameter.name, parameter.name === 'key' ? key : parameter.schema.enum![0]!);
  }
  const example = operation.requestBody?.content[0]?.examples[0]?.value;
  return {
    method: operation.method.toUpperCase(),
    path: `${path}${query.size === 0 ? '' : `?${query}`}`,
    ...(example === undefined ? {} : { headers: json, body: JSON.stringify(example) }),
  };
}

/** A rule added with the document's example of POST /__mock/rules, for a route that names one. */
async function addedRuleId(): Promise<string> {
  const adding = model.operationById('addRules')!;
  const answer = await send(mock.url, {
    method: 'POST',
    path: `/__mock/rules?key=${key}`,
    headers: json,
    body: JSON.stringify(adding.requestBody!.content[0]!.examples[0]!.value),
  });
  return answer.json().id;
}

test('the served document is the shipped one, and lists every route the surface answers', async () => {
  const served = await send(mock.url, { path: '/__mock/openapi.json' });
  expect(served.json()).toEqual(shipped);
  expect(model.operations.map((operation) => `${operation.method.toUpperCase()} ${operation.path}`)).toEqual([
    'GET /__mock/requests',
    'DELETE /__mock/requests',
    'GET /__mock/requests/dropped',
    'GET /__mock/near-misses',
    'GET /__mock/coverage',
    'GET /__mock/rules',
    'POST /__mock/rules',
    'DELETE /__mock/rules',
    'DELETE /__mock/rules/{id}',
    'DELETE /__mock/pending',
    'POST /__mock/reset',
    'GET /__mock/openapi.json',
  ]);
});

describe('every route of the document, sent the request it describes', () => {
  beforeAll(async () => {
    // Something in each answer: a rule, a request it answered, one it missed (a near miss), one refused, coverage.
    await send(mock.url, {
      method: 'POST',
      path: `/__mock/rules?key=${key}`,
      headers: json,
      body: JSON.stringify({ operationId: 'createThumbnail', body: { prompt: 'a cat' }, answer: { status: 429 } }),
    });
    await send(mock.url, { method: 'POST', headers: { 'x-api-key': key, ...json }, body: '{"prompt":"a cat"}' });
    await send(mock.url, { method: 'POST', headers: { 'x-api-key': key, ...json }, body: '{"prompt":"a dog"}' });
    await send(mock.url, { headers: { 'x-api-key': 'control-document-no-0002' } });
  });

  test.each(model.operations.map((operation) => [operation.operationId!, operation] as const))('%s answers as documented', async (_, operation) => {
    const request = await requestOf(operation);
    const response = await send(mock.url, request);
    expect(response.status).toBeLessThan(300);
    expect(judge(operation, response)).toEqual([]);
  });
});

describe('the refusals the document describes', () => {
  const byId = (operationId: string) => model.operationById(operationId)!;
  test.each([
    ['a rule the contract refuses', 'addRules', { method: 'POST', path: '/__mock/rules', headers: json, body: '{"operationId":"listThumbnail"}' }, 400],
    ['a rule body that is not JSON', 'addRules', { method: 'POST', path: '/__mock/rules', headers: json, body: '{"operationId":' }, 400],
    ['a rules body over 1 MiB', 'addRules', { method: 'POST', path: '/__mock/rules', headers: json, body: `[${'1,'.repeat(600_000)}1]` }, 413],
    ['a rule sent as text/plain', 'addRules', { method: 'POST', path: '/__mock/rules', headers: { 'content-type': 'text/plain' }, body: '{}' }, 415],
    ['a rule id no rule has', 'removeRule', { method: 'DELETE', path: '/__mock/rules/rule-999999' }, 404],
    ['a rule id that is not valid percent-encoding', 'removeRule', { method: 'DELETE', path: '/__mock/rules/%E0%A4%A' }, 400],
    ['a page on another origin', 'listRequests', { path: '/__mock/requests', headers: { origin: 'https://evil.example' } }, 403],
    ['a Host the mock does not answer', 'listRules', { path: '/__mock/rules', headers: { host: 'rebound.example' } }, 403],
  ] as const)('%s: %s answers %i as documented', async (_, operationId, request, status) => {
    const response = await send(mock.url, request as RawRequest);
    expect(response.status).toBe(status);
    expect(judge(byId(operationId), response)).toEqual([]);
  });

  test('a control that needs a key on a mock that requires one: 400 with keyRequired, as documented', async () => {
    const shared = await startMock({ port: 0, requireKey: true });
    try {
      const response = await send(shared.url, { method: 'POST', path: '/__mock/reset' });
      expect([response.status, response.json().keyRequired]).toEqual([400, true]);
      expect(judge(byId('reset'), response)).toEqual([]);
    } finally {
      await shared.stop();
    }
  });
});
