import { describe, expect, it } from "vitest";
import { jsonNumber, stringifyJson } from "../../../generator/runtime/json.js";
import { withUnknownFields } from "../../../generator/runtime/read-options.js";
import { writeFields } from "../../../generator/runtime/server/write-fields.js";

const inner = (value: { id?: string }) => writeFields(value, ["id"]);

describe("writeFields", () => {
  it("writes the fields in the order given, whatever the value's own order, and leaves absent ones out", () => {
    const out = writeFields({ b: "2", extra: undefined, a: "1" }, ["a", "b", "c"]);
    expect(Object.keys(out)).toEqual(["a", "b"]);
    expect(stringifyJson(out)).toBe('{"a":"1","b":"2"}');
  });

  it("writes each shape of field through its write, null as null", () => {
    const value = {
      one: { id: "x", skipped: true },
      none: null,
      many: [{ id: "y" }, null],
      byKey: { k: { id: "z" } },
      lists: { k: [{ id: "w" }], n: null },
      amount: "012.50",
    };
    const out = writeFields(value, [
      ["one", inner],
      ["none", inner],
      ["many", inner, "list"],
      ["byKey", inner, "map"],
      ["lists", inner, "map of lists"],
      ["amount", jsonNumber],
    ]);
    expect(stringifyJson(out)).toBe(
      '{"one":{"id":"x"},"none":null,"many":[{"id":"y"},null],"byKey":{"k":{"id":"z"}},"lists":{"k":[{"id":"w"}],"n":null},"amount":12.50}',
    );
  });

  it("writes what a keep-mode reader kept after the fields, unless a start holds it already", () => {
    const value = withUnknownFields({ id: "1" }, { later: 2 });
    expect(stringifyJson(writeFields(value, ["id"]))).toBe('{"id":"1","later":2}');
    expect(stringifyJson(writeFields(value, ["id"], { first: 0 }))).toBe('{"first":0,"id":"1"}');
  });

  it("reads a field named like an Object.prototype member only when the value owns it, and never sets the prototype", () => {
    expect(writeFields({}, ["toString", "constructor", "__proto__"])).toEqual({});
    const value = JSON.parse('{"__proto__": {"polluted": true}, "toString": "t"}') as object;
    const out = writeFields(value, ["__proto__", "toString"]);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(["__proto__", "toString"]);
    expect(stringifyJson(out)).toBe('{"__proto__":{"polluted":true},"toString":"t"}');
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });
});
