import { describe, expect, it } from "vitest";
import type { ValidationIssue } from "../../../generator/runtime/errors.js";
import {
  checkExclusiveMaximum,
  checkExclusiveMinimum,
  checkMaximum,
  checkMinimum,
  checkMultipleOf,
  checkPattern,
} from "../../../generator/runtime/validate.js";

const run = (check: (issues: ValidationIssue[]) => boolean) => {
  const issues: ValidationIssue[] = [];
  return { ok: check(issues), issues };
};

describe("facet checks", () => {
  it("pattern: a match anywhere, as ECMA-262 reads a pattern, and the message never holds the value", () => {
    expect(run((i) => checkPattern("98004", "[0-9]{5}", "zip", i)).ok).toBe(true);
    expect(run((i) => checkPattern("98004-1", "[0-9]{5}", "zip", i)).ok).toBe(true);
    expect(run((i) => checkPattern("Bob smith", "[a-z]+", "name", i)).ok).toBe(true);
    const none = run((i) => checkPattern("9800", "[0-9]{5}", "zip", i));
    expect(none).toEqual({
      ok: false,
      issues: [{ path: "zip", code: "pattern", message: "does not match the documented pattern" }],
    });
    const secret = run((i) => checkPattern("4111111111111111", "[a-z]+", "card.number", i));
    expect(JSON.stringify(secret.issues)).not.toContain("4111");
    expect(run((i) => checkPattern(42, "[a-z]+", "x", i)).ok).toBe(true);
  });

  it("pattern: an anchored pattern matches the whole value, alternatives anchored as a whole, code points with the u flag", () => {
    expect(run((i) => checkPattern("98004-1", "^(?:[0-9]{5})$", "zip", i)).ok).toBe(false);
    expect(run((i) => checkPattern("ab", "^(?:a|ab)$", "x", i)).ok).toBe(true);
    expect(run((i) => checkPattern("xab", "^(?:a|ab)$", "x", i)).ok).toBe(false);
    expect(run((i) => checkPattern("€", "^(?:.)$", "x", i)).ok).toBe(true);
    expect(run((i) => checkPattern("😀", "^(?:.)$", "x", i)).ok).toBe(true);
  });

  it("minimum and maximum compare numbers and decimal text exactly", () => {
    expect(run((i) => checkMinimum(1, "1", "n", i)).ok).toBe(true);
    expect(run((i) => checkMinimum(0, "1", "n", i)).issues[0]?.code).toBe("range");
    expect(
      run((i) => checkMaximum("99999999999999999999.01", "99999999999999999999.00", "n", i)).ok,
    ).toBe(false);
    expect(run((i) => checkMaximum("not a number", "1", "n", i)).ok).toBe(true);
  });

  it("exclusive bounds leave the bound itself out, compared exactly", () => {
    expect(run((i) => checkExclusiveMinimum("0.01", "0", "n", i)).ok).toBe(true);
    expect(run((i) => checkExclusiveMinimum("0.00", "0", "n", i))).toEqual({
      ok: false,
      issues: [{ path: "n", code: "range", message: "must be greater than 0" }],
    });
    expect(run((i) => checkExclusiveMaximum(99, "100", "n", i)).ok).toBe(true);
    expect(run((i) => checkExclusiveMaximum("100.0", "100", "n", i)).issues[0]?.message).toBe(
      "must be less than 100",
    );
  });

  it("multipleOf divides exactly, whatever the scale of either side", () => {
    expect(run((i) => checkMultipleOf("12.30", "0.01", "n", i)).ok).toBe(true);
    expect(run((i) => checkMultipleOf("12.305", "0.01", "n", i)).issues).toEqual([
      { path: "n", code: "range", message: "must be a multiple of 0.01" },
    ]);
    expect(run((i) => checkMultipleOf(-15, "5", "n", i)).ok).toBe(true);
    expect(run((i) => checkMultipleOf("0.3", "0.1", "n", i)).ok).toBe(true); // 0.3 % 0.1 is not 0 in binary floating point
    expect(run((i) => checkMultipleOf(7, "2", "n", i)).ok).toBe(false);
  });
});
