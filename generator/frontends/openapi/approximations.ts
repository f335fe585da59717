import path from "node:path";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { ServiceDescription } from "../../description/description.js";
import type { Approximation } from "../../model/vocabulary.js";

/**
 * The warnings of a service's contract, as the approximations its README
 * lists (in contract order). Files are named relative to the folder of the
 * contract (`entryFile`, as messages name it), so the README does not depend
 * on the folder paygen ran in.
 */
export function approximationsOf(
  warnings: readonly Diagnostic[],
  entryFile: string,
): Approximation[] {
  const folder = path.posix.dirname(entryFile);
  return warnings.map((w) => ({
    kind: w.kind ?? "other",
    position: `${path.posix.relative(folder, w.at.file) || w.at.file}:${w.at.line}:${w.at.col}`,
    pointer: w.pointer ?? "",
    message: w.message,
  }));
}

/** `service` with the approximations of `warnings` (unchanged when there is none). */
export function withApproximations(
  service: ServiceDescription,
  warnings: readonly Diagnostic[],
  entryFile: string,
): ServiceDescription {
  return warnings.length === 0
    ? service
    : { ...service, approximations: approximationsOf(warnings, entryFile) };
}
