import { defineFacet, type FacetValue } from "./facet.js";

const DIGIT_SCALARS = ["short", "int", "long", "decimal", "double"] as const;

/** At most this many significant digits in all (XML Schema's `totalDigits`). */
export const totalDigits = defineFacet({
  key: "totalDigits",
  valueKind: "count",
  appliesTo: DIGIT_SCALARS,
  appliesToText: "numbers",
  problem: (value) => (typeof value === "number" && value >= 1 ? undefined : "must be at least 1"),
  doc: (value) => `At most ${digits(value)} in all.`,
  runtimeCheck: "checkTotalDigits",
  // OpenAPI has no keyword for it.
  xsdFacets: ["totalDigits"],
  // Fewer digits accept less: an upper bound on the count of digits.
  direction: "upper",
});

/** At most this many digits after the decimal point (XML Schema's `fractionDigits`); 0 means a whole number. */
export const fractionDigits = defineFacet({
  key: "fractionDigits",
  valueKind: "count",
  appliesTo: DIGIT_SCALARS,
  appliesToText: "numbers",
  doc: (value) =>
    value === 0 ? "A whole number." : `At most ${digits(value)} after the decimal point.`,
  runtimeCheck: "checkFractionDigits",
  // OpenAPI writes only the whole number: `type: integer`.
  openApi: { integerType: 0 },
  xsdFacets: ["fractionDigits"],
  direction: "upper",
});

/** A count of digits in words: "1 digit", "2 digits". */
function digits(count: FacetValue): string {
  return `${count} ${count === 1 ? "digit" : "digits"}`;
}
