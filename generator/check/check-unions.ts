import type { Diagnostics } from "../diagnostics/diagnostic.js";
import { didYouMean } from "../diagnostics/did-you-mean.js";
import type { ServiceDescription, TypeDescription } from "../description/description.js";

/**
 * Checks union types: JSON only, two or more variants that are object
 * types of the service, and a discriminator whose values are distinct and
 * name variants.
 */
export function checkUnions(
  s: ServiceDescription,
  types: ReadonlyMap<string, TypeDescription>,
  d: Diagnostics,
): void {
  for (const t of s.types) {
    if (t.kind !== "union") continue;
    if (s.protocol !== "rest")
      d.error(
        t.at,
        `"${t.name}" is a union: a JSON value of one of several types; a SOAP service has none`,
      );
    const variants = t.variants ?? [];
    if (variants.length < 2) d.error(t.at, `the union "${t.name}" needs at least two variants`);
    for (const v of variants) {
      const target = types.get(v.name);
      if (!target) d.error(v.at, `unknown type "${v.name}"${didYouMean(v.name, types.keys())}`);
      else if (target.kind !== "object")
        d.error(
          v.at,
          `a variant of "${t.name}" must be an object type; "${v.name}" is a ${target.kind} type`,
        );
    }
    const names = new Set(variants.map((v) => v.name));
    const seen = new Set<string>();
    for (const m of t.discriminator?.mapping ?? []) {
      if (seen.has(m.value))
        d.error(m.type.at, `the discriminator value "${m.value}" of "${t.name}" is listed twice`);
      seen.add(m.value);
      if (!names.has(m.type.name))
        d.error(
          m.type.at,
          `the discriminator value "${m.value}" names "${m.type.name}", which is not a variant of "${t.name}"`,
        );
    }
  }
}
