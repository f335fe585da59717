import { describe, expect, it } from "vitest";
import { redactFields } from "../../../generator/runtime/redact-fields.js";

const redactCard = (card: { number?: string; holder?: string }) =>
  redactFields(card, [["number", "card-number"]]);

describe("redactFields", () => {
  it("copies the value with each present field redacted as its kind says, and leaves the value as it was", () => {
    const card = { number: "4111111111111111", holder: "A. Holder", code: "123" };
    const copy = redactFields(card, [
      ["number", "card-number"],
      ["code", "card-code"],
      ["missing", "secret"],
    ]);
    expect(copy).toEqual({ number: "…1111", holder: "A. Holder", code: "[redacted]" });
    expect(card.number).toBe("4111111111111111");
  });

  it("redacts nested values through their redactor, in each shape of field, null as null", () => {
    const value = {
      card: { number: "4111111111111111" },
      cards: [{ number: "5555555555554444" }, null],
      byName: { a: { number: "4111111111111111" } },
      lists: { a: [{ number: "5555555555554444" }] },
    };
    expect(
      redactFields(value, [
        ["card", redactCard],
        ["cards", redactCard, "list"],
        ["byName", redactCard, "map"],
        ["lists", redactCard, "map of lists"],
      ]),
    ).toEqual({
      card: { number: "…1111" },
      cards: [{ number: "…4444" }, null],
      byName: { a: { number: "…1111" } },
      lists: { a: [{ number: "…4444" }] },
    });
  });

  it("starts from an extension's base redacted already", () => {
    const value = { number: "4111111111111111", pin: "1234" };
    const base = redactFields(value, [["number", "card-number"]]);
    expect(redactFields(value, [["pin", "pin"]], base)).toEqual({
      number: "…1111",
      pin: "[redacted]",
    });
  });

  it("reads only own properties and never sets the prototype", () => {
    const value = JSON.parse('{"__proto__": {"secret": "4111111111111111"}}') as object;
    const copy = redactFields(value, [
      ["__proto__", redactCard],
      ["toString", "secret"],
    ]);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(["__proto__"]);
  });
});
