// A JSON Schema inferred from the bodies seen: types, and a field required only when it was seen in all of them.

/** A JSON Schema as `propose` writes it. */
export type InferredSchema = Record<string, unknown>;

const typeOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value;

/** The schema every one of `values` fits, saying in each field's description how many of them had it. */
export function inferSchema(values: readonly unknown[]): InferredSchema {
  const types = [...new Set(values.map(typeOf))];
  // An integer is a number: one "number" type covers both.
  const merged = types.includes('number') ? types.filter((type) => type !== 'integer') : types;
  const schema: InferredSchema = { type: merged.length === 1 ? merged[0] : merged.sort() };
  const objects = values.filter((value): value is Record<string, unknown> => typeOf(value) === 'object');
  if (objects.length > 0) {
    const names = [...new Set(objects.flatMap((value) => Object.keys(value)))].sort();
    const properties: Record<string, InferredSchema> = {};
    const required: string[] = [];
    for (const name of names) {
      const seen = objects.filter((value) => Object.hasOwn(value, name));
      properties[name] = { ...inferSchema(seen.map((value) => value[name])), description: `Seen in ${seen.length} of ${objects.length}.` };
      if (seen.length === objects.length) required.push(name);
    }
    schema.properties = properties;
    if (required.length > 0) schema.required = required;
  }
  const items = values.filter(Array.isArray).flat();
  if (items.length > 0) schema.items = inferSchema(items);
  return schema;
}
