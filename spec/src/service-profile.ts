// This service's own words, in one place, for every package that speaks them (the mock, verify, the MCP server): the
// environment variables a user sets, the prefix of the mock's own headers, and which operations the service bills.
// What the contract says (paths, schemas, how the key travels) is read from the contract, never from here.

/** The environment variable holding the API key (the client, the mock's wrapper and verify read it). */
export const API_KEY_VARIABLE = 'THUMBNAIL_API_KEY';
/** The environment variable holding the service's base URL (the mock's wrapper sets it to the mock's). */
export const BASE_URL_VARIABLE = 'THUMBNAIL_API_BASE_URL';
/** The environment variable holding a key without access, for a check of the documented 403. */
export const FORBIDDEN_KEY_VARIABLE = 'THUMBNAIL_API_FORBIDDEN_KEY';
/**
 * The environment variable naming a folder where every mock a process starts (`startMock()`, `createHandlers()`) writes its
 * coverage, so that a run's mocks add up to one report; the mock's wrapper sets it for its command when asked for coverage.
 */
export const COVERAGE_DIR_VARIABLE = 'THUMBNAIL_API_MOCK_COVERAGE_DIR';

/** The prefix of every header the mock adds of its own (`x-thumbnail-api-mock-note`, `-rule`, ...): none is the service's. */
export const MOCK_HEADER_PREFIX = 'x-thumbnail-api-mock-';

/** The name of one of the mock's own headers, e.g. `mockHeader('note')` is `x-thumbnail-api-mock-note`. */
export function mockHeader<N extends string>(name: N): `${typeof MOCK_HEADER_PREFIX}${N}` {
  return `${MOCK_HEADER_PREFIX}${name}`;
}

/** The operations each call of which the service bills (a generation): sent only on purpose, never twice by a retry. */
export const BILLED_OPERATIONS: readonly string[] = ['createThumbnail'];

/** Whether each call of `operationId` is billed. */
export function isBilled(operationId: string | undefined): boolean {
  return operationId !== undefined && BILLED_OPERATIONS.includes(operationId);
}
