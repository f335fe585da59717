import { describe, expect, it } from "vitest";
import { FACETS } from "../../../generator/facets/registry.js";
import type { SchemaShape } from "../../../generator/frontends/openapi/openapi-model.js";
import type { ScalarChoice } from "../../../generator/frontends/openapi/scalar-of-format.js";
import { shapeFacets } from "../../../generator/frontends/openapi/shape-facets.js";

type Written = Omit<SchemaShape, "kind" | "at" | "pointer" | "types">;

const shape = (written: Written): SchemaShape => ({
  kind: "shape",
  at: { file: "api.yaml", line: 1, col: 1 },
  pointer: "#/components/schemas/S",
  types: [],
  ...written,
});

interface Case {
  readonly name: string;
  readonly given: { readonly written: Written; readonly choice: ScalarChoice };
  readonly want: { readonly facets: { key: string; value: number | string }[]; notes?: string[] };
}

/** Keywords as the reader leaves them (a bound from either spelling is one `Bound`), and the facets they give. */
const CASES: readonly Case[] = [
  {
    name: "lengths and a pattern of a string",
    given: {
      written: { minLength: 1, maxLength: 20, pattern: "^[A-Z]+$" },
      choice: { scalar: "string" },
    },
    want: {
      facets: [
        { key: "minLength", value: 1 },
        { key: "maxLength", value: 20 },
        { key: "pattern", value: "^[A-Z]+$" },
      ],
    },
  },
  {
    name: "inclusive bounds and a step, their numbers in canonical text",
    given: {
      written: {
        minimum: { value: "0.50", exclusive: false },
        maximum: { value: "1e3", exclusive: false },
        multipleOf: "0.010",
      },
      choice: { scalar: "decimal" },
    },
    want: {
      facets: [
        { key: "minimum", value: "0.5" },
        { key: "maximum", value: "1000" },
        { key: "multipleOf", value: "0.01" },
      ],
    },
  },
  {
    // 3.0 `minimum: 0` with `exclusiveMinimum: true`, or 3.1 `exclusiveMinimum: 0`: the same bound.
    name: "exclusive bounds, after the facets the registry lists before them",
    given: {
      written: {
        minimum: { value: "0", exclusive: true },
        maximum: { value: "100", exclusive: true },
      },
      choice: { scalar: "int", whole: true },
    },
    want: {
      facets: [
        { key: "fractionDigits", value: 0 },
        { key: "exclusiveMinimum", value: "0" },
        { key: "exclusiveMaximum", value: "100" },
      ],
    },
  },
  {
    name: "a whole number from type: integer, kept as a long",
    given: { written: {}, choice: { scalar: "long", whole: true } },
    want: { facets: [{ key: "fractionDigits", value: 0 }] },
  },
  {
    name: "a facet for a scalar it does not apply to, left out with a note",
    given: { written: { maxLength: 3 }, choice: { scalar: "int" } },
    want: {
      facets: [],
      notes: ["The contract gives maxLength 3 for a int; it is not checked."],
    },
  },
  {
    name: "lengths and a pattern of a URI (format: uri), checked as a string's",
    given: {
      written: { minLength: 10, maxLength: 4000, pattern: "\\.png$" },
      choice: { scalar: "uri" },
    },
    want: {
      facets: [
        { key: "minLength", value: 10 },
        { key: "maxLength", value: 4000 },
        { key: "pattern", value: "\\.png$" },
      ],
    },
  },
  {
    name: "a value the facet refuses, left out with the facet's reason",
    given: { written: { pattern: "(a+)+" }, choice: { scalar: "string" } },
    want: {
      facets: [],
      notes: [
        "The contract gives pattern (a+)+ (can backtrack catastrophically (time exponential in the length of the value): the group `(a+)` repeated by `+` holds a repetition that can match the same text in more than one way; rewrite it so that each repetition must match different text); it is not checked.",
      ],
    },
  },
];

describe("facets of an OpenAPI schema, read with each facet's OpenAPI spelling", () => {
  it.each(CASES)("$name", ({ given, want }) => {
    const notes: { kind: "contradiction" | "info"; text: string }[] = [];
    expect(shapeFacets(shape(given.written), given.choice, notes)).toEqual(want.facets);
    expect(notes).toEqual((want.notes ?? []).map((text) => ({ kind: "contradiction", text })));
  });

  it("covers every facet OpenAPI can write, and no other", () => {
    const read = new Set(CASES.flatMap((c) => c.want.facets.map((f) => f.key)));
    const spelled = new Set(FACETS.filter((f) => f.openApi !== undefined).map((f) => f.key));
    expect(read).toEqual(spelled);
    expect(spelled.has("totalDigits")).toBe(false);
  });
});
