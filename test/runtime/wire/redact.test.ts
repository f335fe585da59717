import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import {
  inspectSymbol,
  REDACTED,
  redact,
  type SensitiveKind,
} from "../../../generator/runtime/redact.js";

describe("redact", () => {
  it("shows the last four digits of card and account numbers with at least 8 digits", () => {
    expect(redact("card-number", "4111111111111111")).toBe("\u20261111");
    expect(redact("card-number", "4111 1111 1111 1234")).toBe("\u20261234");
    expect(redact("card-number", "4111-1111-1111-9876")).toBe("\u20269876");
    expect(redact("card-number", "12345678")).toBe("\u20265678");
    expect(redact("account-number", "000123456789")).toBe("\u20266789");
    expect(redact("card-number", 4111111111111111)).toBe("\u20261111");
    expect(redact("account-number", 12345678901234567890n)).toBe("\u20267890");
  });

  it("redacts short, masked and non-text numbers entirely", () => {
    expect(redact("card-number", "1234567")).toBe("[redacted]");
    expect(redact("card-number", "XXXX1111")).toBe("[redacted]");
    expect(redact("card-number", "")).toBe("[redacted]");
    expect(redact("card-number", undefined)).toBe("[redacted]");
    expect(redact("card-number", { number: "4111111111111111" })).toBe("[redacted]");
    expect(redact("account-number", 1.5e20)).toBe("[redacted]");
  });

  it("redacts every other kind entirely", () => {
    const kinds: SensitiveKind[] = [
      "card-code",
      "routing-number",
      "transaction-key",
      "cryptogram",
      "wallet-payload",
      "token",
    ];
    for (const kind of kinds) expect(redact(kind, "123456789012")).toBe("[redacted]");
  });

  it("exports the constant and the inspect symbol", () => {
    expect(REDACTED).toBe("[redacted]");
    expect(inspectSymbol).toBe(Symbol.for("nodejs.util.inspect.custom"));
    expect(inspectSymbol).toBe(inspect.custom);
    class Card {
      constructor(readonly number: string) {}
      [inspectSymbol](): string {
        return `Card { number: ${redact("card-number", this.number)} }`;
      }
    }
    const shown = inspect(new Card("4111111111111111"));
    expect(shown).toBe("Card { number: \u20261111 }");
    expect(shown).not.toContain("411111");
  });
});
