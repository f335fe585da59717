import path from "node:path";
import {
  Diagnostics,
  sortDiagnostics,
  type Diagnostic,
  type Position,
} from "../diagnostics/diagnostic.js";
import type { ServiceDescription } from "../description/description.js";
import type { Approximation } from "../model/vocabulary.js";

/**
 * The warnings of a service's contract, as the approximations its README
 * lists (in contract order). Files are named relative to the folder of the
 * contract (`entryFile`, as messages name it), so the README does not depend
 * on the folder paygen ran in. Every front end's warnings become a
 * service's approximations this way.
 */
export function approximationsOf(
  warnings: readonly Diagnostic[],
  entryFile: string,
): Approximation[] {
  const folder = path.posix.dirname(entryFile);
  return sortDiagnostics(warnings).map((w) => ({
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

/**
 * Maps one service with a collector of its own, so that the warnings of
 * that mapping (and `earlier` ones, a reader's) are the service's
 * approximations; every problem then joins the run's `diagnostics`.
 */
export function describeApproximated(
  diagnostics: Diagnostics,
  entryFile: string,
  describe: (own: Diagnostics) => ServiceDescription | undefined,
  earlier: readonly Diagnostic[] = [],
  locate?: (at: Position) => string | undefined,
): ServiceDescription | undefined {
  const own = new Diagnostics();
  const service = describe(own);
  const warnings = own.warnings().map((w) => located(w, locate));
  diagnostics.add(...own.sorted(), ...warnings);
  return service && withApproximations(service, [...earlier, ...warnings], entryFile);
}

/**
 * Runs a contract reader with a collector of its own: its errors join the
 * run's `diagnostics`, and so do its warnings, each with the path `locate`
 * gives its position; those warnings are returned, for the services read
 * from the contract to list as approximations (`earlier` of
 * {@link describeApproximated}).
 */
export async function readApproximated<T>(
  diagnostics: Diagnostics,
  read: (own: Diagnostics) => Promise<T>,
  locate?: (at: Position) => string | undefined,
): Promise<{ read: T; warnings: readonly Diagnostic[] }> {
  const own = new Diagnostics();
  const result = await read(own);
  const warnings = own.warnings().map((w) => located(w, locate));
  diagnostics.add(...own.sorted(), ...warnings);
  return { read: result, warnings };
}

/** A warning with the path `locate` gives its position (an XML path), when it names none yet. */
function located(w: Diagnostic, locate?: (at: Position) => string | undefined): Diagnostic {
  const pointer = w.pointer === undefined ? locate?.(w.at) : undefined;
  return pointer === undefined ? w : { ...w, pointer };
}
