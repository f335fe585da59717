import type { Diagnostics } from "../diagnostics/diagnostic.js";
import type { FieldDescription } from "../description/description.js";
import { facetOf } from "../facets/registry.js";
import { compareDecimal, isDecimal } from "../runtime/scalars.js";
import type { ScalarName } from "../model/vocabulary.js";

/**
 * The facets of a field fit it: each is a known facet of a scalar it applies
 * to, with a value it accepts, and lower bounds are not above upper bounds.
 */
export function checkFacets(
  f: FieldDescription,
  scalar: ScalarName | undefined,
  d: Diagnostics,
): void {
  const values = new Map<string, number | string>();
  for (const use of f.facets) {
    const facet = facetOf(use.key);
    if (!facet) {
      d.error(use.at, `unknown facet "${use.key}"`);
      continue;
    }
    if (scalar === undefined || !facet.appliesTo.includes(scalar)) {
      d.error(
        use.at,
        `${facet.key} applies to ${facet.appliesToText}; "${f.name}" is ${f.type.name}`,
      );
      continue;
    }
    const problem = facet.problem?.(use.value);
    if (problem !== undefined) d.error(use.at, `${facet.key} of "${f.name}": ${problem}`);
    values.set(use.key, use.value);
  }
  const at = (key: string) => f.facets.find((x) => x.key === key)!.at;
  const minLength = values.get("minLength");
  const maxLength = values.get("maxLength");
  if (typeof minLength === "number" && typeof maxLength === "number" && minLength > maxLength)
    d.error(at("minLength"), "minLength is greater than maxLength");
  const minimum = values.get("minimum");
  const maximum = values.get("maximum");
  if (
    typeof minimum === "string" &&
    typeof maximum === "string" &&
    isDecimal(minimum) &&
    isDecimal(maximum) &&
    compareDecimal(minimum, maximum) > 0
  )
    d.error(at("minimum"), "minimum is greater than maximum");
}
