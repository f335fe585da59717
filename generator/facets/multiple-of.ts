import { defineFacet } from "./facet.js";

/** A whole multiple of this positive value, computed exactly on decimal text (`0.01` for cents). */
export const multipleOf = defineFacet({
  key: "multipleOf",
  valueKind: "decimal",
  appliesTo: ["short", "int", "long", "decimal", "double"],
  appliesToText: "numbers",
  problem: (value) =>
    /^0*(\.0*)?$/.test(String(value)) || String(value).startsWith("-")
      ? "must be greater than 0"
      : undefined,
  doc: (value) => `A multiple of ${value}.`,
  runtimeCheck: "checkMultipleOf",
  openApi: { keyword: "multipleOf" },
  // XML Schema has no such facet.
  xsdFacets: [],
  direction: "step",
});
