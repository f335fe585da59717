import { describe, expect, it } from "vitest";
import type {
  ObjectDescription,
  TaggedUnionDescription,
  TypeDescription,
  UntaggedUnionDescription,
} from "../../../generator/runtime/description.js";
import {
  decimalScalar,
  doubleScalar,
  longScalar,
  stringScalar,
} from "../../../generator/runtime/described-scalars.js";
import { jsonNumber, stringifyJson } from "../../../generator/runtime/json.js";
import { withUnknownFields } from "../../../generator/runtime/read-options.js";
import { taggedUnion, untaggedUnion } from "../../../generator/runtime/union-walks.js";
import { writeDescribedJson } from "../../../generator/runtime/write-description.js";

/** The JSON body a client sends. */
const write = (value: object, description: TypeDescription): string =>
  writeDescribedJson(value, description);

const error = (write: () => unknown): unknown => {
  try {
    return write();
  } catch (e) {
    return e;
  }
};

/**
 * The error the writer throws for `value`, the one `stringifyJson` throws for
 * `written`, the object a writer spelled out per type returned for it.
 */
const failure = (value: object, description: TypeDescription, written: object): unknown => {
  const direct = error(() => writeDescribedJson(value, description));
  expect(direct).toBeInstanceOf(Error);
  expect(direct).toEqual(error(() => stringifyJson(written)));
  return direct;
};

const inner: ObjectDescription = { fields: [{ name: "id", type: stringScalar }] };

describe("writeDescribedJson", () => {
  it("writes the documented fields in schema order, leaving absent ones and undocumented ones out", () => {
    const description: ObjectDescription = {
      fields: [
        { name: "a", type: stringScalar },
        { name: "b", type: ["x", "y"] },
        { name: "c", type: stringScalar },
      ],
    };
    expect(write({ extra: 1, b: "y", a: "1", c: undefined }, description)).toBe(
      '{"a":"1","b":"y"}',
    );
  });

  it("writes each value through the write its field names: a long or decimal as the exact number its text is", () => {
    const description: ObjectDescription = {
      fields: [
        { name: "id", type: longScalar, write: jsonNumber },
        { name: "amount", type: decimalScalar, write: jsonNumber },
        { name: "text", type: decimalScalar },
        { name: "ids", type: longScalar, list: [0], write: jsonNumber },
        { name: "ratio", type: doubleScalar, finite: true },
      ],
    };
    expect(
      write(
        {
          id: "9007199254740993",
          amount: "012.50",
          text: "7.10",
          ids: ["1", "12345678901234567890"],
          ratio: 0.5,
        },
        description,
      ),
    ).toBe(
      '{"id":9007199254740993,"amount":12.50,"text":"7.10","ids":[1,12345678901234567890],"ratio":0.5}',
    );
  });

  it("writes a nested type through its description in each shape of field, null as null", () => {
    const outer: ObjectDescription = {
      fields: [
        { name: "one", type: () => inner },
        { name: "none", type: () => inner, nullable: true },
        { name: "many", type: () => inner, list: [0], nullable: true },
        { name: "byKey", type: () => inner, map: true },
        { name: "lists", type: () => inner, map: true, list: [0] },
      ],
    };
    const value = {
      one: { id: "x", skipped: true },
      none: null,
      many: [{ id: "y" }, null],
      byKey: { k: { id: "z" } },
      lists: { k: [{ id: "w" }], n: null },
    };
    expect(write(value, outer)).toBe(
      '{"one":{"id":"x"},"none":null,"many":[{"id":"y"},null],"byKey":{"k":{"id":"z"}},"lists":{"k":[{"id":"w"}],"n":null}}',
    );
  });

  it("writes an open type's extra properties first, and an extension's base fields before its own", () => {
    const base: ObjectDescription = { fields: [{ name: "kind", type: stringScalar }] };
    const open: ObjectDescription = {
      fields: [{ name: "name", type: stringScalar }],
      base: () => base,
      open: true,
    };
    expect(write({ name: "n", more: 1, kind: "k" }, open)).toBe('{"more":1,"kind":"k","name":"n"}');
  });

  it("writes what a keep-mode reader kept after the fields of a closed type", () => {
    expect(write(withUnknownFields({ id: "1" }, { later: 2 }), inner)).toBe('{"id":"1","later":2}');
  });

  it("writes kept members, extra properties and an extension's base in the order of the object a per-type writer built", () => {
    const base: ObjectDescription = {
      fields: [
        { name: "kind", type: stringScalar },
        { name: "sub", type: () => inner },
      ],
    };
    const extension: ObjectDescription = {
      fields: [{ name: "name", type: stringScalar }],
      base: () => base,
    };
    const open: ObjectDescription = { fields: [{ name: "id", type: stringScalar }], open: true };
    // The base's fields, what was kept (written after the base's fields), then the extension's.
    expect(
      write(
        withUnknownFields(
          { name: "n", kind: "k", sub: withUnknownFields({ id: "i" }, { q: 1 }) },
          {
            kept: 2,
          },
        ),
        extension,
      ),
    ).toBe('{"kind":"k","sub":{"id":"i","q":1},"kept":2,"name":"n"}');
    // Keys like array indexes first, kept ones included, as an object lists them.
    expect(write(withUnknownFields({ id: "k", z: 2 }, { 3: "x", q: 1 }), open)).toBe(
      '{"3":"x","q":1,"z":2,"id":"k"}',
    );
    const outer: ObjectDescription = {
      fields: [
        { name: "many", type: () => open, list: [0] },
        { name: "byKey", type: () => extension, map: true },
      ],
    };
    expect(
      write(
        {
          many: [withUnknownFields({ id: "a" }, { k: 1 }), null, { id: "b", x: [1] }],
          byKey: JSON.parse('{"__proto__": {"name": "p", "kind": "q"}, "b": null}') as object,
        },
        outer,
      ),
    ).toBe(
      '{"many":[{"k":1,"id":"a"},null,{"x":[1],"id":"b"}],"byKey":{"__proto__":{"kind":"q","name":"p"},"b":null}}',
    );
  });

  it("writes a value of another kind than its nested type's as that type's fields it holds, as a per-type writer did", () => {
    const open: ObjectDescription = { fields: [{ name: "id", type: stringScalar }], open: true };
    const description: ObjectDescription = {
      fields: [
        { name: "closed", type: () => inner },
        { name: "open", type: () => open },
        { name: "list", type: () => inner, list: [0] },
      ],
    };
    expect(write({ closed: 5, open: "ab", list: ["s"] }, description)).toBe(
      '{"closed":{},"open":{"0":"a","1":"b"},"list":[{}]}',
    );
    expect(error(() => write({ list: "not a list" }, description))).toBeInstanceOf(TypeError);
  });

  it("writes a union's value as the variant its tag names, or its keys point at", () => {
    const card: ObjectDescription = {
      fields: [
        { name: "type", type: stringScalar, required: true },
        { name: "number", type: stringScalar },
      ],
    };
    const bank: ObjectDescription = {
      fields: [
        { name: "type", type: stringScalar, required: true },
        { name: "iban", type: stringScalar, required: true },
      ],
    };
    const tagged: TaggedUnionDescription = {
      tag: "type",
      cases: { card: () => card, bank: () => bank },
      walks: taggedUnion,
    };
    expect(write({ iban: "DE1", type: "bank", number: "4111" }, tagged)).toBe(
      '{"type":"bank","iban":"DE1"}',
    );
    const untagged: UntaggedUnionDescription = {
      variants: [
        ["Card", () => card],
        ["Bank", () => bank],
      ],
      walks: untaggedUnion,
    };
    expect(write({ iban: "DE1", type: "x" }, untagged)).toBe('{"type":"x","iban":"DE1"}');
    // A value that names no variant is written as the first.
    expect(write({ type: "x", number: "1", iban: "2", extra: 3 }, untagged)).toBe(
      '{"type":"x","number":"1"}',
    );
    const lists: ObjectDescription = {
      fields: [
        { name: "tagged", type: () => tagged, list: [0] },
        { name: "untagged", type: () => untagged, map: true },
      ],
    };
    expect(
      write(
        {
          tagged: [{ type: "card", number: "4111", iban: "x" }, null],
          untagged: { a: { type: "x", iban: "DE1" } },
        },
        lists,
      ),
    ).toBe(
      '{"tagged":[{"type":"card","number":"4111"},null],"untagged":{"a":{"type":"x","iban":"DE1"}}}',
    );
  });

  it("writes a body the contract does not show as it is", () => {
    expect(write({ any: [1, "two"] }, { opaque: "object" })).toBe('{"any":[1,"two"]}');
    expect(write([1, 2], { opaque: "list" })).toBe("[1,2]");
  });

  it("writes each value of a closed type as stringifyJson writes it: escapes, other kinds than the field's, toJSON, nothing for a function", () => {
    const description: ObjectDescription = {
      fields: [
        { name: "text", type: stringScalar },
        { name: "quote", type: stringScalar },
        { name: "number", type: stringScalar },
        { name: "date", type: stringScalar },
        { name: "fn", type: stringScalar },
        { name: "one", type: () => inner },
        { name: "notObject", type: () => inner },
        { name: "list", type: () => inner },
      ],
    };
    const value = {
      text: "a\u2028b",
      quote: 'say "\\"\n\ud800',
      number: 12,
      date: new Date(0),
      fn: () => 1,
      one: { id: "i", toJSON: () => "ignored: the type's fields are written" },
      notObject: "text",
      list: [{ id: "x" }],
    };
    expect(write(value, description)).toBe(
      `{"text":"a\u2028b","quote":${JSON.stringify('say "\\"\n\ud800')},"number":12,"date":"1970-01-01T00:00:00.000Z","one":{"id":"i"},"notObject":{},"list":{}}`,
    );
  });

  it("writes the fields of a type with a field named like an array index or toJSON in the order and form stringifyJson gives", () => {
    const description: ObjectDescription = {
      fields: [
        { name: "b", type: stringScalar },
        { name: "1", type: stringScalar },
        { name: "toJSON", type: stringScalar },
      ],
    };
    expect(write({ b: "x", 1: "y", toJSON: "z" }, description)).toBe(
      '{"1":"y","b":"x","toJSON":"z"}',
    );
  });

  it("refuses what stringifyJson refuses, with its error", () => {
    const description: ObjectDescription = {
      fields: [
        { name: "ratio", type: doubleScalar, finite: true },
        { name: "amount", type: decimalScalar, write: jsonNumber },
      ],
    };
    expect(failure({ ratio: Number.NaN }, description, { ratio: Number.NaN })).toBeInstanceOf(
      TypeError,
    );
    expect(error(() => write({ amount: "1e3" }, description))).toEqual(
      error(() => jsonNumber("1e3")),
    );
    expect(failure({ ratio: 1n }, description, { ratio: 1n })).toBeInstanceOf(TypeError);
    const deep: ObjectDescription = { fields: [{ name: "any", type: stringScalar }] };
    const cycle: Record<string, unknown> = {};
    let at = cycle;
    for (let i = 0; i < 40; i++) at = (at.next = {}) as Record<string, unknown>;
    at.next = cycle;
    expect(failure({ any: cycle }, deep, { any: cycle })).toBeInstanceOf(TypeError);
  });

  it("reads a field named like an Object.prototype member only when the value owns it, and never sets the prototype", () => {
    const description: ObjectDescription = {
      fields: [
        { name: "__proto__", type: () => inner },
        { name: "toString", type: stringScalar },
        { name: "constructor", type: stringScalar },
      ],
    };
    expect(write({}, description)).toBe("{}");
    const value = JSON.parse(
      '{"__proto__": {"id": "p", "polluted": true}, "toString": "t"}',
    ) as object;
    expect(write(value, description)).toBe('{"__proto__":{"id":"p"},"toString":"t"}');
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });
});
