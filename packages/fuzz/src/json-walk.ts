// Comparing and searching parsed JSON without recursion: hostile bodies nest deeper than the call stack.

/** Whether two parsed JSON values are equal (own enumerable keys, any order). */
export function sameJson(left: unknown, right: unknown): boolean {
  const pairs: Array<[unknown, unknown]> = [[left, right]];
  while (pairs.length > 0) {
    const [a, b] = pairs.pop()!;
    if (Object.is(a, b) || (a === 0 && b === 0)) continue;
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    const keysA = Object.keys(a);
    const keysB = Object.keys(b);
    if (keysA.length !== keysB.length) return false;
    for (const key of keysA) {
      if (!Object.hasOwn(b, key)) return false;
      pairs.push([(a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]]);
    }
  }
  return true;
}

/** Whether any string in a value (object keys included) contains one of `needles`. */
export function containsAny(value: unknown, needles: readonly string[]): boolean {
  const pending: unknown[] = [value];
  const seen = new Set<object>();
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (needles.some((needle) => item.includes(needle))) return true;
    } else if (typeof item === 'object' && item !== null && !seen.has(item)) {
      seen.add(item);
      for (const [key, nested] of Object.entries(item)) pending.push(key, nested);
    }
  }
  return false;
}
