/** Levenshtein distance, bounded: returns `limit + 1` as soon as it is exceeded. */
export function editDistance(a: string, b: string, limit = 64): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > limit) return limit + 1;
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * The closest candidate, if it is close enough to be a plausible typo:
 * at most a third of the name's length, case differences counting as one.
 */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  const limit = Math.max(1, Math.floor(name.length / 3));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of [...candidates].sort()) {
    const d =
      candidate.toLowerCase() === name.toLowerCase() ? 1 : editDistance(name, candidate, limit);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/** `; did you mean "X"?` or nothing. */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const hit = closest(name, candidates);
  return hit === undefined ? "" : `; did you mean "${hit}"?`;
}
