import { describe, expect, it } from "vitest";
import type {
  ObjectDescription,
  TaggedUnionDescription,
  TypeDescription,
  UntaggedUnionDescription,
} from "../../../generator/runtime/description.js";
import { ParseError } from "../../../generator/runtime/errors.js";
import { parseJsonTree } from "../../../generator/runtime/json.js";
import { JsonNumberText } from "../../../generator/runtime/json-value.js";
import { readDescribed } from "../../../generator/runtime/read-description.js";
import { readDescribedJson } from "../../../generator/runtime/read-description-json.js";
import { type ReadOptions, unknownData } from "../../../generator/runtime/read-options.js";
import { readContext } from "../../../generator/runtime/read-values.js";
import { taggedUnion, untaggedUnion } from "../../../generator/runtime/union-walks.js";
import {
  booleanScalar,
  dateTimeScalar,
  decimalScalar,
  doubleScalar,
  intScalar,
  jsonScalar,
  longScalar,
  shortScalar,
  stringScalar,
} from "../../../generator/runtime/described-scalars.js";

/**
 * Reads a JSON body as a client does (`readDescribedJson`), which gives what
 * the tree parser, then the generic reader give: the same value, or the
 * same error.
 */
function read(body: string, description: TypeDescription, options?: ReadOptions): unknown {
  const outcome = (reading: () => unknown): { value?: unknown; error?: unknown } => {
    try {
      return { value: reading() };
    } catch (error) {
      return { error };
    }
  };
  const tree = outcome(() =>
    readDescribed(parseJsonTree(body, options), description, "", readContext(options)),
  );
  const text = outcome(() => readDescribedJson(body, description, options));
  expect(text).toStrictEqual(tree);
  expect(unknownData(text.value)).toStrictEqual(unknownData(tree.value));
  if (text.error !== undefined) {
    expect(text.error).toBeInstanceOf((tree.error as object).constructor);
    expect(text.error).toMatchObject({ ...(tree.error as object) });
    throw text.error;
  }
  return text.value;
}

/** The message of the `ParseError` reading a body throws. */
function failure(body: string, description: TypeDescription, options?: ReadOptions): string {
  try {
    read(body, description, options);
  } catch (error) {
    expect(error).toBeInstanceOf(ParseError);
    return (error as ParseError).message;
  }
  throw new Error("read without error");
}

const address: ObjectDescription = {
  fields: [
    { name: "city", type: stringScalar, required: true },
    { name: "zip", type: stringScalar },
  ],
};

const order: ObjectDescription = {
  fields: [
    { name: "id", type: longScalar, required: true },
    { name: "amount", type: decimalScalar },
    { name: "count", type: shortScalar },
    { name: "ratio", type: doubleScalar, finite: true },
    { name: "paid", type: booleanScalar },
    { name: "at", type: dateTimeScalar },
    { name: "brand", type: ["visa", "amex"] },
    { name: "billTo", type: () => address, nullable: true },
    { name: "lines", type: () => address, list: [0] },
    { name: "tags", type: stringScalar, map: true },
    { name: "codes", type: ["a", "b"], list: [0] },
    { name: "note", type: stringScalar, nullable: true },
    { name: "extra", type: jsonScalar },
  ],
};

describe("readDescribed: a JSON body read as its type's description says", () => {
  it("reads every kind of field, numbers exact, in wire order, absent fields left out", () => {
    const value = read(
      `{"tags":{"x":"1"},"id":9223372036854775807,"amount":12.30,"count":-32768,"ratio":1.5,
        "paid":true,"at":"2024-01-15T10:00:00Z","brand":"amex","billTo":null,
        "lines":[{"city":"Lyon"},{"city":"Paris","zip":"75001"}],"codes":["a",null,"b"],
        "note":null,"extra":{"n":1.10}}`,
      order,
    );
    expect(value).toEqual({
      id: "9223372036854775807",
      amount: "12.30",
      count: -32768,
      ratio: 1.5,
      paid: true,
      at: "2024-01-15T10:00:00Z",
      brand: "amex",
      billTo: null,
      lines: [{ city: "Lyon" }, { city: "Paris", zip: "75001" }],
      tags: { x: "1" },
      codes: ["a", "b"],
      note: null,
      extra: { n: new JsonNumberText("1.10") },
    });
    expect(Object.keys(value as object)).toEqual([
      "id",
      "amount",
      "count",
      "ratio",
      "paid",
      "at",
      "brand",
      "billTo",
      "lines",
      "tags",
      "codes",
      "note",
      "extra",
    ]);
    // A map holds any key as data: it has no prototype.
    expect(Object.getPrototypeOf((value as { tags: object }).tags)).toBeNull();
  });

  it("says what is wrong and where, never the value", () => {
    expect(failure(`{}`, order)).toBe("id: required property is missing");
    expect(failure(`{"id":"1.5"}`, order)).toBe("id: expected a 64-bit integer");
    expect(failure(`{"id":1,"count":32768}`, order)).toBe("count: expected a 16-bit integer");
    expect(failure(`{"id":1,"at":"2024-01-15"}`, order)).toBe("at: expected a date and time");
    expect(failure(`{"id":1,"brand":"diners"}`, order)).toBe(
      "brand: is not one of the documented values",
    );
    expect(failure(`{"id":1,"lines":[{"city":"Lyon"},{}]}`, order)).toBe(
      "lines[1].city: required property is missing",
    );
    expect(failure(`{"id":1,"tags":{"k":{}}}`, order)).toBe("tags.k: expected text");
    expect(failure(`[1]`, order)).toBe("(root): expected an object");
  });

  it("treats unknown members as onUnknown says: dropped, kept beside the value, or refused", () => {
    expect(read(`{"id":1,"other":2}`, order)).toEqual({ id: "1" });
    const kept = read(`{"id":1,"other":2,"brand":"diners","codes":["c"]}`, order, {
      onUnknown: "keep",
    });
    expect(kept).toEqual({ id: "1", codes: [] });
    expect(unknownData(kept)).toEqual({
      fields: { other: 2 },
      enumValues: { brand: ["diners"], codes: ["c"] },
    });
    expect(failure(`{"id":1,"other":2}`, order, { onUnknown: "reject" })).toBe(
      '(root): property "other" is not in the schema',
    );
  });

  it("keeps an open type's extra members: as properties, or aside when the type is only read", () => {
    const open: ObjectDescription = { fields: [{ name: "a", type: stringScalar }], open: true };
    const aside: ObjectDescription = { ...open, kept: true };
    const body = `{"a":"x","b":1.50}`;
    expect(read(body, open, { onUnknown: "reject" })).toEqual({ a: "x", b: 1.5 });
    const value = read(body, aside, { onUnknown: "reject" });
    expect(value).toEqual({ a: "x" });
    expect(unknownData(value)?.fields).toEqual({ b: 1.5 });
  });

  it("reads a base's fields first, and checks choices and choice groups", () => {
    const base: ObjectDescription = {
      fields: [{ name: "id", type: stringScalar, required: true }],
    };
    const extension: ObjectDescription = {
      fields: [
        { name: "card", type: stringScalar },
        { name: "bank", type: stringScalar },
      ],
      base: () => base,
      groups: [{ fields: ["card", "bank"], required: true }],
    };
    const value = read(`{"bank":"b","id":"1"}`, extension);
    expect(Object.keys(value as object)).toEqual(["id", "bank"]);
    expect(failure(`{"id":"1","card":"c","bank":"b"}`, extension)).toBe(
      '(root): holds both "card" and "bank", and its type at most one of "card", "bank"',
    );
    expect(failure(`{"id":"1"}`, extension)).toBe(
      '(root): holds none of "card", "bank", and its type exactly one',
    );
    const choice: ObjectDescription = { fields: extension.fields, choice: true };
    expect(read(`{"card":"c"}`, choice)).toEqual({ card: "c" });
    expect(failure(`{}`, choice)).toBe(
      '(root): holds none of "card", "bank", and its type exactly one',
    );
  });

  it("reads a union's variant by its tag, or by its keys", () => {
    const card: ObjectDescription = {
      fields: [
        { name: "type", type: stringScalar, required: true },
        { name: "number", type: stringScalar, required: true },
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
    expect(read(`{"type":"bank","iban":"FR76"}`, tagged)).toEqual({ type: "bank", iban: "FR76" });
    expect(failure(`{"type":"cash"}`, tagged)).toBe('type: expected one of "card", "bank"');
    const untagged: UntaggedUnionDescription = {
      variants: [
        ["Card", () => card],
        ["Bank", () => bank],
      ],
      walks: untaggedUnion,
    };
    expect(read(`{"type":"x","iban":"FR76"}`, untagged)).toEqual({ type: "x", iban: "FR76" });
    expect(failure(`{"type":"x"}`, untagged)).toBe("(root): expected a value of one of Card, Bank");
  });

  it("hands an opaque body over as parsed", () => {
    expect(read(`{"a":[1,{"b":null}]}`, { opaque: "object" })).toEqual({ a: [1, { b: null }] });
    expect(read(`[1,"x"]`, { opaque: "list" })).toEqual([1, "x"]);
    expect(failure(`{}`, { opaque: "list" })).toBe("(root): expected a list");
  });

  it("compiles a description once and follows cycles lazily", () => {
    const node: ObjectDescription = {
      fields: [
        { name: "id", type: intScalar, required: true },
        { name: "next", type: () => node },
      ],
    };
    const body = `{"id":1,"next":{"id":2,"next":{"id":3}}}`;
    expect(read(body, node)).toEqual({ id: 1, next: { id: 2, next: { id: 3 } } });
    expect(read(body, node)).toEqual(read(body, node));
  });
});

describe("readDescribed: hostile input", () => {
  const named: ObjectDescription = {
    fields: [
      { name: "constructor", type: stringScalar },
      { name: "__proto__", type: stringScalar },
    ],
  };

  it("never sets a prototype: the parser drops a __proto__ key, and the reader takes one as data", () => {
    const value = read(`{"id":1,"__proto__":{"polluted":true}}`, order, { onUnknown: "reject" });
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect((value as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    // A tree that does hold one (JSON.parse makes it an own property): unknown data, kept as such.
    const tree: unknown = JSON.parse(`{"id":"1","__proto__":{"polluted":true}}`);
    const o = readContext({ onUnknown: "keep" });
    const kept = readDescribed<object>(tree, order, "", o);
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
    expect(Object.hasOwn(unknownData(kept)!.fields, "__proto__")).toBe(true);
    expect(() => readDescribed(tree, order, "", readContext({ onUnknown: "reject" }))).toThrow(
      '(root): property "__proto__" is not in the schema',
    );
  });

  it("reads fields named like inherited members as own properties of a value without a prototype", () => {
    const tree: unknown = JSON.parse(`{"__proto__":"p","constructor":"c"}`);
    const value = readDescribed<Record<string, unknown>>(tree, named, "", readContext());
    expect(Object.getPrototypeOf(value)).toBeNull();
    expect(Object.keys(value)).toEqual(["constructor", "__proto__"]);
    expect(value["__proto__"]).toBe("p");
    const empty = read(`{}`, named) as Record<string, unknown>;
    expect(empty["constructor"]).toBeUndefined();
    const map = read(`{"tags":{"constructor":"x"},"id":1}`, order) as { tags: object };
    expect(Object.hasOwn(map.tags, "constructor")).toBe(true);
  });

  it("keeps huge numbers exact, or refuses them where the type cannot hold them", () => {
    const digits = "123456789012345678901234567890";
    expect(read(`{"id":1,"amount":${digits}.10}`, order)).toEqual({
      id: "1",
      amount: `${digits}.10`,
    });
    expect(read(`{"id":1,"amount":1e400}`, order)).toEqual({
      id: "1",
      amount: `1${"0".repeat(400)}`,
    });
    expect(failure(`{"id":${digits}}`, order)).toBe("id: expected a 64-bit integer");
    expect(failure(`{"id":1,"count":1e400}`, order)).toBe("count: expected a 16-bit integer");
  });

  it("reads deep nesting up to the parser's limit, and refuses deeper input with a ParseError", () => {
    const node: ObjectDescription = { fields: [{ name: "next", type: () => node }] };
    const nested = (depth: number) => `${'{"next":'.repeat(depth)}{}${"}".repeat(depth)}`;
    let value = read(nested(99), node) as { next?: unknown };
    let depth = 0;
    while (value.next !== undefined) {
      value = value.next as { next?: unknown };
      depth++;
    }
    expect(depth).toBe(99);
    // Deeper than the parser reads is refused by it; a tree built otherwise reads to any depth.
    expect(() => read(nested(100), node)).toThrow(ParseError);
    let deep: unknown = {};
    for (let i = 0; i < 1000; i++) deep = { next: deep };
    expect(readDescribed(deep, node, "", readContext())).toEqual(deep);
    expect(() => read(nested(100_000), node)).toThrow(ParseError);
    const list: ObjectDescription = { fields: [{ name: "extra", type: jsonScalar }] };
    expect(() => read(`{"extra":${"[".repeat(100_000)}${"]".repeat(100_000)}}`, list)).toThrow(
      ParseError,
    );
  });
});
