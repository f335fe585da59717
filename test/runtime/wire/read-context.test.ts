import { describe, expect, it } from "vitest";
import { ParseError } from "../../../generator/runtime/errors.js";
import {
  CHILD_ORDER,
  checkFields,
  fieldSet,
  readContext,
  readObject,
  readString,
  xmlReadContext,
} from "../../../generator/runtime/read-values.js";

const FIELDS = fieldSet(["a", "b"]);

/** The XML elements `<b/><a/>` as the XML parser gives them: their order beside them. */
function outOfOrder(): { [key: string]: unknown } {
  const obj = { a: "1", b: "2" };
  Object.defineProperty(obj, CHILD_ORDER, { value: ["b", "a"], enumerable: false });
  return obj;
}

describe("read contexts: XML's checks belong to an XML context only", () => {
  it("checks XML elements' schema order, reads an empty element as an empty object or text", () => {
    const o = xmlReadContext();
    expect(() => checkFields(outOfOrder(), FIELDS, o, "R")).toThrow(/out of schema order/);
    expect(readObject("  \n", o, "R")).toEqual({});
    expect(readString({}, o, "R", "a")).toBe("");
  });

  it("reads JSON without them: member order is no rule, and text is not an object", () => {
    const o = readContext();
    expect(o.xml).toBeUndefined();
    expect(checkFields(outOfOrder(), FIELDS, o, "R")).toBeUndefined();
    expect(() => readObject("  ", o, "R")).toThrow(ParseError);
    expect(() => readString({}, o, "R", "a")).toThrow(ParseError);
  });
});
