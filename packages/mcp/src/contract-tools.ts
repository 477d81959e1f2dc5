// One tool per operation of the contract, read through its model: the name from the operationId, the title and
// description from the summary and description, the input schema from the request body's schema (closed: only the
// fields the contract documents), the output schema from the success response's, and what the service does not
// document (`x-not-shown`) or the toolkit assumed (`x-assumptions`) said in the description.
import { type ContractModel, type ContractOperation, isJsonObject, type JsonObject } from '@thumbnail-api/spec/model';
import { type ContractNotes, inlineSchema, mergeNotes, notesOf } from './contract-schema.js';
import { type OperationKind, operationHints, operationKind, type ToolHints } from './operation-kind.js';

/** A tool derived from one operation of the contract. */
export interface ContractTool {
  /** The operationId in snake_case, as MCP clients show tool names: `createThumbnail` → `create_thumbnail`. */
  readonly name: string;
  readonly title: string;
  /** What the contract says of the operation, and what it does not document; the server adds what a call costs. */
  readonly description: string;
  /** The documented body fields as arguments, and nothing else (`additionalProperties: false`). */
  readonly inputSchema: JsonObject;
  /** The success body's schema, when it is an object (MCP's structured content must be one). */
  readonly outputSchema: JsonObject | undefined;
  readonly annotations: ToolHints;
  readonly kind: OperationKind;
  readonly operation: ContractOperation;
  /** Whether the arguments are sent as the JSON body. */
  readonly sendsBody: boolean;
}

/** The contract has an operation this server cannot make a tool of; the message names it and why. */
export class ContractToolError extends Error {
  override name = 'ContractToolError';
}

/** The tools of a contract and the operations it skipped. */
export interface DerivedContractTools {
  readonly tools: readonly ContractTool[];
  readonly skipped: readonly string[];
}

/** Derived once per model and shared by every server made from it (which only read them). */
const derivedByModel = new WeakMap<ContractModel, DerivedContractTools>();

/**
 * The tools of every operation the server offers (see operation-kind.ts), in document order; `skipped` names the
 * others. Derived on the first call for `model` and the same (frozen) result returned after: treat it as read-only.
 */
export function deriveContractTools(model: ContractModel): DerivedContractTools {
  let derived = derivedByModel.get(model);
  if (derived === undefined) {
    derived = deriveFrom(model);
    derivedByModel.set(model, derived);
  }
  return derived;
}

function deriveFrom(model: ContractModel): DerivedContractTools {
  const tools: ContractTool[] = [];
  const skipped: string[] = [];
  for (const operation of model.operations) {
    const kind = operationKind(operation);
    const label = `${operation.method.toUpperCase()} ${operation.path}`;
    if (kind === undefined) skipped.push(`${operation.operationId ?? label} (${label}): a write whose cost the service profile does not state`);
    else tools.push(toolOf(model, operation, kind, label));
  }
  return Object.freeze({ tools: Object.freeze(tools), skipped: Object.freeze(skipped) });
}

function toolOf(model: ContractModel, operation: ContractOperation, kind: OperationKind, label: string): ContractTool {
  if (operation.operationId === undefined) throw new ContractToolError(`${label} has no operationId, which names its tool: give it one in the contract.`);
  // The operation's pointer is its path item's (references followed) plus the method.
  const pathItem = model.get(operation.pointer.slice(0, operation.pointer.lastIndexOf('/')));
  if (hasParameters(operation.object) || hasParameters(pathItem)) {
    throw new ContractToolError(`${operation.operationId} has parameters, which this server does not turn into tool arguments yet.`);
  }
  const notes: ContractNotes = notesOf(operation.object, operation.pointer);
  const input = inputOf(model, operation, notes);
  const output = outputOf(model, operation, notes);
  const summary = operation.summary ?? operation.operationId;
  const description = [
    typeof operation.object.description === 'string' ? operation.object.description.trim() : summary,
    input.sendsBody ? 'Its arguments are the body fields the service documents, and only those: any other is refused, never sent.' : '',
    listed('Not documented by the service (do not guess it; treat it as unknown)', notes.notShown),
    listed('Assumed by this toolkit where the service is silent', notes.assumptions),
  ].filter((part) => part !== '');
  return {
    name: operation.operationId.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase(),
    title: summary,
    description: description.join('\n\n'),
    inputSchema: input.schema,
    outputSchema: output,
    annotations: operationHints(kind),
    kind,
    operation,
    sendsBody: input.sendsBody,
  };
}

function hasParameters(node: unknown): boolean {
  return isJsonObject(node) && Array.isArray(node.parameters) && node.parameters.length > 0;
}

/** The arguments: the JSON body's documented fields, closed; an operation without a body takes none. */
function inputOf(model: ContractModel, operation: ContractOperation, notes: ContractNotes): { schema: JsonObject; sendsBody: boolean } {
  const body = operation.requestBody;
  if (body === undefined) return { schema: { type: 'object', properties: {}, additionalProperties: false }, sendsBody: false };
  const json = body.content.find((media) => media.mediaType === 'application/json');
  if (json?.schemaPointer === undefined) {
    throw new ContractToolError(`${operation.operationId} takes a body that is not JSON with a schema, which this server cannot describe to a model.`);
  }
  const { schema, notes: found } = inlineSchema(model, json.schema, json.schemaPointer);
  mergeNotes(notes, found);
  if (schema.type !== 'object' || typeof schema.properties !== 'object') {
    throw new ContractToolError(`${operation.operationId}'s body is not an object with documented fields, which this server cannot turn into arguments.`);
  }
  // Closed on purpose: a field the service does not document is a guess the model must not make on a billed call.
  const closed: JsonObject = { type: 'object', properties: schema.properties, additionalProperties: false };
  if (Array.isArray(schema.required)) closed.required = schema.required;
  return { schema: closed, sendsBody: true };
}

/** The success body's schema, if it is an object; its notes join the tool's. */
function outputOf(model: ContractModel, operation: ContractOperation, notes: ContractNotes): JsonObject | undefined {
  const success = operation.responses.find((response) => /^2/.test(response.status));
  const json = success?.content.find((media) => media.mediaType === 'application/json');
  if (json?.schemaPointer === undefined) return undefined;
  const { schema, notes: found } = inlineSchema(model, json.schema, json.schemaPointer);
  mergeNotes(notes, found);
  return schema.type === 'object' ? schema : undefined;
}

function listed(heading: string, items: readonly string[]): string {
  return items.length === 0 ? '' : `${heading}:\n${items.map((item) => `- ${item}`).join('\n')}`;
}
