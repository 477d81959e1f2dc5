// Local JSON references (`#/...`) of a bundled OpenAPI document.

export type JsonObject = Record<string, unknown>;

/** A value of the document and the JSON pointer where it sits, so schemas inside it resolve their `$ref`s. */
export interface Located {
  readonly value: unknown;
  readonly pointer: string;
}

/** Follows local `$ref`s and returns the value with its JSON pointer in the document. */
export function resolveRef(document: JsonObject, value: unknown, specPath: string, pointer = ''): Located {
  let current = value;
  let currentPointer = pointer;
  for (let depth = 0; isObject(current) && typeof current.$ref === 'string'; depth++) {
    if (depth > 50) throw new Error(`The contract ${specPath} has a $ref cycle at ${current.$ref}.`);
    const ref = current.$ref;
    currentPointer = ref.slice(1);
    current = followPointer(document, currentPointer);
    if (current === undefined) throw new Error(`The contract ${specPath} refers to ${ref}, which it does not contain.`);
  }
  return { value: current, pointer: currentPointer };
}

function followPointer(document: JsonObject, pointer: string): unknown {
  let node: unknown = document;
  for (const raw of pointer.split('/').slice(1)) {
    const segment = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (!isObject(node) && !Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

export function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
