// A schema of the contract made self-contained for an MCP client: every `$ref` replaced by what it points at, and the
// contract's own marks (`x-not-shown`, `x-assumptions`) lifted out into notes, so that what the service does not
// document is said in the tool's description rather than lost in keywords a client ignores.
import { type ContractModel, escapeSegment, isJsonObject, type JsonObject, readAssumptions } from '@thumbnail-api/spec/model';

/** What the contract says it does not know, or assumed, about a value: read from its marks. */
export interface ContractNotes {
  /** Items of `x-not-shown`: what the service does not document. */
  readonly notShown: string[];
  /** Sentences of `x-assumptions`: the sides this toolkit took where the service is silent. */
  readonly assumptions: string[];
}

/** A schema with no `$ref` left, and the notes found in it. */
export interface InlinedSchema {
  readonly schema: JsonObject;
  readonly notes: ContractNotes;
}

const NOT_SHOWN = 'x-not-shown';
/** Keys whose value maps names to schemas: an `x-` key there is a property's name, not a mark. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions']);
/** Keys whose value is data (kept as written); OpenAPI's `example` is dropped, as JSON Schema has `examples`. */
const DATA_KEYS = new Set(['enum', 'const', 'default', 'examples']);
const DROPPED_KEYS = new Set(['example', 'discriminator', 'xml', 'externalDocs']);

/** The marks of any contract object (an operation, a schema, ...), in the order written. */
export function notesOf(node: JsonObject, pointer: string): ContractNotes {
  const listed = node[NOT_SHOWN];
  return {
    notShown: Array.isArray(listed) ? listed.filter((item): item is string => typeof item === 'string') : [],
    assumptions: readAssumptions(node, pointer).map((assumption) => assumption.text),
  };
}

/** Adds to `into` the notes of `from` it does not have yet, in their order. */
export function mergeNotes(into: ContractNotes, from: ContractNotes): void {
  into.notShown.push(...from.notShown.filter((item) => !into.notShown.includes(item)));
  into.assumptions.push(...from.assumptions.filter((item) => !into.assumptions.includes(item)));
}

/** The schema at `value` (`pointer`: where it sits), inlined; throws naming the place of a recursive schema. */
export function inlineSchema(model: ContractModel, value: unknown, pointer: string): InlinedSchema {
  const notes: ContractNotes = { notShown: [], assumptions: [] };
  const inline = (raw: unknown, at: string, path: readonly string[]): unknown => {
    const located = model.resolve(raw, at);
    if (path.includes(located.pointer)) {
      throw new Error(`The schema at ${located.pointer} refers to itself: a tool's input or output schema cannot be recursive.`);
    }
    if (!isJsonObject(located.value)) return located.value;
    const own = notesOf(located.value, located.pointer);
    mergeNotes(notes, own);
    const inside = [...path, located.pointer];
    const copy: JsonObject = {};
    for (const [key, child] of Object.entries(located.value)) {
      if (key.startsWith('x-') || DROPPED_KEYS.has(key)) continue;
      const childAt = `${located.pointer}/${escapeSegment(key)}`;
      if (DATA_KEYS.has(key)) copy[key] = child;
      else if (SCHEMA_MAPS.has(key) && isJsonObject(child)) {
        copy[key] = Object.fromEntries(Object.entries(child).map(([name, schema]) => [name, inline(schema, `${childAt}/${escapeSegment(name)}`, inside)]));
      } else if (Array.isArray(child)) copy[key] = child.map((item, index) => (isJsonObject(item) ? inline(item, `${childAt}/${index}`, inside) : item));
      else if (isJsonObject(child)) copy[key] = inline(child, childAt, inside);
      else copy[key] = child;
    }
    return copy;
  };
  const schema = inline(value, pointer, []);
  if (!isJsonObject(schema)) throw new Error(`The contract has no schema object at ${pointer}.`);
  return { schema, notes };
}
