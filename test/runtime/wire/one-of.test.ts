import { describe, expect, it } from "vitest";
import { oneOf } from "../../../generator/runtime/one-of.js";

/** oneOf: the guard every generated `is<Enum>` is. */
describe("oneOf", () => {
  const isStatus = oneOf(["active", "expired"] as const);
  it.each([
    ["a listed value", "active", true],
    ["another listed value", "expired", true],
    ["a value differing in case", "Active", false],
    ["a value not listed", "paused", false],
    ["a number", 1, false],
    ["undefined", undefined, false],
    ["a boxed listed string", Object("active"), false],
    ["an inherited name", "toString", false],
  ])("%s", (_, value, want) => {
    expect(isStatus(value)).toBe(want);
  });
  it("narrows an unknown value to the enum's type", () => {
    const value: unknown = "active";
    if (!isStatus(value)) throw new Error("expected a status");
    const narrowed: "active" | "expired" = value;
    expect(narrowed).toBe("active");
  });
});
