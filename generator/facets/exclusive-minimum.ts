import { defineFacet } from "./facet.js";

/** Greater than this value, compared exactly (decimal text, never a float): OpenAPI's exclusive lower bound. */
export const exclusiveMinimum = defineFacet({
  key: "exclusiveMinimum",
  valueKind: "decimal",
  appliesTo: ["short", "int", "long", "decimal", "double"],
  appliesToText: "numbers",
  doc: (value) => `Greater than ${value}.`,
  runtimeCheck: "checkExclusiveMinimum",
  openApi: { keyword: "exclusiveMinimum", bound: { keyword: "minimum", exclusive: true } },
  xsdFacets: ["minExclusive"],
  direction: "lower",
});
