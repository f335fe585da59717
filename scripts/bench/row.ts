/** One line of the results table: a figure, its baseline, how they compare, and the target. */

export interface Row {
  /** What was measured. */
  readonly name: string;
  /** The measured figure, formatted with its unit. */
  readonly value: string;
  /** The baseline figure from the same run, formatted, with what the baseline is. */
  readonly baseline: string;
  /** How the figure compares with the baseline (a time ratio or a difference). */
  readonly comparison: string;
  /** The target, in the same terms as `comparison`; empty for an informational row. */
  readonly target: string;
  /** Whether the target is met; `undefined` for an informational row. */
  readonly pass: boolean | undefined;
}

/** Operations per second, rounded to three significant figures and grouped by thousands. */
export function formatOps(opsPerSec: number): string {
  const rounded = Number(opsPerSec.toPrecision(3));
  return `${rounded.toLocaleString("en-US")} ops/s`;
}

export function formatMs(ms: number): string {
  return `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;
}

export function formatUs(us: number): string {
  return `${us.toFixed(us < 10 ? 2 : 1)} µs`;
}

export function formatMb(mb: number): string {
  return `${mb.toFixed(1)} MB`;
}

export function formatRatio(ratio: number): string {
  return `${ratio.toFixed(2)}×`;
}

export function formatDelta(delta: number, unit: "ms" | "MB"): string {
  const sign = delta < 0 ? "-" : "+";
  return `${sign}${Math.abs(delta).toFixed(1)} ${unit}`;
}
