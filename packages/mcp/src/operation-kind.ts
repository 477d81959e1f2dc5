// What calling an operation does to the user: the one place that decides which operations are billed (from the
// service profile, which names them) and how every tool is annotated. Nothing else in this package looks at methods.
import type { ContractOperation } from '@thumbnail-api/spec/model';
import { isBilled } from '@thumbnail-api/spec/profile';

/** `read`: safe to call freely. `billed`: may generate and bill, so it needs the user's confirmation and the budget. */
export type OperationKind = 'read' | 'billed';

/** MCP's tool annotations, every hint stated (a client assumes the worst for a missing one). */
export interface ToolHints {
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  readonly openWorldHint: boolean;
}

/** The kind of `operation`, or `undefined` for one this server does not offer (a write it cannot tell the cost of). */
export function operationKind(operation: ContractOperation): OperationKind | undefined {
  if (isBilled(operation.operationId)) return 'billed';
  if (operation.method === 'get') return 'read';
  // Any other write: offered only once the profile says what it costs.
  return undefined;
}

/** The annotations of a tool that calls an operation of this kind: both reach the service, outside this machine. */
export function operationHints(kind: OperationKind): ToolHints {
  return kind === 'read'
    ? { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true }
    : // A generation adds a thumbnail (nothing is overwritten or deleted), and two calls make two: not idempotent.
      { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true };
}
