import { describe, expect, it } from "vitest";
import { jsonNumber, stringifyJson } from "../../../generator/runtime/json.js";
import {
  JsonNumber,
  readContext,
  readDouble,
  xmlReadContext,
} from "../../../generator/runtime/read-values.js";
import { doubleFromXsd, doubleToXsd } from "../../../generator/runtime/scalars.js";
import {
  checkDouble,
  checkMaximum,
  checkMinimum,
  type Issues,
} from "../../../generator/runtime/validate.js";

describe("jsonNumber and stringifyJson", () => {
  it.each([
    ["0", "0"],
    ["007", "7"],
    ["-000", "-0"],
    [".5", "0.5"],
    ["5.", "5"],
    ["-0012.50", "-12.50"],
    ["9223372036854775807", "9223372036854775807"],
    [
      "123456789012345678901234567890.000000000000000000001",
      "123456789012345678901234567890.000000000000000000001",
    ],
  ])("writes %s as the JSON number %s", (text, want) => {
    expect(stringifyJson({ n: jsonNumber(text) })).toBe(`{"n":${want}}`);
    expect(JSON.parse(stringifyJson(jsonNumber(text)))).toBe(Number(want));
  });

  it.each(["", "-", ".", "1e3", '1,"x":2', " 1", "0x10", "NaN"])(
    "refuses %j: nothing but a number is written raw",
    (text) => {
      expect(() => jsonNumber(text)).toThrow(TypeError);
    },
  );

  it("writes everything else as JSON.stringify does", () => {
    const value = {
      a: 'q"\u2028',
      b: [1, undefined, null, true],
      c: undefined,
      d: new Date(0),
      e: { f: [] },
      ["__proto__"]: 1,
    };
    expect(stringifyJson(value)).toBe(JSON.stringify(value));
  });

  it("refuses what has no JSON form instead of writing null", () => {
    expect(() => stringifyJson({ x: Number.NaN })).toThrow(/NaN and infinities/);
    expect(() => stringifyJson([Number.POSITIVE_INFINITY])).toThrow(TypeError);
    expect(() => stringifyJson(undefined)).toThrow(/no JSON form/);
    expect(() => stringifyJson({ x: 1n })).toThrow(TypeError);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => stringifyJson(cyclic)).toThrow(/refers to itself/);
  });
});

describe("doubles in XSD lexical form", () => {
  it.each([
    [Number.POSITIVE_INFINITY, "INF"],
    [Number.NEGATIVE_INFINITY, "-INF"],
    [Number.NaN, "NaN"],
    [-0, "-0"],
    [0.1, "0.1"],
    [1e21, "1e+21"],
    [5e-324, "5e-324"],
    [Number.MAX_VALUE, "1.7976931348623157e+308"],
  ])("writes %s as %s and reads it back", (n, text) => {
    expect(doubleToXsd(n)).toBe(text);
    expect(Object.is(doubleFromXsd(text), n)).toBe(true);
  });

  it.each([
    ["+INF", Number.POSITIVE_INFINITY],
    ["1E4", 10000],
    [".5", 0.5],
    ["5.", 5],
    ["+1.5e-1", 0.15],
  ])("reads %s", (text, n) => {
    expect(doubleFromXsd(text)).toBe(n);
  });

  it.each(["", "Infinity", "inf", "0x10", "1e", "e5", "1.2.3", " 1"])("refuses %j", (text) => {
    expect(doubleFromXsd(text)).toBeUndefined();
  });
});

describe("readDouble and checkDouble", () => {
  const json = readContext();
  const xml = xmlReadContext();

  it("reads a JSON number, beyond 15 digits too, and XSD text in XML", () => {
    expect(readDouble(new JsonNumber("2.5e-1", 0.25), json, "x")).toBe(0.25);
    expect(
      readDouble(
        new JsonNumber(
          "0.1000000000000000055511151231257827",
          "0.1000000000000000055511151231257827",
        ),
        json,
        "x",
      ),
    ).toBe(0.1);
    expect(readDouble("INF", xml, "x")).toBe(Number.POSITIVE_INFINITY);
    expect(() => readDouble("ten", xml, "x")).toThrow(/expected a floating-point number/);
    expect(() => readDouble(true, json, "x")).toThrow(/expected a floating-point number/);
  });

  it("checks a number; a finite one where the body is JSON", () => {
    const issues: Issues = [];
    expect(checkDouble(Number.NaN, "a", issues)).toBe(true);
    expect(checkDouble(Number.NaN, "b", issues, true)).toBe(false);
    expect(checkDouble("1.5", "c", issues)).toBe(false);
    expect(issues.map((i) => `${i.path} ${i.code}`)).toEqual(["b range", "c type"]);
  });

  it("compares doubles with bounds exactly; an infinity is beyond every bound, NaN meets none", () => {
    const issues: Issues = [];
    expect(checkMinimum(0.1, "0.1", "a", issues)).toBe(true);
    expect(checkMaximum(1e21, "1000000000000000000000", "b", issues)).toBe(true);
    expect(checkMinimum(Number.NEGATIVE_INFINITY, "-1000000000", "c", issues)).toBe(false);
    expect(checkMaximum(Number.POSITIVE_INFINITY, "0", "d", issues)).toBe(false);
    expect(checkMinimum(Number.POSITIVE_INFINITY, "0", "e", issues)).toBe(true);
    expect(checkMinimum(Number.NaN, "0", "f", issues)).toBe(false);
    expect(checkMaximum(-0.5, "-1", "g", issues)).toBe(false);
    expect(issues.map((i) => i.path)).toEqual(["c", "d", "f", "g"]);
  });
});
