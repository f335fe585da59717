import { describe, expect, it } from "vitest";
import { FACETS } from "../../../generator/facets/registry.js";
import { SCALAR_NAMES, type ScalarName } from "../../../generator/model/ir.js";
import type { ObjectDescription, TypeDescription } from "../../../generator/runtime/description.js";
import * as scalars from "../../../generator/runtime/described-scalars.js";
import type { ValidationIssue } from "../../../generator/runtime/errors.js";
import { JsonNumberText } from "../../../generator/runtime/json-value.js";
import {
  checkDescribed,
  validateDescribed,
} from "../../../generator/runtime/validate-description.js";
import * as checks from "../../../generator/runtime/validate.js";
import { taggedUnion, untaggedUnion } from "../../../generator/runtime/union-walks.js";
import {
  checkFractionDigits,
  checkMaxLength,
  checkMinimum,
  checkMinLength,
  checkPattern,
} from "../../../generator/runtime/validate.js";
import {
  booleanScalar,
  decimalScalar,
  doubleScalar,
  intScalar,
  jsonScalar,
  longScalar,
  type ScalarName as RuntimeScalarName,
  stringScalar,
} from "../../../generator/runtime/described-scalars.js";

/** The issues `validateDescribed` reports for a value (none: `[]`). */
function issuesOf(value: unknown, description: TypeDescription): readonly ValidationIssue[] {
  const checked = validateDescribed(value, description);
  return checked.ok ? [] : checked.issues;
}

const address: ObjectDescription = {
  fields: [
    {
      name: "city",
      type: stringScalar,
      required: true,
      facets: [
        [checkMinLength, 1],
        [checkMaxLength, 5],
      ],
    },
    { name: "zip", type: stringScalar, facets: [[checkPattern, "^(?:[0-9]{5})$"]] },
  ],
};

const order: ObjectDescription = {
  fields: [
    { name: "id", type: longScalar, required: true },
    {
      name: "amount",
      type: decimalScalar,
      facets: [
        [checkMinimum, "0.01"],
        [checkFractionDigits, 2],
      ],
    },
    { name: "brand", type: ["visa", "amex"] },
    { name: "capture", type: booleanScalar },
    { name: "billTo", type: () => address },
    { name: "lines", type: () => address, list: [1, 2] },
    { name: "tags", type: stringScalar, map: true, nullable: true },
    { name: "version", type: stringScalar, const: [checks.checkConst, "2"] },
  ],
};

describe("validateDescribed: the issues of the checks of validate.ts, in the description's order", () => {
  it("answers ok with the value itself when there is no problem", () => {
    const value = { id: "7", amount: "1.50", billTo: { city: "Paris" }, tags: { a: null } };
    const checked = validateDescribed(value, order);
    expect(checked).toEqual({ ok: true, value });
    expect(checked.ok && checked.value).toBe(value);
  });

  it("reports every problem, each at its path, unknown keys first and by position", () => {
    const value = {
      secret: "4111111111111111",
      id: 7,
      amount: "0.001",
      brand: "diners",
      capture: "yes",
      billTo: { city: "", zip: "1234", extra: 1 },
      lines: [{ city: "Lyon" }, { city: "Marseille" }, {}],
      tags: { a: 1, b: null },
      version: "3",
    };
    expect(issuesOf(value, order)).toEqual([
      {
        path: "<unknown key #1>",
        code: "unknown-field",
        message: "is not a documented field (the key's name is not shown)",
      },
      {
        path: "id",
        code: "type",
        message: "must be a string of digits (64-bit integer), not a number",
      },
      { path: "amount", code: "range", message: "must be at least 0.01" },
      { path: "brand", code: "enum", message: "must be one of: visa, amex" },
      { path: "capture", code: "type", message: "must be a boolean" },
      {
        path: "billTo.<unknown key #3>",
        code: "unknown-field",
        message: "is not a documented field (the key's name is not shown)",
      },
      { path: "billTo.city", code: "length", message: "must be at least 1 characters long" },
      { path: "billTo.zip", code: "pattern", message: "does not match the documented pattern" },
      { path: "lines", code: "cardinality", message: "must have at most 2 entries" },
      { path: "lines[1].city", code: "length", message: "must be at most 5 characters long" },
      { path: "lines[2].city", code: "required", message: "is required" },
      { path: "tags.a", code: "type", message: "must be a string" },
      { path: "version", code: "const", message: 'must be the documented constant "2"' },
    ]);
    expect(JSON.stringify(issuesOf(value, order))).not.toContain("4111");
  });

  it("checks a required field own and defined, an optional one wherever it is read from", () => {
    // A plain object whose prototype (itself of a null prototype) holds the fields.
    const inherited = Object.create(
      Object.assign(Object.create(null) as object, { id: "1", capture: "no" }),
    ) as object;
    expect(issuesOf(inherited, order)).toEqual([
      { path: "id", code: "required", message: "is required" },
      { path: "capture", code: "type", message: "must be a boolean" },
    ]);
    expect(issuesOf({ id: undefined }, order)).toEqual([
      { path: "id", code: "required", message: "is required" },
    ]);
    const hidden = { id: "1" };
    Object.defineProperty(hidden, "capture", { value: "no", enumerable: false });
    expect(issuesOf(hidden, order)).toEqual([
      { path: "capture", code: "type", message: "must be a boolean" },
    ]);
  });

  it("reads a field named like a member every object inherits as an own property only", () => {
    const named: ObjectDescription = {
      fields: [
        { name: "constructor", type: stringScalar },
        { name: "toString", type: stringScalar, required: true },
      ],
    };
    expect(issuesOf({}, named)).toEqual([
      { path: "toString", code: "required", message: "is required" },
    ]);
    expect(issuesOf({ constructor: 1, toString: "x" }, named)).toEqual([
      { path: "constructor", code: "type", message: "must be a string" },
    ]);
  });

  it("checks a list's entries even when their count is wrong; skips holes and allowed nulls", () => {
    const list: ObjectDescription = {
      fields: [{ name: "xs", type: intScalar, list: [0, 3], nullable: true }],
    };
    // eslint-disable-next-line no-sparse-arrays
    expect(issuesOf({ xs: [1, , null, "2", 5] }, list)).toEqual([
      { path: "xs", code: "cardinality", message: "must have at most 3 entries" },
      {
        path: "xs[3]",
        code: "type",
        message: "must be an integer number from -2147483648 to 2147483647",
      },
    ]);
    expect(issuesOf({ xs: {} }, list)).toEqual([
      { path: "xs", code: "type", message: "must be a list" },
    ]);
    expect(
      issuesOf({ xs: null }, { fields: [{ name: "xs", type: intScalar, list: [0] }] }),
    ).toEqual([{ path: "xs", code: "type", message: "must be a list" }]);
  });

  it("checks a map's entries under their keys, a map of lists too", () => {
    const map: ObjectDescription = {
      fields: [{ name: "m", type: booleanScalar, map: true, list: [1] }],
    };
    expect(issuesOf({ m: { a: [true], b: [], c: ["x"] } }, map)).toEqual([
      { path: "m.b", code: "cardinality", message: "must have at least 1 entry" },
      { path: "m.c[0]", code: "type", message: "must be a boolean" },
    ]);
    expect(issuesOf({ m: [] }, map)).toEqual([
      { path: "m", code: "type", message: "must be an object" },
    ]);
  });

  it("checks a constant after the type: decimal text by value, a string as written", () => {
    const constants: ObjectDescription = {
      fields: [
        { name: "rate", type: decimalScalar, const: [checks.checkConst, "0.1"] },
        { name: "code", type: stringScalar, const: [checks.checkConst, "0.1"] },
        { name: "kind", type: ["a", "b"], const: [checks.checkConst, "a"] },
      ],
    };
    expect(issuesOf({ rate: "0.10", code: "0.1", kind: "a" }, constants)).toEqual([]);
    expect(issuesOf({ rate: "0.2", code: "0.10", kind: "b" }, constants)).toEqual([
      { path: "rate", code: "const", message: 'must be the documented constant "0.1"' },
      { path: "code", code: "const", message: 'must be the documented constant "0.1"' },
      { path: "kind", code: "const", message: 'must be the documented constant "a"' },
    ]);
  });

  it("checks a URI's lengths and pattern after it is a URI, as a string's", () => {
    const image: ObjectDescription = {
      fields: [
        {
          name: "url",
          type: scalars.uriScalar,
          facets: [
            [checkMaxLength, 30],
            [checkPattern, "\\.png$"],
          ],
        },
      ],
    };
    expect(issuesOf({ url: "https://a.test/b.png" }, image)).toEqual([]);
    expect(issuesOf({ url: "https://a.test/b.gif" }, image).map((i) => i.code)).toEqual([
      "pattern",
    ]);
    expect(
      issuesOf({ url: `https://a.test/${"b".repeat(30)}.png` }, image).map((i) => i.code),
    ).toEqual(["length"]);
    expect(issuesOf({ url: "not a uri.png" }, image).map((i) => i.code)).toEqual(["format"]);
  });

  it("checks a JSON double finite, an XML one as any number, and any JSON value", () => {
    const json: ObjectDescription = {
      fields: [
        { name: "w", type: doubleScalar, finite: true },
        { name: "x", type: doubleScalar },
        { name: "j", type: jsonScalar },
      ],
    };
    expect(issuesOf({ w: 1.5, x: Number.NaN, j: { n: new JsonNumberText("1") } }, json)).toEqual(
      [],
    );
    expect(issuesOf({ w: Number.POSITIVE_INFINITY, j: 1 }, json)).toEqual([
      {
        path: "w",
        code: "range",
        message: "must be a finite number (JSON has no NaN or infinity)",
      },
      { path: "j", code: "type", message: "must be a JSON value (numbers as JsonNumberText)" },
    ]);
  });

  it("an extension checks its base's fields and groups first, and unknown keys once against all", () => {
    const base: ObjectDescription = {
      fields: [
        { name: "a", type: stringScalar },
        { name: "b", type: stringScalar },
      ],
      groups: [{ fields: ["a", "b"], required: true }],
    };
    const extension: ObjectDescription = {
      fields: [{ name: "c", type: intScalar, required: true }],
      base: () => base,
    };
    expect(issuesOf({ a: "x", c: 1 }, extension)).toEqual([]);
    expect(issuesOf({ a: 1, b: "y", d: 0 }, extension)).toEqual([
      {
        path: "<unknown key #3>",
        code: "unknown-field",
        message: "is not a documented field (the key's name is not shown)",
      },
      { path: "a", code: "type", message: "must be a string" },
      { path: "", code: "choice", message: "must have exactly one of: a, b" },
      { path: "c", code: "required", message: "is required" },
    ]);
  });

  it("a choice needs exactly one field; an open type keeps unknown keys", () => {
    const choice: ObjectDescription = {
      fields: [
        { name: "card", type: stringScalar },
        { name: "bank", type: stringScalar },
      ],
      choice: true,
      open: true,
    };
    expect(issuesOf({ card: "x", other: 1 }, choice)).toEqual([]);
    expect(issuesOf({}, choice)).toEqual([
      { path: "", code: "choice", message: "must have exactly one of: card, bank" },
    ]);
  });

  it("follows references lazily, through a cycle", () => {
    const node: ObjectDescription = {
      fields: [
        { name: "name", type: stringScalar, required: true },
        { name: "next", type: () => node },
      ],
    };
    expect(issuesOf({ name: "a", next: { name: "b", next: { next: "c" } } }, node)).toEqual([
      { path: "next.next.name", code: "required", message: "is required" },
      { path: "next.next.next", code: "type", message: "must be an object" },
    ]);
  });

  it("checks a tagged union as the variant its tag names", () => {
    const card: ObjectDescription = {
      fields: [
        { name: "type", type: stringScalar, required: true },
        { name: "pan", type: stringScalar, required: true },
      ],
    };
    const bank: ObjectDescription = {
      fields: [
        { name: "type", type: stringScalar, required: true },
        { name: "iban", type: stringScalar },
      ],
    };
    const method: TypeDescription = {
      tag: "type",
      cases: { card: () => card, bank: () => bank },
      walks: taggedUnion,
    };
    const holder: ObjectDescription = { fields: [{ name: "m", type: () => method, list: [0] }] };
    expect(issuesOf({ m: [{ type: "bank" }, { type: "card" }, { type: "x" }, 1] }, holder)).toEqual(
      [
        { path: "m[1].pan", code: "required", message: "is required" },
        { path: "m[2].type", code: "choice", message: "must be one of: card, bank" },
        { path: "m[3]", code: "type", message: "must be an object" },
      ],
    );
  });

  it("a tag value may be any text, __proto__ too", () => {
    const card: ObjectDescription = {
      fields: [
        { name: "type", type: stringScalar, required: true },
        { name: "pan", type: stringScalar, required: true },
      ],
    };
    const method: TypeDescription = {
      tag: "type",
      cases: { ["__proto__"]: () => card },
      walks: taggedUnion,
    };
    expect(issuesOf(JSON.parse('{"type":"__proto__","pan":"x"}'), method)).toEqual([]);
    expect(issuesOf(JSON.parse('{"type":"__proto__"}'), method)).toEqual([
      { path: "pan", code: "required", message: "is required" },
    ]);
    expect(issuesOf({ type: "toString" }, method)).toEqual([
      { path: "type", code: "choice", message: "must be one of: __proto__" },
    ]);
  });

  it("checks an untagged union as the variant its keys point at, then the others", () => {
    const card: ObjectDescription = {
      fields: [{ name: "pan", type: stringScalar, required: true }],
    };
    const bank: ObjectDescription = {
      fields: [{ name: "iban", type: stringScalar, required: true }],
    };
    const method: TypeDescription = {
      variants: [
        ["Card", () => card],
        ["Bank", () => bank],
      ],
      walks: untaggedUnion,
    };
    expect(issuesOf({ iban: "DE00" }, method)).toEqual([]);
    expect(issuesOf({ iban: 1 }, method)).toEqual([
      { path: "", code: "choice", message: "must be a valid value of one of: Card, Bank" },
    ]);
  });

  it("checks an opaque body's form only", () => {
    expect(issuesOf([1, "x"], { opaque: "list" })).toEqual([]);
    expect(issuesOf({}, { opaque: "list" })).toEqual([
      { path: "", code: "type", message: "must be a list" },
    ]);
    expect(issuesOf([], { opaque: "object" })).toEqual([
      { path: "", code: "type", message: "must be an object" },
    ]);
  });

  it("checkDescribed reports under the path it is given", () => {
    const issues: ValidationIssue[] = [];
    checkDescribed({ city: 1 }, address, "order.billTo", issues);
    expect(issues).toEqual([
      { path: "order.billTo.city", code: "type", message: "must be a string" },
    ]);
  });
});

describe("the description's vocabulary is the model's", () => {
  it("has the check each facet of the table names, a function of validate.ts", () => {
    for (const facet of FACETS)
      expect(typeof (checks as Record<string, unknown>)[facet.runtimeCheck]).toBe("function");
  });

  it("has one constant for each of the model's scalars, named after it", () => {
    const same: [RuntimeScalarName] extends [ScalarName]
      ? [ScalarName] extends [RuntimeScalarName]
        ? true
        : false
      : false = true;
    expect(same).toBe(true);
    const byExport = Object.entries(scalars).map(([key, s]) => [key, s.name]);
    expect(byExport.sort()).toEqual(SCALAR_NAMES.map((n) => [`${n}Scalar`, n]).sort());
  });
});
