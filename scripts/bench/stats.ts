/** Order statistics of timing samples. */

/** The median of a non-empty list of numbers. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError("median of an empty list");
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The spread of samples around their median, as a fraction: (p75 - p25) / median. */
export function relativeSpread(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number): number =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
  const m = median(sorted);
  return m === 0 ? 0 : (at(0.75) - at(0.25)) / m;
}
