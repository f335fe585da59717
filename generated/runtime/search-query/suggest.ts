/**
 * "Did you mean" suggestions by edit distance (Levenshtein), used for
 * unknown field names, sort fields and date-math units.
 */

/** Inputs longer than this get no suggestion (keeps the cost bounded). */
const MAX_INPUT = 120;

/**
 * Levenshtein distance between two strings, or `max + 1` as soon as the
 * distance is known to exceed `max`.
 */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = new Array<number>(b.length + 1);
  let curr = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    curr[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min((prev[j] ?? 0) + 1, (curr[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      curr[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [prev, curr] = [curr, prev];
  }
  return prev[b.length] ?? 0;
}

function lastSegment(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? name : name.slice(dot + 1);
}

/**
 * Up to `limit` candidates close to `input`, best first. Comparison ignores
 * case. An input without dots is also compared with the last segment of
 * dotted candidates, so `email` suggests `orderInformation.billTo.email`.
 */
export function suggest(input: string, candidates: readonly string[], limit = 3): string[] {
  if (input.length === 0 || input.length > MAX_INPUT) return [];
  const lower = input.toLowerCase();
  const scored: { name: string; score: number }[] = [];
  for (const name of candidates) {
    const full = name.toLowerCase();
    let score = editDistance(lower, full, Math.max(2, Math.floor(full.length / 3)));
    if (score > Math.max(2, Math.floor(full.length / 3))) score = Number.POSITIVE_INFINITY;
    if (!lower.includes(".") && full.includes(".")) {
      const seg = lastSegment(full);
      const limitSeg = Math.max(1, Math.floor(seg.length / 3));
      const d = editDistance(lower, seg, limitSeg);
      if (d <= limitSeg && d + 0.5 < score) score = d + 0.5;
    }
    if (Number.isFinite(score)) scored.push({ name, score });
  }
  scored.sort((x, y) => x.score - y.score || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
  const best = scored[0];
  if (best === undefined) return [];
  return scored
    .filter((s) => s.score <= best.score + 0.5)
    .slice(0, limit)
    .map((s) => s.name);
}

/** ` did you mean A?`, ` did you mean A or B?`, or the empty string. */
export function didYouMean(names: readonly string[]): string {
  if (names.length === 0) return "";
  if (names.length === 1) return `; did you mean ${names[0]}?`;
  return `; did you mean ${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}?`;
}
