import { compareText } from "../diagnostics/diagnostic.js";

/** How bad a change is for someone on the old package: `breaking` needs a major version. */
export type Severity = "breaking" | "warning" | "info";

/**
 * Where a change is felt. `source`: code compiling against the old generated
 * package no longer compiles. `wire-xml`, `wire-json`: a message valid before
 * is refused after, or read differently.
 */
export type Surface = "source" | "wire-xml" | "wire-json";

/** One difference between two versions of a contract, and what it breaks. */
export interface Change {
  readonly severity: Severity;
  /** What changed, as a stable key: `field-removed`, `enum-value-added`... */
  readonly kind: string;
  /** Where: `service/operations/name`, `service/types/Type/field`, `service/enums/Enum/value`. */
  readonly path: string;
  /** Sorted; empty when nothing a caller relies on is affected. */
  readonly surfaces: readonly Surface[];
  /** What changed and why it matters. */
  readonly message: string;
  /** True for a change that adds something (semantic versioning: a minor release). */
  readonly addition?: boolean;
}

export const SEVERITIES: readonly Severity[] = ["breaking", "warning", "info"];

const SURFACE_ORDER: readonly Surface[] = ["source", "wire-xml", "wire-json"];

export function severityRank(s: Severity): number {
  return SEVERITIES.indexOf(s);
}

/** Builds a change with its surfaces de-duplicated and in a fixed order. */
export function change(
  severity: Severity,
  kind: string,
  path: string,
  surfaces: readonly Surface[],
  message: string,
  addition = false,
): Change {
  const sorted = SURFACE_ORDER.filter((s) => surfaces.includes(s));
  return {
    severity,
    kind,
    path,
    surfaces: sorted,
    message,
    ...(addition ? { addition: true } : {}),
  };
}

/** Most severe first, then by path, kind and message: the same order on every machine. */
export function sortChanges(changes: readonly Change[]): Change[] {
  return [...changes].sort(
    (a, b) =>
      severityRank(a.severity) - severityRank(b.severity) ||
      compareText(a.path, b.path) ||
      compareText(a.kind, b.kind) ||
      compareText(a.message, b.message),
  );
}

/** Counts per severity, every severity present. */
export function countBySeverity(changes: readonly Change[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { breaking: 0, warning: 0, info: 0 };
  for (const c of changes) counts[c.severity]++;
  return counts;
}
