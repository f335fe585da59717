import { describe, expect, it } from "vitest";
import { valueLiteral } from "../../../generator/emit/value-literal.js";

describe("valueLiteral", () => {
  const table: { given: unknown; want: string }[] = [
    { given: 'a"b\u2028', want: "'a\"b\\u2028'" },
    { given: 12.5, want: "12.5" },
    { given: -0, want: "0" },
    { given: null, want: "null" },
    { given: [true, "x"], want: '[true, "x"]' },
    {
      given: { id: "1", "not-an-identifier": 2, skipped: undefined },
      want: '{ id: "1", "not-an-identifier": 2 }',
    },
    // A wire name `__proto__` is a key of the value, never its prototype.
    {
      given: JSON.parse('{"__proto__": {"polluted": true}}'),
      want: '{ ["__proto__"]: { polluted: true } }',
    },
  ];
  it.each(table)("writes $given as $want", ({ given, want }) => {
    expect(valueLiteral(given)).toBe(want);
  });

  it("evaluates to the value it was given, own keys included", () => {
    const value = JSON.parse(
      '{"__proto__": {"polluted": true}, "list": [1, {"a": null}]}',
    ) as object;
    const back = new Function(`return ${valueLiteral(value)};`)() as object;
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(JSON.stringify(back)).toBe(JSON.stringify(value));
  });

  it("refuses what a literal cannot hold", () => {
    expect(() => valueLiteral(Number.NaN)).toThrow(/finite/);
    expect(() => valueLiteral(() => 1)).toThrow(/JSON-like/);
  });
});
