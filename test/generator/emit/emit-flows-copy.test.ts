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
});
