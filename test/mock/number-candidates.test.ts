import { describe, expect, it } from "vitest";
import type { Field, ScalarName } from "../../generator/model/ir.js";
import { numberCandidates } from "../../generator/mock/number-candidates.js";
import { seededRandom } from "../../generator/mock/seeded-random.js";
import { valueFits } from "../../generator/mock/value-fits.js";
import { field, restService, scalar } from "../helpers/ir.js";

type NumberScalar = Extract<ScalarName, "short" | "int" | "long" | "decimal" | "double">;

/** A number field's facets, and the first candidate drawn for seed 1: it must pass every check. */
const CASES: readonly {
  readonly given: { readonly scalar: NumberScalar; readonly facets: [string, number | string][] };
  readonly want: unknown;
}[] = [
  { given: { scalar: "int", facets: [] }, want: 628 },
  { given: { scalar: "short", facets: [["exclusiveMaximum", "-5"]] }, want: -12224 },
  {
    given: {
      scalar: "decimal",
      facets: [
        ["exclusiveMinimum", "-0.5"],
        ["maximum", "-0.1"],
      ],
    },
    want: "-0.24",
  },
  {
    given: {
      scalar: "decimal",
      facets: [
        ["multipleOf", "0.25"],
        ["minimum", "1.1"],
      ],
    },
    want: "627.50",
  },
  {
    given: {
      scalar: "decimal",
      facets: [
        ["totalDigits", 2],
        ["fractionDigits", 2],
      ],
    },
    want: "0.25",
  },
  {
    given: {
      scalar: "decimal",
      facets: [
        ["fractionDigits", 0],
        ["minimum", "7"],
      ],
    },
    want: "630",
  },
  {
    given: { scalar: "long", facets: [["minimum", "9223372036854775800"]] },
    want: "9223372036854775805",
  },
  {
    given: {
      scalar: "double",
      facets: [
        ["minimum", "0.001"],
        ["maximum", "0.002"],
      ],
    },
    want: 0.002,
  },
  {
    given: {
      scalar: "double",
      facets: [
        ["fractionDigits", 0],
        ["minimum", "-3"],
      ],
    },
    want: 628,
  },
  {
    given: {
      scalar: "int",
      facets: [
        ["multipleOf", "7"],
        ["exclusiveMinimum", "700"],
      ],
    },
    want: 889,
  },
];

describe("numberCandidates", () => {
  it.for(CASES)("$given.scalar $given.facets: $want", ({ given, want }) => {
    const f: Field = field("n", scalar(given.scalar), {
      facets: given.facets.map(([key, value]) => ({ key, value })),
    });
    const [first] = numberCandidates(given.scalar, f, seededRandom(1));
    expect(first).toBe(want);
    expect(valueFits(restService({}), f, first)).toBe(true);
  });
});
