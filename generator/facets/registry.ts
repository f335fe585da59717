import { exclusiveMaximum } from "./exclusive-maximum.js";
import { exclusiveMinimum } from "./exclusive-minimum.js";
import type { Facet } from "./facet.js";
import { fractionDigits, totalDigits } from "./digits.js";
import { maxLength, minLength } from "./length.js";
import { multipleOf } from "./multiple-of.js";
import { pattern } from "./pattern.js";
import { maximum, minimum } from "./range.js";

/** Every facet the schema language and the model know, in the order their checks run. */
export const FACETS: readonly Facet[] = [
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
];

/** A facet by its key. */
export function facetOf(key: string): Facet | undefined {
  return FACETS.find((f) => f.key === key);
}
