// @thumbnail-api/mock/msw: the mock in-process, as MSW request handlers (msw 2.12+ or 3, an optional peer dependency).
export { type CreateHandlersOptions, createHandlers, type ThumbnailApiHandlers } from './create-handlers.js';
export type { JournalEntry, JournalEntryFields, OperationEntry, RequestFilter, UnknownOperationEntry } from './double/journal-entry.js';
export type { BodyMatcher, Fault, MockRule, OperationRule, RouteRule, RuleAnswer, RuleInForce } from './double/mock-rule.js';
export type { AnyOperations, ContractOperations, OperationId, RequestBodyOf, ThumbnailApiOperations } from './double/operation-types.js';
export { MockRuleError } from './double/rule-check.js';
export type {
  Awaitable,
  MockKeyView,
  MockRuleHandle,
  MockTestDouble,
  RuleHandle,
  TestDouble,
  TestDoubleKeyView,
} from './double/test-double.js';
export type { MockOptions } from './options.js';
export type { KeyOutcome, KeyRegistry } from './pipeline/key-registry.js';
