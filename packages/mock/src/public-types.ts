// The types both entry points export (`@thumbnail-api/mock` and `@thumbnail-api/mock/msw`), listed once.
export type { JournalEntry, RequestFilter } from './double/journal.js';
export type { Fault, MockRule } from './double/rule-check.js';
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
