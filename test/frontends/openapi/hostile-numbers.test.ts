/**
 * Numbers a contract may write to hurt: bounds whose exponent is too large to
 * write out in digits (`1e999999999`), and numbers beyond a double's range or
 * precision in bounds, defaults and enums. Each degrades where it is written
 * (a bound not checked, with a note saying so); the run never stops on one
 * and never tries to write a billion digits.
 */
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generate, PROJECT_ROOT } from "../../../generator/generate.js";
import type { Field } from "../../../generator/model/ir.js";

const CONTRACT = `openapi: 3.0.3
info: { title: Numbers, version: "1" }
paths:
  /a:
    get:
      operationId: getA
      parameters:
        - name: huge
          in: query
          schema: { type: number, maximum: 1e999999999, minimum: -1e-999999999 }
        - name: wide
          in: query
          schema: { type: number, maximum: 1e400, minimum: -0, default: -0 }
        - name: long
          in: query
          schema: { type: integer, maximum: 123456789012345678901234567890 }
        - name: step
          in: query
          schema: { type: number, multipleOf: 1e-999999999 }
      responses:
        "200": { description: ok }
`;

async function queryOf(contract: string): Promise<readonly Field[]> {
  const dir = await mkdtemp(path.join(tmpdir(), "paygen-numbers-"));
  const file = path.join(dir, "numbers.openapi.yaml");
  await writeFile(file, contract);
  const result = await generate({
    schemasDir: path.join(PROJECT_ROOT, "schemas"),
    from: [file],
    cwd: dir,
  });
  const op = result.model.services[0]!.operations[0]!;
  if (op.protocol !== "rest") throw new Error("getA is a REST operation");
  return op.query ?? [];
}

describe("hostile numbers in a contract", () => {
  it("a bound too large to write out is left unchecked with a note; others are kept exactly", async () => {
    const [huge, wide, long, step] = await queryOf(CONTRACT);
    expect(huge!.facets).toEqual([]);
    expect(huge!.notes.map((n) => n.text).join("\n")).toContain(
      "The contract gives maximum 1e999999999 (an exponent too large to write out in digits); it is not checked.",
    );
    expect(wide!.facets).toEqual([
      { key: "minimum", value: "0" },
      { key: "maximum", value: `1${"0".repeat(400)}` },
    ]);
    // Greater than 0, though no double holds it: not refused as 0.
    expect(step!.facets).toEqual([]);
    expect(step!.notes.map((n) => n.text).join("\n")).toContain(
      "The contract gives multipleOf 1e-999999999 (an exponent too large to write out in digits)",
    );
    expect(long!.facets).toContainEqual({
      key: "maximum",
      value: "123456789012345678901234567890",
    });
  });
});
