import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { ServiceDescription } from "../../description/description.js";
import type { Approximation } from "../../model/vocabulary.js";

/** The warnings of a service's contract, as the approximations its README lists (in contract order). */
export function approximationsOf(warnings: readonly Diagnostic[]): Approximation[] {
  return warnings.map((w) => ({
    kind: w.kind ?? "other",
    position: `${w.at.file}:${w.at.line}:${w.at.col}`,
    pointer: w.pointer ?? "",
    message: w.message,
  }));
}

/** `service` with the approximations of `warnings` (unchanged when there is none). */
export function withApproximations(service: ServiceDescription, warnings: readonly Diagnostic[]): ServiceDescription {
  return warnings.length === 0 ? service : { ...service, approximations: approximationsOf(warnings) };
}
