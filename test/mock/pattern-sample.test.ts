import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { wholeValuePattern } from "../../generator/facets/pattern.js";
import { sampleOfPattern } from "../../generator/mock/pattern-sample.js";
import { compilePattern } from "../../generator/runtime/validate.js";
import { seededRandom } from "../../generator/mock/seeded-random.js";
import { describeWithSpecs, sharedSpec } from "../helpers/shared-specs.js";

/** `matches`: a sample is given and the validator's RegExp matches it; `none`: no sample. */
const CASES: readonly { readonly given: string; readonly want: "matches" | "none" }[] = [
  { given: "abc", want: "matches" },
  { given: "^\\d{4}-\\d{2}$", want: "matches" },
  { given: "^\\w+\\s\\w+\\.$", want: "matches" },
  { given: "^[A-Z]{2}$", want: "matches" },
  { given: "^[^0-9]{3}$", want: "matches" },
  { given: "^[^\\x00-\\x7f]$", want: "matches" },
  { given: "^.{1,5}$", want: "matches" },
  { given: "^a?b*c+d{2}e{1,3}f{2,}$", want: "matches" },
  { given: "^a+?b{1,3}?$", want: "matches" },
  { given: "^(?:ab|cd)(ef)(?<tail>gh|ij)$", want: "matches" },
  { given: "^(red|green|blue)$", want: "matches" },
  { given: "^\\p{Lu}\\p{Ll}+$", want: "matches" },
  { given: "^[\\u4e00-\\u9fff]{2}$", want: "matches" },
  { given: "^\\u{1F600}$", want: "matches" },
  { given: "^\\$\\d+\\.\\d\\d$", want: "matches" },
  { given: "^[-a-z]+$", want: "matches" },
  { given: "^[a\\-z]$", want: "matches" },
  { given: "\\bword\\b", want: "matches" },
  { given: wholeValuePattern("[0-9a-zA-Z\\s]+"), want: "matches" },
  { given: "^(?=a)a$", want: "none" },
  { given: "^(?!a)b$", want: "none" },
  { given: "^(?<=a)b$", want: "none" },
  { given: "^(a)\\1$", want: "none" },
  { given: "^(?<x>a)\\k<x>$", want: "none" },
  { given: "[", want: "none" },
  // Hostile: a huge count, nested counts, an empty group repeated without end: no sample, quickly.
  { given: "^a{1000000}$", want: "none" },
  { given: "^((a{1000}){1000}){1000}$", want: "none" },
  { given: "^(?:){1000000000}x$", want: "none" },
  { given: "^(?:(?:){1000000}){1000000}$", want: "none" },
  // A set of characters none of the usual candidates is in: drawn from the bounds it names.
  { given: "^[\\u0600-\\u0605]$", want: "matches" },
];

describe("sampleOfPattern", () => {
  it.for(CASES)("$given: $want", ({ given, want }) => {
    const sample = sampleOfPattern(given, seededRandom(7));
    if (want === "none") expect(sample).toBeUndefined();
    else {
      expect(sample).toBeTypeOf("string");
      expect(new RegExp(given, "u").test(sample!)).toBe(true);
    }
  });

  it("gives the same sample for the same seed, and others for other seeds", () => {
    const pattern = "^[A-Z]{3}-\\d{4}$";
    expect(sampleOfPattern(pattern, seededRandom(1))).toBe(
      sampleOfPattern(pattern, seededRandom(1)),
    );
    const samples = new Set([1, 2, 3, 4].map((s) => sampleOfPattern(pattern, seededRandom(s))));
    expect(samples.size).toBeGreaterThan(1);
  });

  it("repeats each quantifier exactly as asked in the fixed shape", () => {
    expect(sampleOfPattern("^[0-9]+$", seededRandom(1), { extraRepeats: 3, fixed: true })).toMatch(
      /^[0-9]{4}$/,
    );
    expect(sampleOfPattern("^x{2,3}$", seededRandom(1), { extraRepeats: 5, fixed: true })).toBe(
      "xxx",
    );
  });
});

/** The patterns of a published contract: OpenAPI `pattern` keywords, or XSD pattern facets (matched whole). */
function contractPatterns(file: string): string[] {
  const text = readFileSync(sharedSpec(file), "utf8");
  if (!file.endsWith(".json"))
    return [...text.matchAll(/<(?:xs:|xsd:)?pattern\s+value="([^"]*)"/g)].map((m) =>
      wholeValuePattern(m[1]!.replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">")),
    );
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node !== null && typeof node === "object")
      for (const [key, value] of Object.entries(node))
        if (key === "pattern" && typeof value === "string") found.add(value);
        else walk(value);
  };
  walk(JSON.parse(text));
  return [...found].sort();
}

describeWithSpecs("sampleOfPattern on the patterns of the published contracts", () => {
  it.for([
    "AnetApiSchema.xsd",
    "cybersource-rest-spec.2020-02-17.json",
    "paypal-checkout-orders-v2.2024-02-02.json",
    "stripe-spec3.2022-04-12.json",
  ])("every pattern of %s that compiles gets a sample it matches (none for the others)", (file) => {
    const patterns = contractPatterns(file);
    expect(patterns.length).toBeGreaterThan(0);
    // A pattern that compiles neither with the `u` flag nor as ECMA-262 5.1 reads it (`\!` compiles
    // so) never reaches a validator: no sample for it.
    const compiled = (p: string): RegExp | undefined => {
      try {
        return compilePattern(p);
      } catch {
        return undefined;
      }
    };
    const unmatched = patterns.filter((p) =>
      [1, 2].some((seed) => {
        const sample = sampleOfPattern(p, seededRandom(seed));
        const regex = compiled(p);
        if (regex === undefined) return sample !== undefined;
        return sample === undefined || !regex.test(sample);
      }),
    );
    expect(unmatched).toEqual([]);
  });
});
