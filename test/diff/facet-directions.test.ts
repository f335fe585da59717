import { describe, expect, it } from "vitest";
import { FACETS } from "../../generator/facets/registry.js";
import { diffKinds, restWith, type Side } from "./schema-pairs.js";

/** What a change of one facet does to the values a field accepts. */
type Want = "tightens" | "loosens" | "both";

interface Case {
  readonly given: {
    readonly facet: string;
    readonly type: string;
    readonly before: string;
    readonly after: string;
  };
  readonly want: Want;
}

/**
 * Each facet changed one way and the other, read with the facet's declared
 * direction. The rows marked "not a min/max key" are those a guess from the
 * key's prefix got wrong: it took every change of them for both.
 */
const CASES: readonly Case[] = [
  { given: { facet: "minLength", type: "string", before: "2", after: "5" }, want: "tightens" },
  { given: { facet: "minLength", type: "string", before: "5", after: "2" }, want: "loosens" },
  { given: { facet: "maxLength", type: "string", before: "10", after: "5" }, want: "tightens" },
  { given: { facet: "maxLength", type: "string", before: "5", after: "10" }, want: "loosens" },
  {
    given: { facet: "pattern", type: "string", before: '"[0-9]+"', after: '"[0-9]{2}"' },
    want: "both",
  },
  { given: { facet: "minimum", type: "decimal", before: '"1"', after: '"2.5"' }, want: "tightens" },
  { given: { facet: "minimum", type: "decimal", before: '"2.5"', after: '"1"' }, want: "loosens" },
  {
    given: { facet: "maximum", type: "decimal", before: '"100"', after: '"99.99"' },
    want: "tightens",
  },
  { given: { facet: "maximum", type: "decimal", before: '"50"', after: '"100"' }, want: "loosens" },
  // Not a min/max key: a lower bound all the same.
  {
    given: { facet: "exclusiveMinimum", type: "decimal", before: '"0"', after: '"1"' },
    want: "tightens",
  },
  {
    given: { facet: "exclusiveMinimum", type: "decimal", before: '"1"', after: '"0"' },
    want: "loosens",
  },
  // Not a min/max key: an upper bound.
  {
    given: { facet: "exclusiveMaximum", type: "decimal", before: '"1000"', after: '"100"' },
    want: "tightens",
  },
  {
    given: { facet: "exclusiveMaximum", type: "decimal", before: '"100"', after: '"1000"' },
    want: "loosens",
  },
  // Not a min/max key: fewer digits accept less.
  { given: { facet: "totalDigits", type: "decimal", before: "10", after: "8" }, want: "tightens" },
  { given: { facet: "totalDigits", type: "decimal", before: "8", after: "10" }, want: "loosens" },
  {
    given: { facet: "fractionDigits", type: "decimal", before: "2", after: "0" },
    want: "tightens",
  },
  {
    given: { facet: "fractionDigits", type: "decimal", before: "0", after: "2" },
    want: "loosens",
  },
  // Not a min/max key: a step; a multiple of the old step accepts less, a divisor of it more.
  {
    given: { facet: "multipleOf", type: "decimal", before: '"0.01"', after: '"0.05"' },
    want: "tightens",
  },
  {
    given: { facet: "multipleOf", type: "decimal", before: '"0.05"', after: '"0.01"' },
    want: "loosens",
  },
  {
    given: { facet: "multipleOf", type: "decimal", before: '"0.02"', after: '"0.03"' },
    want: "both",
  },
];

const thing = (facet: string, type: string, value: string) =>
  `Thing:\n  fields:\n    - { name: a, type: ${type}, ${facet}: ${value} }`;

/** The change's severity when `Thing` travels in a request, and when it travels in a response. */
async function severities(c: Case): Promise<Record<Side, string[]>> {
  const { facet, type, before, after } = c.given;
  const out: Record<Side, string[]> = { request: [], response: [] };
  for (const side of ["request", "response"] as const) {
    const changes = await diffKinds(
      restWith(side, thing(facet, type, before)),
      restWith(side, thing(facet, type, after)),
    );
    out[side] = changes.map((x) => `${x.severity} ${x.kind}`);
  }
  return out;
}

/** A tightened facet breaks a request and is news to a response; a loosened one the other way round; both, both. */
const EXPECTED: Record<Want, Record<Side, string[]>> = {
  tightens: { request: ["breaking facet-tightened"], response: ["info facet-tightened"] },
  loosens: { request: ["info facet-loosened"], response: ["warning facet-loosened"] },
  both: { request: ["breaking facet-tightened"], response: ["warning facet-loosened"] },
};

describe("paygen diff reads a facet's change with the facet's declared direction", () => {
  it.each(CASES)("$given.facet $given.before -> $given.after $want", async (c) => {
    expect(await severities(c)).toEqual(EXPECTED[c.want]);
  });

  it("has a row for every facet of the registry", () => {
    expect(new Set(CASES.map((c) => c.given.facet))).toEqual(new Set(FACETS.map((f) => f.key)));
  });
});
