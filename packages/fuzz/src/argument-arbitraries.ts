// fast-check generators of call arguments the client cannot send: a body JSON cannot hold (a circular reference, a
// BigInt, a toJSON() that throws) or a query value openapi-fetch cannot encode (a nested object, a Date, a function,
// an array of arrays), hidden at a generated place in otherwise plain data. Each case says where it hid the poison.
import * as fc from 'fast-check';

/** Which argument carries the poison, on which surface. */
export type ArgumentSurface = 'thumbnails.create body' | 'request body' | 'request query' | 'raw.POST body' | 'raw.GET query';

/** A call with one unsendable value in it. */
export interface PoisonedCall {
  surface: ArgumentSurface;
  poison: 'circular' | 'bigint' | 'toJSON throws' | 'nested object' | 'Date' | 'function' | 'array of arrays';
  /** The argument as the client must name it in RequestArgumentError.argument. */
  argument: string;
  /** Builds the argument afresh (a circular value cannot be generated as data). */
  build(): Record<string, unknown>;
}

const name = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz_'), minLength: 1, maxLength: 8 });
const scalar = fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean());

/** A body poisoned at a generated path: nested objects and arrays of plain data, the poison at the end of the path. */
function poisonedBody(surface: ArgumentSurface, root: string): fc.Arbitrary<PoisonedCall> {
  const step = fc.oneof(
    name.map((key) => ({ key, array: false })),
    fc.integer({ min: 0, max: 3 }).map((index) => ({ key: String(index), array: true })),
  );
  return fc
    .tuple(
      fc.array(step, { minLength: 1, maxLength: 4 }),
      fc.constantFrom('circular' as const, 'bigint' as const, 'toJSON throws' as const),
      fc.dictionary(name, scalar, { maxKeys: 3 }),
    )
    .filter(([path]) => path[0]?.array === false)
    .map(([path, poison, filler]) => {
      const last = path.length - 1;
      const at = path.map((part) => (part.array ? `[${part.key}]` : `.${part.key}`)).join('');
      return {
        surface,
        poison,
        // A toJSON() that throws hides its place: the client can only name the whole body.
        argument: poison === 'toJSON throws' ? root || 'body' : `${root || 'body'}${at}`,
        build() {
          const body: Record<string, unknown> = { ...filler };
          let holder: Record<string, unknown> | unknown[] = body;
          for (const [i, part] of path.entries()) {
            if (i === last) break;
            const next: Record<string, unknown> | unknown[] = path[i + 1]!.array ? [] : {};
            (holder as Record<string, unknown>)[part.key] = next;
            holder = next;
          }
          const poisonValue =
            poison === 'bigint'
              ? 12n
              : poison === 'circular'
                ? body
                : {
                    toJSON: () => {
                      throw new Error('not today');
                    },
                  };
          (holder as Record<string, unknown>)[path[last]!.key] = poisonValue;
          // Holes before an index would be null in JSON: fill them with plain data.
          return fillHoles(body, new Set());
        },
      };
    });
}

function fillHoles<T>(value: T, seen: Set<unknown>): T {
  if (value === null || typeof value !== 'object' || seen.has(value)) return value;
  seen.add(value);
  if (Array.isArray(value)) for (let i = 0; i < value.length; i++) if (!(i in value)) value[i] = 0;
  for (const item of Object.values(value)) fillHoles(item, seen);
  return value;
}

/** A query with one value openapi-fetch cannot encode, at a generated parameter. */
function poisonedQuery(surface: ArgumentSurface, root: string): fc.Arbitrary<PoisonedCall> {
  return fc
    .tuple(
      name,
      name,
      fc.constantFrom('nested object' as const, 'Date' as const, 'function' as const, 'array of arrays' as const),
      fc.dictionary(name, scalar, { maxKeys: 3 }),
    )
    .map(([parameter, inner, poison, filler]) => ({
      surface,
      poison,
      argument:
        poison === 'nested object' ? `${root}.${parameter}.${inner}` : poison === 'array of arrays' ? `${root}.${parameter}[0]` : `${root}.${parameter}`,
      build() {
        const value = poison === 'nested object' ? { [inner]: { deeper: 1 } } : poison === 'Date' ? new Date(0) : poison === 'function' ? () => 1 : [['a']];
        const query: Record<string, unknown> = { ...filler };
        delete query[parameter];
        query[parameter] = value;
        return query;
      },
    }));
}

/** Any poisoned call. */
export const poisonedCall: fc.Arbitrary<PoisonedCall> = fc.oneof(
  poisonedBody('thumbnails.create body', ''),
  poisonedBody('request body', 'options.body'),
  poisonedBody('raw.POST body', ''),
  poisonedQuery('request query', 'options.query'),
  poisonedQuery('raw.GET query', 'params.query'),
);
