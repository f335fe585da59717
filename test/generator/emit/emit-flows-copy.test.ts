import { describe, expect, it } from "vitest";
import { emitFlows } from "../../../generator/emit/emit-flows.js";
import type { Service } from "../../../generator/model/ir.js";
import {
  declaration,
  emitWith,
  field,
  objectType,
  restOperation,
  restService,
  scalar,
} from "../../helpers/ir.js";

/** emit-flows: a flow that copies from an earlier answer lists the copies for the runtime's copyFromAnswer. */
describe("emitFlows: values copied from an earlier answer", () => {
  const base = restService({
    types: [
      objectType("PayRes", [field("total", scalar("string")), field("ref", scalar("string"))]),
      objectType("RefundReq", [field("amount", scalar("string")), field("ref", scalar("string"))]),
    ],
    operations: [
      restOperation("pay", undefined, "PayRes"),
      restOperation("refund", "RefundReq", undefined),
    ],
  });
  const service: Service = {
    ...base,
    flows: [
      {
        name: "refund",
        operation: "refund",
        type: "RefundReq",
        supports: [],
        required: [],
        exactlyOne: [],
        constants: [],
        defaults: [],
        combinesWith: [],
        from: {
          operation: "pay",
          copy: [
            { source: "total", target: "amount" },
            { source: "ref", target: "ref" },
          ],
        },
        notes: [],
      },
    ],
  };

  it("copies each value through copyFromAnswer, naming the answer's operation", async () => {
    const code = await emitWith(emitFlows, service);
    expect(declaration(code, "buildRefundRequest")).toContain(
      `copyFromAnswer(
    source,
    request,
    [
      ["total", "amount"],
      ["ref", "ref"],
    ],
    "pay",
    issues,
  );`,
    );
  });

  it("checks the flow's table only when it requires, groups or fixes something", async () => {
    const code = await emitWith(emitFlows, service);
    expect(declaration(code, "validateRefund")).toBe(
      `/** Checks a request against the refund flow: its required-field table, its constants, and the request type itself. */
export function validateRefund(value: unknown): ValidationResult<RefundReq> {
  const issues: ValidationIssue[] = [];
  const typed = validateRefundReq(value);
  if (!typed.ok) issues.push(...typed.issues);
  return result(value as RefundReq, issues);
}`,
    );
    expect(code).not.toContain("checkFlow");
    const requiring: Service = {
      ...service,
      flows: service.flows.map((f) => ({ ...f, required: ["ref"] })),
    };
    expect(declaration(await emitWith(emitFlows, requiring), "validateRefund")).toContain(
      "checkFlow(value, refundFlow, issues);",
    );
  });
});
