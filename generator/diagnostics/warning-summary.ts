import { compareText, type Diagnostic } from "./diagnostic.js";

/**
 * The warnings of a run counted by kind, for the summary line:
 * `12 warnings (3 allof-conflict, 9 ref-sibling)`; empty when there is none.
 * Kinds are listed by name, so the line is the same on every run.
 */
export function warningSummary(warnings: readonly Diagnostic[]): string {
  if (warnings.length === 0) return "";
  const byKind = new Map<string, number>();
  for (const w of warnings) byKind.set(w.kind ?? "other", (byKind.get(w.kind ?? "other") ?? 0) + 1);
  const kinds = [...byKind.entries()]
    .sort((a, b) => compareText(a[0], b[0]))
    .map(([kind, n]) => `${n} ${kind}`);
  return `${warnings.length} warning${warnings.length === 1 ? "" : "s"} (${kinds.join(", ")})`;
}

/** `--strict`: each warning as an error (`file:line:col: allof-conflict: message`), its kind named so the user can tell what was approximated. */
export function warningsAsErrors(warnings: readonly Diagnostic[]): Diagnostic[] {
  return warnings.map((w) => ({
    at: w.at,
    message: `${w.kind ?? "warning"}: ${w.message}`,
    ...(w.pointer === undefined ? {} : { pointer: w.pointer }),
  }));
}
