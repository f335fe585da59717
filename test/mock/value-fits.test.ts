import { describe, expect, it } from "vitest";
import { valueFits } from "../../generator/mock/value-fits.js";
import { field, restService, scalar, soapService } from "../helpers/ir.js";

/** valueFits: a synthesized value is tested by the runtime's own checks of its scalar. */
describe("valueFits", () => {
  const rest = restService({});

  it("compares a string's constant as written, a decimal's by value", () => {
    const version = field("version", scalar("string"), { const: "2" });
    expect(valueFits(rest, version, "2")).toBe(true);
    expect(valueFits(rest, version, "2.0")).toBe(false);
    const amount = field("amount", scalar("decimal"), { const: "1.50" });
    expect(valueFits(rest, amount, "1.5")).toBe(true);
    expect(valueFits(rest, amount, "2")).toBe(false);
    expect(valueFits(rest, amount, 1.5)).toBe(false);
  });

  it("leaves a date's constant to its own check, which has none", () => {
    const day = field("day", scalar("date"), { const: "2024-01-31" });
    expect(valueFits(rest, day, "2024-02-01")).toBe(true);
    expect(valueFits(rest, day, "31/01/2024")).toBe(false);
  });

  it("refuses the infinities of a JSON body's double, not of an XML one's", () => {
    const ratio = field("ratio", scalar("double"));
    expect(valueFits(rest, ratio, Infinity)).toBe(false);
    expect(valueFits(soapService({}), ratio, Infinity)).toBe(true);
    expect(valueFits(rest, ratio, 0.5)).toBe(true);
  });

  it("checks each scalar's type and facets", () => {
    expect(valueFits(rest, field("flag", scalar("boolean")), "true")).toBe(false);
    expect(valueFits(rest, field("count", scalar("short")), 40000)).toBe(false);
    expect(valueFits(rest, field("id", scalar("long")), "9223372036854775807")).toBe(true);
    expect(valueFits(rest, field("extra", scalar("json")), { a: ["x", null, true] })).toBe(true);
    const code = field("code", scalar("string"), { facets: [{ key: "maxLength", value: 2 }] });
    expect(valueFits(rest, code, "ab")).toBe(true);
    expect(valueFits(rest, code, "abc")).toBe(false);
  });
});
