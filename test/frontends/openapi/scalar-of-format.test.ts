import { describe, expect, it } from "vitest";
import type { Note } from "../../../generator/model/vocabulary.js";
import type { SchemaShape } from "../../../generator/frontends/openapi/openapi-model.js";
import { scalarOfShape } from "../../../generator/frontends/openapi/scalar-of-format.js";

/** A value schema of one type, with a format and inclusive bounds when given. */
function shape(type: string, format?: string, minimum?: string, maximum?: string): SchemaShape {
  return {
    kind: "shape",
    at: { file: "api.yaml", line: 1, col: 1 },
    pointer: "#/x",
    types: [type],
    ...(format !== undefined ? { format } : {}),
    ...(minimum !== undefined ? { minimum: { value: minimum, exclusive: false } } : {}),
    ...(maximum !== undefined ? { maximum: { value: maximum, exclusive: false } } : {}),
  } as SchemaShape;
}

describe("the scalar of an OpenAPI type and format", () => {
  it.each([
    ["integer int32", shape("integer", "int32"), { scalar: "int" }],
    ["integer int64", shape("integer", "int64"), { scalar: "long" }],
    ["integer, no format, no bounds", shape("integer"), { scalar: "long" }],
    ["integer, one 32-bit bound only", shape("integer", undefined, "0"), { scalar: "long" }],
    [
      "integer, both bounds within 32 bits",
      shape("integer", undefined, "0", "2500"),
      { scalar: "int" },
    ],
    [
      "integer, both bounds within ±2^53",
      shape("integer", undefined, "0", "9007199254740991"),
      { scalar: "double", whole: true },
    ],
    [
      "integer, a bound beyond 2^53",
      shape("integer", undefined, "0", "9007199254740992"),
      { scalar: "long" },
    ],
    ["number double", shape("number", "double"), { scalar: "double" }],
    ["number float", shape("number", "float"), { scalar: "double" }],
    ["number decimal", shape("number", "decimal"), { scalar: "decimal" }],
    ["number, no format", shape("number"), { scalar: "decimal" }],
    ["string date-time", shape("string", "date-time"), { scalar: "dateTime" }],
    ["boolean", shape("boolean"), { scalar: "boolean" }],
  ])("%s", (_name, given, want) => {
    expect(scalarOfShape(given, [])).toEqual(want);
  });

  it("notes that a number without a format is read exactly, and that an unknown string format is not checked", () => {
    const notes: Note[] = [];
    scalarOfShape(shape("number"), notes);
    scalarOfShape(shape("string", "email"), notes);
    expect(notes).toEqual([
      {
        kind: "interpretation",
        text: "A JSON number: read exactly, as decimal text, never as a binary float.",
      },
      {
        kind: "info",
        text: 'Format "email" is not checked: the value is a string.',
      },
    ]);
  });

  it("has no scalar for an object, an array or several types", () => {
    expect(scalarOfShape(shape("object"), [])).toBeUndefined();
    expect(
      scalarOfShape({ ...shape("integer"), types: ["integer", "string"] }, []),
    ).toBeUndefined();
  });
});
