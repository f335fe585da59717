import { defineFacet } from "./facet.js";

/** Less than this value, compared exactly (decimal text, never a float): OpenAPI's exclusive upper bound. */
export const exclusiveMaximum = defineFacet({
  key: "exclusiveMaximum",
  valueKind: "decimal",
  appliesTo: ["short", "int", "long", "decimal", "double"],
  appliesToText: "numbers",
  doc: (value) => `Less than ${value}.`,
  runtimeCheck: "checkExclusiveMaximum",
  openApi: { keyword: "exclusiveMaximum", bound: { keyword: "maximum", exclusive: true } },
  xsdFacets: ["maxExclusive"],
  direction: "upper",
});
