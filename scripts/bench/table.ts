/** Plain-text rendering of the results table. */
import type { Row } from "./row.js";

const HEADERS = [
  "benchmark",
  "paygen",
  "baseline (same run)",
  "vs baseline",
  "target",
  "result",
] as const;

function verdict(pass: boolean | undefined): string {
  if (pass === undefined) return "info";
  return pass ? "PASS" : "MISS";
}

/** The rows as an aligned table; numeric columns are right-aligned. */
export function renderTable(rows: readonly Row[]): string {
  const cells = rows.map((r) => [
    r.name,
    r.value,
    r.baseline,
    r.comparison,
    r.target,
    verdict(r.pass),
  ]);
  const widths = HEADERS.map((h, i) =>
    Math.max(h.length, ...cells.map((c) => (c[i] ?? "").length)),
  );
  const rightAligned = new Set([1, 3]);
  const line = (values: readonly string[]): string =>
    values
      .map((v, i) => {
        const w = widths[i] ?? 0;
        return rightAligned.has(i) ? v.padStart(w) : v.padEnd(w);
      })
      .join("  ")
      .trimEnd();
  const rule = widths.map((w) => "-".repeat(w)).join("  ");
  return [line(HEADERS), rule, ...cells.map(line)].join("\n");
}
