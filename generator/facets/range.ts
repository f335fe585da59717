import { defineFacet } from "./facet.js";

const NUMBER_SCALARS = ["short", "int", "long", "decimal", "double"] as const;

/** The smallest value allowed, compared exactly (decimal text, never a float). */
export const minimum = defineFacet({
  key: "minimum",
  valueKind: "decimal",
  appliesTo: NUMBER_SCALARS,
  appliesToText: "numbers",
  doc: (value) => `At least ${value}.`,
  span: {
    upper: "maximum",
    doc: (lower, upper) => (lower === upper ? `Exactly ${lower}.` : `From ${lower} to ${upper}.`),
  },
  runtimeCheck: "checkMinimum",
  openApi: { keyword: "minimum", bound: { keyword: "minimum", exclusive: false } },
  xsdFacets: ["minInclusive"],
  direction: "lower",
});

/** The largest value allowed, compared exactly (decimal text, never a float). */
export const maximum = defineFacet({
  key: "maximum",
  valueKind: "decimal",
  appliesTo: NUMBER_SCALARS,
  appliesToText: "numbers",
  doc: (value) => `At most ${value}.`,
  runtimeCheck: "checkMaximum",
  openApi: { keyword: "maximum", bound: { keyword: "maximum", exclusive: false } },
  xsdFacets: ["maxInclusive"],
  direction: "upper",
});
