import { describe, expect, it } from "vitest";
import { SENSITIVE_KINDS } from "../../generator/model/ir.js";
import { sensitiveSamples } from "../../generator/mock/sensitive-samples.js";

/** The Luhn check digit test every card number passes. */
function luhnValid(digits: string): boolean {
  let sum = 0;
  [...digits].reverse().forEach((c, i) => {
    const d = Number(c) * (i % 2 === 1 ? 2 : 1);
    sum += d > 9 ? d - 9 : d;
  });
  return sum % 10 === 0;
}

describe("sensitiveSamples", () => {
  it("gives test card numbers that pass the Luhn check", () => {
    const cards = sensitiveSamples("card-number");
    expect(cards[0]).toBe("4111111111111111");
    expect(cards.filter((c) => !/^\d+$/.test(c) || !luhnValid(c))).toEqual([]);
  });

  it("has fake values for every kind but the query language", () => {
    expect(SENSITIVE_KINDS.filter((k) => sensitiveSamples(k).length === 0)).toEqual(["query"]);
  });
});
