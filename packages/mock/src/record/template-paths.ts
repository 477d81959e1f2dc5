// Observed paths the contract lacks, folded into templates: /api/persons/3f2a… and /api/persons/9b1c… are one path,
// /api/persons/{personId}, whose parameter keeps a few of the literal values it stood for as evidence.

/** How many literal values a parameter's evidence lists, at most. */
export const MAX_EXAMPLES = 5;
/** Distinct names (not id-like) at one position under one parent from which they are read as values of a parameter too. */
export const SEVERAL = 3;

/** A path parameter that observed literal segments became. */
export interface ObservedParameter {
  readonly name: string;
  /** The distinct literal values seen, sorted. */
  readonly values: readonly string[];
}

/** A templated path and what it stands for. */
export interface TemplatedPath {
  readonly path: string;
  readonly parameters: readonly ObservedParameter[];
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether one segment reads as an identifier rather than a name: digits, a UUID, a long token with digits, a prefixed id. */
export function looksLikeId(segment: string): boolean {
  if (/^\d+$/.test(segment) || uuid.test(segment)) return true;
  const hasDigit = /\d/.test(segment);
  // Hex of 8+ characters with a digit (a hash, an object id); a token of 16+; a prefixed id such as th_1 or cus_9x.
  if (hasDigit && /^[0-9a-f]{8,}$/i.test(segment)) return true;
  if (hasDigit && /[A-Za-z]/.test(segment) && /^[A-Za-z0-9_-]{16,}$/.test(segment)) return true;
  return hasDigit && /^[A-Za-z]+_[A-Za-z0-9]+$/.test(segment);
}

/** `persons` → `personId`, `image-sets` → `imageSetId`; `id` after a parameter, a non-word, or nothing. */
export function parameterName(parent: string | undefined, taken: ReadonlySet<string>): string {
  let base = 'id';
  if (parent !== undefined && /^[A-Za-z][A-Za-z0-9_-]*$/.test(parent)) {
    const camel = parent.toLowerCase().replace(/[-_]+([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
    const singular = camel.endsWith('ies') ? `${camel.slice(0, -3)}y` : camel.endsWith('s') && !camel.endsWith('ss') ? camel.slice(0, -1) : camel;
    base = `${singular}Id`;
  }
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
  return name;
}

interface Member {
  readonly literal: string;
  readonly segments: readonly string[];
  readonly bound: { name: string; value: string }[];
}

/**
 * Folds `paths` into templates. `namePositions` are the parents (as `/api`) under which the contract itself has a
 * literal segment: distinct values there are resource names (persons, templates), merged only when each looks like an id.
 */
export function templatePaths(paths: Iterable<string>, namePositions: ReadonlySet<string>): Map<string, TemplatedPath> {
  const byLiteral = new Map<string, TemplatedPath>();
  const byTemplate = new Map<string, Map<string, Set<string>>>();
  const members = [...new Set(paths)].map((literal): Member => ({ literal, segments: literal.split('/').slice(1), bound: [] }));

  const walk = (prefix: readonly string[], group: readonly Member[], depth: number): void => {
    for (const member of group.filter((item) => item.segments.length === depth)) {
      const path = `/${prefix.join('/')}`;
      const parameters = byTemplate.get(path) ?? new Map<string, Set<string>>();
      for (const { name, value } of member.bound) parameters.set(name, (parameters.get(name) ?? new Set()).add(value));
      byTemplate.set(path, parameters);
      byLiteral.set(member.literal, { path, parameters: [] });
    }
    const deeper = group.filter((item) => item.segments.length > depth);
    if (deeper.length === 0) return;
    const values = [...new Set(deeper.map((item) => item.segments[depth]!))];
    const parent = `/${prefix.join('/')}`;
    const ids = values.filter(looksLikeId);
    // Names beside ids (`me` beside UUIDs) stay literal unless they are several themselves.
    const names = values.filter((value) => value !== '' && !looksLikeId(value));
    // Right after an id come sub-resource names (/{thumbnailId}/download, /share): never merged for being several.
    const afterId = prefix.length === 0 || prefix[prefix.length - 1]!.startsWith('{');
    const several = names.length >= SEVERAL && !afterId && !namePositions.has(parent);
    const asParameter = new Set(several ? [...ids, ...names] : ids);
    if (asParameter.size > 0) {
      const last = prefix[prefix.length - 1];
      const taken = new Set(prefix.filter((segment) => segment.startsWith('{')).map((segment) => segment.slice(1, -1)));
      const name = parameterName(last?.startsWith('{') ? undefined : last, taken);
      const bound = deeper
        .filter((item) => asParameter.has(item.segments[depth]!))
        .map((item) => ({ ...item, bound: [...item.bound, { name, value: item.segments[depth]! }] }));
      walk([...prefix, `{${name}}`], bound, depth + 1);
    }
    for (const value of values.filter((item) => !asParameter.has(item))) {
      walk(
        [...prefix, value],
        deeper.filter((item) => item.segments[depth] === value),
        depth + 1,
      );
    }
  };
  walk([], members, 0);

  // Each literal gets its template's parameters with every value seen for them (across the literals it stands for).
  for (const [literal, { path }] of byLiteral) {
    const parameters = [...(byTemplate.get(path) ?? [])].map(([name, values]) => ({ name, values: [...values].sort() }));
    byLiteral.set(literal, { path, parameters });
  }
  return byLiteral;
}

/** The parents (as `/api`) under which the contract's own paths have a literal segment. */
export function namePositionsOf(contractPaths: Iterable<string>): Set<string> {
  const positions = new Set<string>();
  for (const path of contractPaths) {
    const segments = path.split('/').slice(1);
    segments.forEach((segment, index) => {
      if (!segment.startsWith('{')) positions.add(`/${segments.slice(0, index).join('/')}`);
    });
  }
  return positions;
}
