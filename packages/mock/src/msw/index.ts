// @thumbnail-api/mock/msw: the mock in-process, as MSW request handlers (msw 2.12+ or 3, an optional peer dependency).
export type { Fault, JournalEntry, MockRule, RequestFilter } from '../engine/index.js';
export { MockRuleError } from '../engine/index.js';
export type { KeyOutcome, KeyRegistry } from '../engine/key-registry.js';
export type { MockKeyView, MockRuleHandle, MockTestDouble } from '../mock-api.js';
export { type CreateHandlersOptions, createHandlers, type ThumbnailApiHandlers } from './create-handlers.js';
