import type { Diagnostics, Position } from "../diagnostics/diagnostic.js";
import { didYouMean } from "../diagnostics/did-you-mean.js";
import type { ServiceDescription, TypeDescription } from "../description/description.js";

/**
 * Checks the SOAP header elements of requests: each holds an object type of
 * the service, appears once per operation, and a name means one type across
 * operations (it is one client option).
 */
export function checkSoapHeaders(
  s: ServiceDescription,
  types: ReadonlyMap<string, TypeDescription>,
  d: Diagnostics,
): void {
  const typeOf = new Map<string, { type: string; at: Position }>();
  for (const op of s.operations) {
    if (op.protocol !== "soap" || !op.headers) continue;
    const names = new Set<string>();
    for (const h of op.headers) {
      if (names.has(h.name)) {
        d.error(h.at, `the SOAP header "${h.name}" is listed twice in "${op.name}"`);
        continue;
      }
      names.add(h.name);
      if (!types.has(h.type.name))
        d.error(
          h.type.at,
          `the SOAP header "${h.name}" needs an object type; "${h.type.name}" is none${didYouMean(h.type.name, types.keys())}`,
        );
      const first = typeOf.get(h.name);
      if (first && first.type !== h.type.name)
        d.error(
          h.at,
          `the SOAP header "${h.name}" is of type "${first.type}" elsewhere (${first.at.file}:${first.at.line}:${first.at.col}); one name is one client option, of one type`,
        );
      else if (!first) typeOf.set(h.name, { type: h.type.name, at: h.at });
    }
  }
}
