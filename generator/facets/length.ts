import { defineFacet } from "./facet.js";

const LENGTH_SCALARS = ["string", "base64"] as const;

/** At least this many characters (UTF-16 code units). */
export const minLength = defineFacet({
  key: "minLength",
  valueKind: "count",
  appliesTo: LENGTH_SCALARS,
  appliesToText: "strings",
  doc: (value) => `At least ${value} characters long.`,
  runtimeCheck: "checkMinLength",
  openApi: { keyword: "minLength" },
  xsdFacets: ["length", "minLength"],
  direction: "lower",
});

/** At most this many characters (UTF-16 code units). */
export const maxLength = defineFacet({
  key: "maxLength",
  valueKind: "count",
  appliesTo: LENGTH_SCALARS,
  appliesToText: "strings",
  doc: (value) => `At most ${value} characters long.`,
  runtimeCheck: "checkMaxLength",
  openApi: { keyword: "maxLength" },
  xsdFacets: ["length", "maxLength"],
  direction: "upper",
});
