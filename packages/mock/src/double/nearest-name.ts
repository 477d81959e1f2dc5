// The known name nearest to a mistyped one, for errors that say "did you mean ...?": options, flags, rule fields.

/** The known name closest to `name` (by edit distance; one that starts with the other counts as 1), when it is close enough to be a slip. */
export function nearestOf(name: string, names: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of names) {
    const [a, b] = [name.toLowerCase(), candidate.toLowerCase()];
    const distance = a.length >= 3 && (b.startsWith(a) || a.startsWith(b)) ? 1 : editDistance(a, b);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= Math.max(2, Math.floor(name.length / 3)) ? best : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
