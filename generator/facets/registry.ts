import { exclusiveMaximum } from "./exclusive-maximum.js";
import { exclusiveMinimum } from "./exclusive-minimum.js";
import type { Facet, FacetValueKind } from "./facet.js";
import { fractionDigits, totalDigits } from "./digits.js";
import { maxLength, minLength } from "./length.js";
import { multipleOf } from "./multiple-of.js";
import { pattern } from "./pattern.js";
import { maximum, minimum } from "./range.js";

/** The registry, each facet with its literal XML Schema names (see {@link XsdFacetName}). */
const REGISTERED = [
  minLength,
  maxLength,
  pattern,
  minimum,
  maximum,
  totalDigits,
  fractionDigits,
  exclusiveMinimum,
  exclusiveMaximum,
  multipleOf,
] as const;

/** Every facet the schema language and the model know, in the order their checks run. */
export const FACETS: readonly Facet[] = REGISTERED;

/**
 * The XML Schema facet elements that set a facet of the registry whose
 * value is of `kind` (all of them by default): the XSD model's facet keys
 * and the XSD reader's facet names derive from it, so a new facet is
 * defined once, here and in its own file.
 */
export type XsdFacetName<Kind extends FacetValueKind = FacetValueKind> = Extract<
  (typeof REGISTERED)[number],
  { readonly valueKind: Kind }
>["xsdFacets"][number];

/** A facet by its key. */
export function facetOf(key: string): Facet | undefined {
  return FACETS.find((f) => f.key === key);
}
