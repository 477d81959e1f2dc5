// Type tests (checked by tsc through vitest's typecheck and by `lint`): the test double's types are the contract's, so a
// misspelt operationId, a body matcher field the operation's request lacks, or a body on an operation that takes none
// fails at compile time, and a journal entry narrowed by operationId has that operation's request body type.
import type { CreateThumbnailRequest, operations } from '@thumbnail-api/types';
import { describe, expectTypeOf, test } from 'vitest';
import {
  type AnyOperations,
  type ConnectedMock,
  connectMock,
  type JournalEntry,
  type MockRule,
  type OperationId,
  type RuleInForce,
  type RunningMock,
  startMock,
  type TestDouble,
} from '../src/index.js';
import { createHandlers, type ThumbnailApiHandlers } from '../src/msw.js';

declare const mock: RunningMock;
declare const connected: ConnectedMock;
declare const handlers: ThumbnailApiHandlers;

describe('operationIds', () => {
  test('are the union of the contract’s, generated from it', () => {
    expectTypeOf<OperationId>().toEqualTypeOf<keyof operations>();
    expectTypeOf<OperationId>().toEqualTypeOf<'listThumbnails' | 'createThumbnail'>();
  });

  test('a misspelt one is refused by every implementation', () => {
    // @ts-expect-error the contract has no createThumbnails
    void mock.rule({ operationId: 'createThumbnails', answer: { status: 200 } });
    // @ts-expect-error the contract has no createThumbnails
    void connected.forKey('k').rule({ operationId: 'createThumbnails', answer: { status: 200 } });
    // @ts-expect-error the contract has no listThumbnail
    void handlers.requests({ operationId: 'listThumbnail' });
    // @ts-expect-error the contract has no listThumbnail
    const rule: MockRule = { operationId: 'listThumbnail', fault: 'hang' };
    void rule;
  });
});

describe('body matchers', () => {
  test('take the fields of the operation’s request body, with their types', () => {
    void mock.rule({ operationId: 'createThumbnail', body: { prompt: 'a cat' }, answer: { status: 200 } });
    // @ts-expect-error the request body has no field promt
    void mock.rule({ operationId: 'createThumbnail', body: { promt: 'a cat' }, answer: { status: 200 } });
    // @ts-expect-error prompt is a string
    void mock.rule({ operationId: 'createThumbnail', body: { prompt: 42 }, answer: { status: 200 } });
    // @ts-expect-error listThumbnails takes no request body to match
    void mock.rule({ operationId: 'listThumbnails', body: { prompt: 'a cat' }, answer: { status: 200 } });
  });

  test('by method and path, a rule is checked at run time only', () => {
    void mock.rule({ method: 'POST', path: '/api/thumbnails', body: { anything: true }, fault: 'reset' });
    // @ts-expect-error a route rule needs both method and path
    void mock.rule({ method: 'POST', fault: 'reset' });
  });
});

describe('the journal', () => {
  test('filtered by operationId, an entry’s body is that operation’s request body', () => {
    const [created] = mock.requests({ operationId: 'createThumbnail' });
    expectTypeOf(created!.operationId).toEqualTypeOf<'createThumbnail'>();
    expectTypeOf(created!.body).toEqualTypeOf<CreateThumbnailRequest | null>();
    const [listed] = mock.requests({ operationId: 'listThumbnails', key: 'k' });
    expectTypeOf(listed!.body).toEqualTypeOf<null>();
  });

  test('narrowed by operationId, the same', () => {
    for (const entry of handlers.requests()) {
      if (entry.operationId === 'createThumbnail') expectTypeOf(entry.body).toEqualTypeOf<CreateThumbnailRequest | null>();
      if (entry.operationId === null) expectTypeOf(entry.body).toBeUnknown();
    }
  });

  test('over HTTP the entries are promised, typed the same', () => {
    expectTypeOf(connected.requests({ operationId: 'createThumbnail' }))
      .resolves.items.toHaveProperty('body')
      .toEqualTypeOf<CreateThumbnailRequest | null>();
    expectTypeOf(connected.forKey('k').requests()).resolves.toEqualTypeOf<JournalEntry[]>();
  });
});

describe('rules()', () => {
  test('lists the rules in force, typed, at every door', () => {
    expectTypeOf(mock.rules()).toEqualTypeOf<RuleInForce[]>();
    expectTypeOf(handlers.forKey('k').rules()).toEqualTypeOf<RuleInForce[]>();
    expectTypeOf(connected.rules()).resolves.toEqualTypeOf<RuleInForce[]>();
    expectTypeOf<RuleInForce['rule']>().toEqualTypeOf<MockRule>();
  });
});

describe('another contract (--spec)', () => {
  test('AnyOperations takes any operationId and any body fields', async () => {
    const other = await startMock<AnyOperations>({ specPath: 'other.yaml' });
    void other.rule({ operationId: 'whateverTheContractHas', body: { any: 'field' }, fault: 'reset' });
    expectTypeOf<MockRule<AnyOperations>>().toHaveProperty('body').toEqualTypeOf<Readonly<Record<string, unknown>> | undefined>();
    const untyped = connectMock<AnyOperations>('http://127.0.0.1:4010');
    const [entry] = await untyped.requests({ operationId: 'x' });
    expectTypeOf(entry!.operationId).toEqualTypeOf<'x'>();
    expectTypeOf(entry!.body).toEqualTypeOf<Record<string, unknown> | null>();
  });

  test('its own openapi-typescript operations type it as strictly', async () => {
    interface OtherOperations {
      getPet: { requestBody?: never };
      addPet: { requestBody: { content: { 'application/json': { name: string } } } };
    }
    const other: TestDouble<OtherOperations> = await createHandlers<OtherOperations>({ baseUrl: 'https://pets.test', specPath: 'pets.yaml' });
    void other.rule({ operationId: 'addPet', body: { name: 'Rex' }, answer: { status: 200 } });
    // @ts-expect-error the other contract has no createThumbnail
    void other.rule({ operationId: 'createThumbnail', answer: { status: 200 } });
  });
});

describe('one interface, answers delivered two ways', () => {
  test('every form has the same members; in this process answers come at once, over HTTP they are promised', () => {
    expectTypeOf<Exclude<keyof ConnectedMock, 'url'>>().toEqualTypeOf<keyof TestDouble>();
    expectTypeOf<Exclude<keyof ThumbnailApiHandlers, 'baseUrl' | 'handlers'>>().toEqualTypeOf<keyof TestDouble>();
    expectTypeOf(mock.droppedRequests()).toEqualTypeOf<number>();
    expectTypeOf(connected.droppedRequests()).toEqualTypeOf<Promise<number>>();
    expectTypeOf(handlers.forKey('k').endPending()).toEqualTypeOf<number>();
    expectTypeOf(connected.forKey('k').endPending()).toEqualTypeOf<Promise<number>>();
    expectTypeOf(mock.rule).returns.resolves.toHaveProperty('remove').returns.toEqualTypeOf<void>();
    expectTypeOf(connected.rule).returns.resolves.toHaveProperty('remove').returns.toEqualTypeOf<Promise<void>>();
  });

  test("a key view's filters name no key: the view is of one key already", () => {
    // @ts-expect-error a view filters by operation only
    void mock.forKey('k').requests({ key: 'another' });
    // @ts-expect-error a view's coverage is its key's
    void connected.forKey('k').coverage({ key: 'another' });
  });
});
