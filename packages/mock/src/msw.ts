// @thumbnail-api/mock/msw: the mock in-process, as MSW request handlers (msw 2.12+ or 3, an optional peer dependency).
export { type CreateHandlersOptions, createHandlers, type ThumbnailApiHandlers } from './doors/create-handlers.js';
export type * from './doors/public-types.js';
export { MockKeyRequiredError } from './double/key-scope.js';
export { MockRuleError } from './double/rule-check.js';
