// The test double's types, read off the contract's own generated types (@thumbnail-api/types, made by openapi-typescript
// from the bundled contract and kept fresh by its `check`): operationIds as a union, each operation's request body.
// Nothing here is typed by hand. Another contract (--spec) brings its own openapi-typescript `operations`, or none.
import type { operations } from '@thumbnail-api/types';

/** The operations of a contract as openapi-typescript generates them (its `operations` interface): by operationId, each with its request body. */
export type ContractOperations = object;

/** The operations of the bundled contract (the default of every test-double type). */
export type ThumbnailApiOperations = operations;

/** Any contract, untyped: for a `--spec` contract without generated types (operationIds are strings, bodies objects). */
export type AnyOperations = { readonly [operationId: string]: { readonly requestBody?: { content: { 'application/json': Record<string, unknown> } } } };

/** The operationIds of a contract, e.g. `'createThumbnail' | 'listThumbnails'`. */
export type OperationId<C extends ContractOperations = ThumbnailApiOperations> = keyof C & string;

/** The JSON request body of an operation (`never` for one that takes none). */
export type RequestBodyOf<C extends ContractOperations, O extends OperationId<C>> = C[O] extends { readonly requestBody?: infer Request }
  ? [NonNullable<Request>] extends [never]
    ? never
    : NonNullable<Request> extends { content: { 'application/json': infer Body } }
      ? Body
      : unknown
  : unknown;
