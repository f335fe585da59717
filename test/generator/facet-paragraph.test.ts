import { describe, expect, it } from "vitest";
import { facetParagraph } from "../../generator/facets/facet-paragraph.js";
import type { FacetUse } from "../../generator/model/ir.js";

describe("facetParagraph: a field's facets as one paragraph of its doc comment", () => {
  const table: { name: string; given: FacetUse[]; want: string | undefined }[] = [
    { name: "no facet", given: [], want: undefined },
    {
      name: "a lower bound alone",
      given: [{ key: "minLength", value: 3 }],
      want: "At least 3 characters long.",
    },
    {
      name: "an upper bound alone",
      given: [{ key: "maxLength", value: 300 }],
      want: "At most 300 characters long.",
    },
    {
      name: "both length bounds, one sentence",
      given: [
        { key: "minLength", value: 3 },
        { key: "maxLength", value: 300 },
      ],
      want: "3 to 300 characters long.",
    },
    {
      name: "equal length bounds",
      given: [
        { key: "minLength", value: 2 },
        { key: "maxLength", value: 2 },
      ],
      want: "Exactly 2 characters long.",
    },
    {
      name: "both numeric bounds, their exact text",
      given: [
        { key: "minimum", value: "0.01" },
        { key: "maximum", value: "999999.99" },
      ],
      want: "From 0.01 to 999999.99.",
    },
    {
      name: "each other facet its own sentence, in the order given",
      given: [
        { key: "minLength", value: 2 },
        { key: "maxLength", value: 2 },
        { key: "pattern", value: "^[A-Z]{2}$" },
      ],
      want: "Exactly 2 characters long. Matches the pattern `^[A-Z]{2}$`.",
    },
    {
      name: "an exclusive bound is not spanned with an inclusive one",
      given: [
        { key: "exclusiveMinimum", value: "0" },
        { key: "maximum", value: "100" },
      ],
      want: "Greater than 0. At most 100.",
    },
    {
      name: "a count of one in the singular",
      given: [
        { key: "minLength", value: 1 },
        { key: "totalDigits", value: 1 },
      ],
      want: "At least 1 character long. At most 1 digit in all.",
    },
    {
      name: "a key the registry does not know",
      given: [{ key: "format", value: "x" }],
      want: undefined,
    },
  ];
  it.each(table)("$name", ({ given, want }) => {
    expect(facetParagraph(given)).toBe(want);
  });
});
