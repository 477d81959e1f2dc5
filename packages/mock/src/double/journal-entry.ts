// A journal entry as tests read it, typed by the contract: narrowed by `operationId`, its `body` has that operation's
// request body type (the operations' types come from the contract, operation-types.ts).
import type { NearMissDescription } from './near-miss.js';
import type { ContractOperations, OperationId, RequestBodyOf, ThumbnailApiOperations } from './operation-types.js';

/** What every journal entry holds, whatever operation it went to. */
export interface JournalEntryFields {
  /** When the request arrived, as an ISO 8601 time. */
  readonly time: string;
  readonly method: string;
  /** The path as sent, without the query. */
  readonly path: string;
  /** The query's parameters; a repeated one is an array. */
  readonly query: Readonly<Record<string, string | readonly string[]>>;
  /** The status answered, or `null` when no answer was sent (a `reset` or `hang` fault). */
  readonly status: number | null;
  /** The request's headers, lower-case, with the API key and other credentials redacted. */
  readonly headers: Readonly<Record<string, string | readonly string[]>>;
  /** Whether `body` is only the first 64 KiB of a longer body. */
  readonly bodyTruncated: boolean;
  /** The id of the rule that answered (or delayed) the request, or `null`. */
  readonly rule: string | null;
  /** What the mock simulated, not documented by the service (e.g. `fault=reset`), or `null`. */
  readonly simulated: string | null;
  /** Why the mock answered as it did when the answer carries `x-thumbnail-api-mock-note` (e.g. `key not in the registry`), or `null`. */
  readonly note: string | null;
  /** The request's API key shown as its last four characters (`…f00d`), or `null` without a key. */
  readonly keyHint: string | null;
  /**
   * When its operation had rules (in force, or used up) and none answered it: the nearest rule and where the request
   * differs from it (`body.prompt: expected "a cat", got "a dog"`); else `null`.
   */
  readonly nearMiss: NearMissDescription | null;
}

/** An entry of a request to operation `O`. */
export type OperationEntry<C extends ContractOperations, O extends OperationId<C>> = JournalEntryFields & {
  /** The operation the request went to. */
  readonly operationId: O;
  /**
   * The body as sent, parsed (JSON), typed as the operation's request body; `null` when none was read (no body, or a
   * 401/403 answered before it). A request the mock refused as invalid (a 400, 413, 415 or 422 with a note saying
   * why), or one a rule answered before validation, holds what was sent instead, as text when it was not JSON.
   */
  readonly body: ([RequestBodyOf<C, O>] extends [never] ? never : RequestBodyOf<C, O>) | null;
};

/** An entry of a request to a path or method the contract does not document. */
export type UnknownOperationEntry = JournalEntryFields & {
  readonly operationId: null;
  /** The body as sent: parsed when JSON, else its text; `null` when none was read. */
  readonly body: unknown;
};

/**
 * One request the mock received and what it answered, as `requests()` and `GET /__mock/requests` show it. Narrow it by
 * `operationId` (or filter `requests({ operationId })`) and `body` has that operation's request body type.
 */
export type JournalEntry<C extends ContractOperations = ThumbnailApiOperations> =
  | { [O in OperationId<C>]: OperationEntry<C, O> }[OperationId<C>]
  | UnknownOperationEntry;

/** Which entries to read: those of one operation and/or one API key (matched in full, never shown). */
export interface RequestFilter<C extends ContractOperations = ThumbnailApiOperations> {
  readonly operationId?: OperationId<C>;
  readonly key?: string;
}
