import { describe, expect, it } from "vitest";
import type { ValidationIssue } from "../../../generator/runtime/errors.js";
import { parseJsonTree, stringifyJson } from "../../../generator/runtime/json.js";
import {
  checkJsonValue,
  JsonNumberText,
  readJsonValue,
} from "../../../generator/runtime/json-value.js";
import { readContext, REQUIRED } from "../../../generator/runtime/read-values.js";

const o = readContext();

/** A body read as a JsonValue and written again. */
const roundTrip = (text: string): string =>
  stringifyJson(readJsonValue(parseJsonTree(text), o, "") ?? null);

describe("JsonValue: any JSON value a contract allows", () => {
  it.each([
    {
      given: '{"amount":12.30,"big":12345678901234567890,"exp":1E+2,"neg":-0.0}',
      want: '{"amount":12.30,"big":12345678901234567890,"exp":1E+2,"neg":-0.0}',
    },
    { given: '[1,"two",true,null,{"a":[2.50]}]', want: '[1,"two",true,null,{"a":[2.50]}]' },
    { given: '"text"', want: '"text"' },
    { given: '{"__proto__":{"x":1},"constructor":1}', want: '{"constructor":1}' },
  ])(
    "reads $given and writes it back exactly (numbers as their source text)",
    ({ given, want }) => {
      expect(roundTrip(given)).toBe(want);
    },
  );

  it("holds numbers as JsonNumberText, null as a value, absent as undefined or a ParseError when required", () => {
    const value = readJsonValue(parseJsonTree('{"n":12.30,"z":null}'), o, "") as {
      n: JsonNumberText;
      z: null;
    };
    expect(value.n).toBeInstanceOf(JsonNumberText);
    expect(value.n.text).toBe("12.30");
    expect(value.z).toBeNull();
    expect(readJsonValue(undefined, o, "order", "extra")).toBeUndefined();
    expect(() => readJsonValue(undefined, o, "order", "extra", REQUIRED)).toThrow(
      "order.extra: required property is missing",
    );
  });

  it("a JsonNumberText is a JSON number literal, or a TypeError", () => {
    expect(new JsonNumberText("-1.5e3").text).toBe("-1.5e3");
    for (const bad of ["01", "1.", "NaN", "", "1 ", '1,"x":2'])
      expect(() => new JsonNumberText(bad), bad).toThrow(TypeError);
  });

  it.each([
    { given: { a: [new JsonNumberText("1"), "x", true, null] }, want: [] },
    {
      given: { a: 1 },
      want: [
        { path: "v.a", code: "type", message: "must be a JSON value (numbers as JsonNumberText)" },
      ],
    },
    {
      given: { d: new Date(0) },
      want: [
        { path: "v.d", code: "type", message: "must be a JSON value (numbers as JsonNumberText)" },
      ],
    },
    {
      given: [undefined],
      want: [
        { path: "v[0]", code: "type", message: "must be a JSON value (numbers as JsonNumberText)" },
      ],
    },
  ])("the validator accepts JSON values only: $given", ({ given, want }) => {
    const issues: ValidationIssue[] = [];
    expect(checkJsonValue(given, "v", issues)).toBe(want.length === 0);
    expect(issues).toEqual(want);
  });

  it("writes a body without JsonNumberText exactly as JSON.stringify does", () => {
    const body = { a: "x", b: undefined, c: [1, undefined], d: { toJSON: () => "D" } };
    expect(stringifyJson(body)).toBe(JSON.stringify(body));
    expect(stringifyJson({ ...body, n: new JsonNumberText("0.10") })).toBe(
      `${JSON.stringify(body).slice(0, -1)},"n":0.10}`,
    );
  });
});
