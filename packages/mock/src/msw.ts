// @thumbnail-api/mock/msw: the mock in-process, as MSW request handlers (msw 2.12+ or 3, an optional peer dependency).
export { type CreateHandlersOptions, createHandlers, type ThumbnailApiHandlers } from './create-handlers.js';
export type { JournalEntry, RequestFilter } from './double/journal.js';
export { type Fault, type MockRule, MockRuleError } from './double/rule-check.js';
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
