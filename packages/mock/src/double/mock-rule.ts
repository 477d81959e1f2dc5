// A rule as a test writes it, typed by the contract: an operationId of the contract, a body matcher with that
// operation's request body fields (none for an operation that takes no body). The same rules are checked at run time
// when added (rule-check.ts), for callers without these types (JSON over HTTP, a rules file).
import type { ContractOperations, OperationId, RequestBodyOf, ThumbnailApiOperations } from './operation-types.js';

/** Faults outside HTTP's answers, named by what the client sees. */
export const FAULTS = ['reset', 'hang', 'malformed', 'truncated'] as const;
export type Fault = (typeof FAULTS)[number];

/** What a rule answers with; checked against the response the contract documents for `status` (else its `default`). */
export interface RuleAnswer {
  readonly status: number;
  /** Extra response headers, e.g. `{"retry-after": 1}` (a number is sent as its decimal text); not hop-by-hop ones, not `content-length`. */
  readonly headers?: Readonly<Record<string, string | number>>;
  /** The body; without it, the contract's documented example for that status. */
  readonly body?: unknown;
}

/** What every rule may say, whatever operation it matches. */
interface RuleActions {
  /** Matches only requests sent with this API key (in any of the forms the contract's security schemes take). */
  readonly key?: string;
  /** Matches only the next `times` requests, then is removed; by default every request until removed. */
  readonly times?: number;
  /** Waits this long, in milliseconds, before the answer (or fault); alone, delays the contract's own answer. */
  readonly delayMs?: number;
  /** A failure outside HTTP's answers: `reset` (connection reset), `hang` (no answer), `malformed` (a body that is not JSON), `truncated` (a body shorter than its Content-Length). */
  readonly fault?: Fault;
  /** The answer; checked against the response the contract documents for `status` (else its `default`). */
  readonly answer?: RuleAnswer;
}

/**
 * A body matcher: some of the fields the contract documents for the request body, with these values (the request may
 * have other fields too). Fields an open schema only allows (an index signature) are left out: a rule matches only
 * documented fields, so a misspelt one fails at compile time as it is refused at run time. A body schema that names no
 * field at all leaves any field to the run-time check.
 */
export type BodyMatcher<Body> = [Body] extends [never]
  ? never
  : Body extends object
    ? [keyof DocumentedFields<Body>] extends [never]
      ? Readonly<Record<string, unknown>>
      : { readonly [Field in keyof DocumentedFields<Body>]?: DocumentedFields<Body>[Field] }
    : never;

/** An object type without its index signatures: the fields it names. */
type DocumentedFields<Body> = { [Field in keyof Body as string extends Field ? never : number extends Field ? never : Field]: Body[Field] };

/** A rule naming its operation by operationId (`method` and `path`, if given too, must name the same one). */
export type OperationRule<C extends ContractOperations, O extends OperationId<C>> = RuleActions & {
  /** The operation it matches, e.g. `listThumbnails`. */
  readonly operationId: O;
  readonly method?: string;
  readonly path?: string;
  /** Matches only requests whose JSON body has these fields with these values; an operation that takes no body has none. */
  readonly body?: BodyMatcher<RequestBodyOf<C, O>>;
};

/** A rule naming its operation by method and path. */
export type RouteRule = RuleActions & {
  readonly operationId?: undefined;
  /** The method, e.g. `GET`. */
  readonly method: string;
  /** A documented path, e.g. `/api/thumbnails`. */
  readonly path: string;
  /** Matches only requests whose JSON body has these fields with these values. */
  readonly body?: Readonly<Record<string, unknown>>;
};

/**
 * A rule: which requests it matches and what it answers (see the package README, "Rules"). Typed by the bundled
 * contract by default: `operationId` is one of its operationIds, `body` has fields of that operation's request body.
 */
export type MockRule<C extends ContractOperations = ThumbnailApiOperations> = { [O in OperationId<C>]: OperationRule<C, O> }[OperationId<C>] | RouteRule;

/** A rule in force, as `rules()` lists it. */
export interface RuleInForce<C extends ContractOperations = ThumbnailApiOperations> {
  /** Its id, as `rule()` gave it and the journal's `rule` names it. */
  readonly id: string;
  /** How many requests it has matched so far. */
  readonly calls: number;
  /** The rule as it was given; a `key` is shown as its last four characters (`…f00d`), as everywhere keys are shown. */
  readonly rule: MockRule<C>;
}
