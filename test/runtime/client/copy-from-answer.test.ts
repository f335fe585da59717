import { describe, expect, it } from "vitest";
import type { ValidationIssue } from "../../../generator/runtime/errors.js";
import { copyFromAnswer } from "../../../generator/runtime/flow.js";

describe("copyFromAnswer", () => {
  it("copies each value from its path in the answer to its path in the request", () => {
    const request: Record<string, unknown> = { kept: 1 };
    const issues: ValidationIssue[] = [];
    copyFromAnswer(
      { amount: { total: "10.00" }, ref: "r-1" },
      request,
      [
        ["amount.total", "reversal.amount"],
        ["ref", "ref"],
      ],
      "authorize",
      issues,
    );
    expect(request).toEqual({ kept: 1, reversal: { amount: "10.00" }, ref: "r-1" });
    expect(issues).toEqual([]);
  });

  it("reports a value the answer lacks at the request's path, naming where it comes from", () => {
    const request: Record<string, unknown> = {};
    const issues: ValidationIssue[] = [];
    copyFromAnswer({}, request, [["amount.total", "reversal.amount"]], "authorize", issues);
    expect(issues).toEqual([
      {
        path: "reversal.amount",
        code: "required",
        message: "is copied from amount.total of the authorize response, which has none",
      },
    ]);
    expect(request).toEqual({});
  });

  it("reads the answer's own properties only", () => {
    const issues: ValidationIssue[] = [];
    copyFromAnswer({}, {}, [["constructor", "x"]], "authorize", issues);
    expect(issues).toHaveLength(1);
  });
});
