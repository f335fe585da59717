/**
 * The JSON parser refuses an object with the same key twice (the last one
 * would silently win), and gives the generated readers every number as its
 * source text.
 */
import { describe, expect, it } from "vitest";
import { ParseError } from "../../../generator/runtime/errors.js";
import { parseJson, parseJsonTree } from "../../../generator/runtime/json.js";
import { JsonNumber } from "../../../generator/runtime/read-values.js";
import { decimalFromNumberText } from "../../../generator/runtime/scalars.js";

function parseError(f: () => unknown): ParseError {
  try {
    f();
  } catch (error) {
    if (error instanceof ParseError) return error;
    throw error;
  }
  throw new Error("expected a ParseError");
}

describe("duplicate keys", () => {
  it("are malformed JSON, named with the path of their object, never with a value", () => {
    const error = parseError(() =>
      parseJson(
        '{"orderInformation":{"amountDetails":{"authorizedAmount":"1.00","authorizedAmount":"999.00"}}}',
      ),
    );
    expect(error.failure).toBe("malformed");
    expect(error.message).toBe(
      "malformed JSON: duplicate key authorizedAmount in orderInformation.amountDetails",
    );
    expect(parseError(() => parseJson('{"a":1,"a":1}')).message).toBe(
      "malformed JSON: duplicate key a",
    );
    expect(parseError(() => parseJson('[0,{"b":[{},{"c":1,"c":2}]}]')).message).toBe(
      "malformed JSON: duplicate key c in [1].b[1]",
    );
    expect(parseError(() => parseJsonTree('{"a":1,"a":2}')).failure).toBe("malformed");
  });

  it("are found whatever the spelling: escapes decode before keys are compared", () => {
    expect(parseError(() => parseJson('{"id":"1","\\u0069d":"2"}')).failure).toBe("malformed");
    // A key that is not a plain name is not quoted into the message.
    expect(parseError(() => parseJson('{"4111 1111":1,"4111 1111":2}')).message).toBe(
      "malformed JSON: duplicate key (a key)",
    );
  });

  it("do not include __proto__ keys, which are dropped, nor the same key in different objects", () => {
    expect(parseJson('{"__proto__":{"x":1},"__proto__":{"x":2},"a":1}')).toEqual({ a: 1 });
    expect(parseJson('[{"a":1},{"a":2}]')).toEqual([{ a: 1 }, { a: 2 }]);
    expect(parseJson('{"a":{"a":{"a":1}}}')).toEqual({ a: { a: { a: 1 } } });
  });
});

describe("parseJsonTree", () => {
  it("gives every number as its source text, beside the value parseJson gives", () => {
    const tree = parseJsonTree(
      '{"amount":12.30,"count":3,"big":12345678901234567890,"exp":1.5e1,"list":[-0.0]}',
    ) as Record<string, unknown>;
    expect(tree["amount"]).toEqual(new JsonNumber("12.30", 12.3));
    expect(tree["count"]).toEqual(new JsonNumber("3", 3));
    expect(tree["big"]).toEqual(new JsonNumber("12345678901234567890", "12345678901234567890"));
    expect(tree["exp"]).toEqual(new JsonNumber("1.5e1", 15));
    expect((tree["list"] as unknown[])[0]).toEqual(new JsonNumber("-0.0", -0));
    expect(parseJsonTree('"12.30"')).toBe("12.30");
  });

  it("applies the same limits and refusals as parseJson", () => {
    expect(parseError(() => parseJsonTree("[".repeat(101) + "]".repeat(101))).failure).toBe(
      "too-deep",
    );
    expect(parseError(() => parseJsonTree("<html/>")).failure).toBe("not-json");
    expect(parseError(() => parseJsonTree('{"a":"\u0001"}')).failure).toBe("malformed");
    expect(parseError(() => parseJsonTree('{"a":1', { maxBytes: 3 })).failure).toBe("too-large");
  });
});

describe("decimalFromNumberText", () => {
  it.each([
    ["12.30", "12.30"],
    ["0", "0"],
    ["-0.50", "-0.50"],
    ["1e2", "100"],
    ["1.20e1", "12.0"],
    ["1.5e-7", "0.00000015"],
    ["-1e-2", "-0.01"],
    ["0e5", "0"],
    ["123.456e2", "12345.6"],
  ])("%s is %s", (text, decimal) => {
    expect(decimalFromNumberText(text)).toBe(decimal);
  });

  it("refuses what is not a JSON number, and exponents that would write out more than 1,000 digits", () => {
    for (const text of ["", "1.", ".5", "+1", "1e", "01", "1e1001", "1e-1001", "NaN"])
      expect(decimalFromNumberText(text), text).toBeUndefined();
    expect(decimalFromNumberText("1e1000")).toBe(`1${"0".repeat(1000)}`);
  });
});
