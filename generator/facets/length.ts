import { defineFacet, type FacetValue } from "./facet.js";

/** A URI is text too: a contract bounds its length as a string's (`format: uri` with `maxLength`). */
const LENGTH_SCALARS = ["string", "base64", "uri"] as const;

/** At least this many characters (UTF-16 code units). */
export const minLength = defineFacet({
  key: "minLength",
  valueKind: "count",
  appliesTo: LENGTH_SCALARS,
  appliesToText: "strings, Base64 and URIs",
  doc: (value) => `At least ${characters(value)} long.`,
  span: {
    upper: "maxLength",
    doc: (lower, upper) =>
      lower === upper
        ? `Exactly ${characters(lower)} long.`
        : `${lower} to ${characters(upper)} long.`,
  },
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
  appliesToText: "strings, Base64 and URIs",
  doc: (value) => `At most ${characters(value)} long.`,
  runtimeCheck: "checkMaxLength",
  openApi: { keyword: "maxLength" },
  xsdFacets: ["length", "maxLength"],
  direction: "upper",
});

/** A count of characters in words: "1 character", "3 characters". */
function characters(count: FacetValue): string {
  return `${count} ${count === 1 ? "character" : "characters"}`;
}
