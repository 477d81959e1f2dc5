// The types both entry points export (`@thumbnail-api/mock` and `@thumbnail-api/mock/msw`), listed once.

export type { KeyOutcome, KeyRegistry } from '../assembly/key-registry.js';
export type { MockOptions } from '../assembly/options.js';
export type { CoverageReport, CoveredOutcome, OperationCoverage, RepeatedPost } from '../double/coverage.js';
export type { JournalEntry, JournalEntryFields, OperationEntry, RequestFilter, UnknownOperationEntry } from '../double/journal-entry.js';
export type { BodyMatcher, Fault, MockRule, OperationRule, RouteRule, RuleAnswer, RuleInForce } from '../double/mock-rule.js';
export type { NearMiss, NearMissDescription } from '../double/near-miss.js';
export type { AnyOperations, ContractOperations, OperationId, RequestBodyOf, ThumbnailApiOperations } from '../double/operation-types.js';
export type { Answer, Delivery, DoubleScope, RuleHandle, ScopedFilter, TestDouble, TestDoubleKeyView, TestDoubleMembers } from '../double/test-double.js';
